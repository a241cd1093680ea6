/**
 * A learner who updates the app while a timer call waits in the earlier version's local-storage
 * queue loses nothing: the call moves into the outbox and reaches the server.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiSlice } from '@/api/apiSlice';
import { makeStore } from '@/app/store';
import { outboxStarted, outboxStopped } from '@/sync/outbox';
import { db, seedSignedInLearner } from '../mocks/db';

let store: ReturnType<typeof makeStore> | undefined;

describe('timer calls left by an earlier version', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    window.localStorage.clear();
    seedSignedInLearner('Spanish');
  });
  afterEach(() => store?.dispatch(outboxStopped()));

  it('a start kept in the old queue is sent with the instant of its tap once the app opens', async () => {
    const startedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const old = { start: { id: 'old-queue-start-1', skill: 'writing', startedAt, language: 'Spanish' }, stops: [], owner: 'learner@example.com' };
    window.localStorage.setItem('timerUnsent', JSON.stringify(old));
    store = makeStore();
    await store.dispatch(apiSlice.endpoints.checkAuth.initiate());
    store.dispatch(outboxStarted());
    await vi.waitFor(() => expect(db.timer).toMatchObject({ id: 'old-queue-start-1', skill: 'writing', startedAt }));
    expect(window.localStorage.getItem('timerUnsent')).toBeNull();
  });

  it('a stop kept in the old queue ends the timer on the server', async () => {
    db.timer = { id: 'old-queue-stop-1', skill: 'reading', language: 'Spanish', startedAt: new Date(Date.now() - 60_000).toISOString() };
    window.localStorage.setItem('timerUnsent', JSON.stringify({ start: null, stops: ['old-queue-stop-1'], owner: 'learner@example.com' }));
    store = makeStore();
    await store.dispatch(apiSlice.endpoints.checkAuth.initiate());
    store.dispatch(outboxStarted());
    await vi.waitFor(() => expect(db.timer).toBeNull());
  });
});
