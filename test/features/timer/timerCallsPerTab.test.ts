/**
 * Issue #40: a timer's calls wait for the ones before them in the same tab only. Two tabs (two
 * stores in one process, as two tabs of one browser in a test or the server's renders) never wait
 * on each other's timer calls.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@common/apiPaths';
import { apiSlice } from '@/api/apiSlice';
import { makeStore } from '@/app/store';
import { selectNote } from '@/features/timer/timerSlice';
import { startTimerFor } from '@/features/timer/timerCalls';
import { db, seedSignedInLearner } from '../../mocks/db';
import { api } from '../../mocks/http';
import { server } from '../../mocks/server';

async function openTab() {
  const store = makeStore();
  await store.dispatch(apiSlice.endpoints.checkAuth.initiate());
  await store.dispatch(apiSlice.endpoints.getUserLanguage.initiate());
  return store;
}

describe("a tab's timer calls", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    window.localStorage.clear();
    seedSignedInLearner('Spanish');
  });
  afterEach(() => server.resetHandlers());

  it("a start in one tab is sent at once while another tab's start still waits for its answer", async () => {
    const first = await openTab();
    const second = await openTab();
    // The first tab's start reaches a server that does not answer it until told to.
    let answerFirst = () => {};
    const answered = new Promise<void>((resolve) => (answerFirst = resolve));
    let held = true;
    server.use(
      http.put(api(API_PATHS.timer), async () => {
        if (!held) return undefined;
        held = false;
        await answered;
        return undefined;
      }),
    );
    const firstStart = first.dispatch(startTimerFor('listening'));
    await vi.waitFor(() => expect(held).toBe(false));

    const secondStart = second.dispatch(startTimerFor('reading'));
    await vi.waitFor(() => expect(db.timer?.skill).toBe('reading'));

    answerFirst();
    await Promise.all([firstStart, secondStart]);
    // The first tab's start came second on the server: the learner is told the other timer runs.
    expect(selectNote(first.getState())).toBe('A Reading timer started on another device is running, so no new timer was started.');
  });
});
