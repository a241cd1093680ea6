/** The running timer (API contract, third edition, "A running timer, kept on the server"), on SQLite and PostgreSQL. */
import type { LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeDb, signUp, testAppForFile } from './helper';
import { caller, expectError, MINUTE_MS, newLearner, type Caller } from './requests';

const t = testAppForFile();
const TIMER = '/api/user/timer';

const put = (api: Caller, body: object): Promise<LightMyRequestResponse> => api.put(TIMER, body);
const instant = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();
const running = async (api: Caller) => (await api.get(TIMER)).json().timer;

describeDb('GET/PUT /api/user/timer and DELETE /api/user/timer/{id}', () => {
  it('no timer runs at first; a start answers the running timer, which GET then shows', async () => {
    const api = await newLearner(t.app, 'Japanese');
    expect((await api.get(TIMER)).json()).toEqual({ timer: null });
    const id = randomUUID();
    const startedAt = instant(-5 * MINUTE_MS);
    const res = await put(api, { id, skill: 'listening', startedAt });
    expect(res.statusCode, res.body).toBe(200);
    const timer = { id, language: 'Japanese', skill: 'listening', startedAt };
    expect(res.json()).toEqual({ timer });
    expect(await running(api)).toEqual(timer);
  });

  it('a start instant with an offset is answered in UTC', async () => {
    const api = await newLearner(t.app);
    const at = new Date(Date.now() - 60 * MINUTE_MS);
    const local = `${new Date(at.getTime() + 2 * 60 * MINUTE_MS).toISOString().slice(0, 19)}+02:00`;
    const res = await put(api, { id: randomUUID(), skill: 'reading', startedAt: local });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().timer.startedAt).toBe(`${at.toISOString().slice(0, 19)}.000Z`);
  });

  it('the same id again answers the stored timer and starts nothing new', async () => {
    const api = await newLearner(t.app);
    const id = randomUUID();
    const first = (await put(api, { id, skill: 'speaking', startedAt: instant(-MINUTE_MS) })).json();
    const retry = await put(api, { id, skill: 'writing', startedAt: instant() });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first);
    expect(await running(api)).toEqual(first.timer);
  });

  it('another timer running is 409 TIMER_RUNNING with that timer under `timer`, and it keeps running', async () => {
    const api = await newLearner(t.app);
    const first = (await put(api, { id: randomUUID(), skill: 'listening', startedAt: instant() })).json().timer;
    const res = await put(api, { id: randomUUID(), skill: 'reading', startedAt: instant() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'TIMER_RUNNING', message: expect.stringMatching(/\S/), timer: first });
    expect(await running(api)).toEqual(first);
  });

  it('starts racing from two devices leave exactly one timer', async () => {
    const api = await newLearner(t.app);
    const answers = await Promise.all(Array.from({ length: 20 }, () => put(api, { id: randomUUID(), skill: 'listening', startedAt: instant() })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    const winner = answers.find((a) => a.statusCode === 200)?.json().timer;
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().timer.id === winner.id)).toBe(true);
  });

  it.each([
    ['more than 2 minutes after the server clock', instant(3 * MINUTE_MS)],
    ['more than 24 hours before it', instant(-24 * 60 * MINUTE_MS - MINUTE_MS)],
    ['without a time zone', instant().slice(0, 19)],
    ['not a date', 'yesterday at noon'],
  ])('a startedAt %s is 400 INVALID_INPUT and starts nothing', async (_why, startedAt) => {
    const api = await newLearner(t.app);
    expectError(await put(api, { id: randomUUID(), skill: 'listening', startedAt }), 400, 'INVALID_INPUT');
    expect(await running(api)).toBeNull();
  });

  it('an instant up to 2 minutes ahead (clock skew) and up to 24 hours back is accepted', async () => {
    const ahead = await newLearner(t.app);
    expect((await put(ahead, { id: randomUUID(), skill: 'listening', startedAt: instant(MINUTE_MS) })).statusCode).toBe(200);
    const dayAgo = await newLearner(t.app);
    expect((await put(dayAgo, { id: randomUUID(), skill: 'listening', startedAt: instant(-23 * 60 * MINUTE_MS) })).statusCode).toBe(200);
  });

  it.each([
    ['an id shorter than 8 characters', { id: 'short', skill: 'listening' }],
    ['an id longer than 64 characters', { id: 'x'.repeat(65), skill: 'listening' }],
    ['an id with a space', { id: 'has a space', skill: 'listening' }],
    ['an unknown skill', { id: randomUUID(), skill: 'grammar' }],
  ])('%s is 400 INVALID_INPUT', async (_why, body) => {
    const api = await newLearner(t.app);
    expectError(await put(api, { ...body, startedAt: instant() }), 400, 'INVALID_INPUT');
  });

  it('before a language is chosen a start is 409 NO_LANGUAGE', async () => {
    const { cookie } = await signUp(t.app);
    expectError(await put(caller(t.app, cookie), { id: randomUUID(), skill: 'listening', startedAt: instant() }), 409, 'NO_LANGUAGE');
  });

  it('DELETE stops the timer (204); stopping twice, or another id, is a harmless 204', async () => {
    const api = await newLearner(t.app);
    const id = randomUUID();
    await put(api, { id, skill: 'listening', startedAt: instant() });
    expect((await api.del(`${TIMER}/${randomUUID()}`)).statusCode).toBe(204);
    expect((await running(api)).id).toBe(id);
    expect((await api.del(`${TIMER}/${id}`)).statusCode).toBe(204);
    expect(await running(api)).toBeNull();
    expect((await api.del(`${TIMER}/${id}`)).statusCode).toBe(204);
    expect((await put(api, { id: randomUUID(), skill: 'reading', startedAt: instant() })).statusCode).toBe(200);
  });

  it("a learner never sees nor stops another learner's timer", async () => {
    const [a, b] = [await newLearner(t.app), await newLearner(t.app)];
    const id = randomUUID();
    await put(a, { id, skill: 'listening', startedAt: instant() });
    expect(await running(b)).toBeNull();
    expect((await b.del(`${TIMER}/${id}`)).statusCode).toBe(204);
    expect((await running(a)).id).toBe(id);
    // The same id is b's own, unrelated timer.
    expect((await put(b, { id, skill: 'writing', startedAt: instant() })).json().timer.skill).toBe('writing');
  });

  it('every timer call needs a session', async () => {
    const visitor = caller(t.app);
    expectError(await visitor.get(TIMER), 401, 'UNAUTHENTICATED');
    expectError(await put(visitor, { id: randomUUID(), skill: 'listening', startedAt: instant() }), 401, 'UNAUTHENTICATED');
    expectError(await visitor.del(`${TIMER}/${randomUUID()}`), 401, 'UNAUTHENTICATED');
  });

  it('deleting the account deletes its timer', async () => {
    const { cookie, email } = await signUp(t.app);
    const api = caller(t.app, cookie);
    await api.post('/api/user/language', { name: 'Spanish' });
    await put(api, { id: randomUUID(), skill: 'listening', startedAt: instant() });
    const user = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    expect((await api.del('/api/user')).statusCode).toBe(204);
    expect(await t.db.selectFrom('timers').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });
});
