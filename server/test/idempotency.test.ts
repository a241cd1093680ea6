/**
 * Adds that apply exactly once (API contract, third edition, "Adds that apply exactly once"):
 * the `Idempotency-Key` header on POST /api/user/daily-activity, on SQLite and PostgreSQL.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { DAILY_SKILL_LIMIT_MINS, KEYED_ADD_DAYS_BACK } from '@common/domain';
import { pruneExpiredKeys } from '../src/plugins/keyPruning';
import { buildTestApp, describeDb, signUp, testAppForFile, todayIso, withLanguage } from './helper';
import { addDays, caller, DAY_MS, expectError, manualClock } from './requests';

const t = testAppForFile();
const ADD = '/api/user/daily-activity';

async function learnerCookie(app: FastifyInstance = t.app): Promise<string> {
  const { cookie } = await signUp(app);
  await withLanguage(app, cookie);
  return cookie;
}

function keyedAdd(cookie: string, key: string, body: object, app: FastifyInstance = t.app): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: ADD, headers: { cookie, 'idempotency-key': key }, payload: body });
}

const minutesOn = async (cookie: string, date: string, app: FastifyInstance = t.app) =>
  (await caller(app, cookie).get(`${ADD}?date=${date}`)).json().totalDailyMins as number;

describeDb('POST /api/user/daily-activity with an Idempotency-Key', () => {
  it('the same key and body again replays the stored answer byte for byte, marked Idempotent-Replayed, and adds nothing', async () => {
    const cookie = await learnerCookie();
    const key = randomUUID();
    const body = { date: todayIso(), listeningDailyMins: 25 };
    const first = await keyedAdd(cookie, key, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    for (let retry = 0; retry < 3; retry++) {
      const again = await keyedAdd(cookie, key, body);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    expect(await minutesOn(cookie, body.date)).toBe(25);
  });

  it('the same key with a different body is 422 IDEMPOTENCY_KEY_REUSED and changes nothing', async () => {
    const cookie = await learnerCookie();
    const key = randomUUID();
    const date = todayIso();
    expect((await keyedAdd(cookie, key, { date, readingDailyMins: 10 })).statusCode).toBe(200);
    expectError(await keyedAdd(cookie, key, { date, readingDailyMins: 11 }), 422, 'IDEMPOTENCY_KEY_REUSED');
    expectError(await keyedAdd(cookie, key, { date, writingDailyMins: 10 }), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(await minutesOn(cookie, date)).toBe(10);
  });

  it('keys belong to their user: two learners may use the same key', async () => {
    const [a, b] = [await learnerCookie(), await learnerCookie()];
    const key = 'shared-key-0001';
    const date = todayIso();
    expect((await keyedAdd(a, key, { date, speakingDailyMins: 5 })).statusCode).toBe(200);
    const other = await keyedAdd(b, key, { date, speakingDailyMins: 7 });
    expect(other.statusCode).toBe(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect([await minutesOn(a, date), await minutesOn(b, date)]).toEqual([5, 7]);
  });

  it.each([
    ['shorter than 8 characters', 'abc-123'],
    ['longer than 128 characters', 'k'.repeat(129)],
    ['a character outside letters, digits, "-", "_" and ":"', 'key with spaces'],
    ['a slash', 'abc/defgh'],
  ])('a key %s is 400 INVALID_INPUT and adds nothing', async (_why, key) => {
    const cookie = await learnerCookie();
    expectError(await keyedAdd(cookie, key, { date: todayIso(), listeningDailyMins: 5 }), 400, 'INVALID_INPUT');
    expect(await minutesOn(cookie, todayIso())).toBe(0);
  });

  it(`a keyed add may name a day up to ${KEYED_ADD_DAYS_BACK} days before today; an older one is 400 naming the bound`, async () => {
    const cookie = await learnerCookie();
    const weekAgo = addDays(todayIso(), -KEYED_ADD_DAYS_BACK);
    expect((await keyedAdd(cookie, randomUUID(), { date: weekAgo, listeningDailyMins: 15 })).statusCode).toBe(200);
    expect(await minutesOn(cookie, weekAgo)).toBe(15);
    const tooOld = addDays(todayIso(), -KEYED_ADD_DAYS_BACK - 2);
    const refused = await keyedAdd(cookie, randomUUID(), { date: tooOld, listeningDailyMins: 15 });
    expectError(refused, 400, 'INVALID_INPUT');
    expect(refused.json().message).toContain(String(KEYED_ADD_DAYS_BACK));
    expect(await minutesOn(cookie, tooOld)).toBe(0);
    // Without a key the first edition's rule stands: today only.
    expectError(await caller(t.app, cookie).post(ADD, { date: addDays(todayIso(), -3), listeningDailyMins: 5 }), 400, 'INVALID_INPUT');
  });

  it('a refused add (4xx) is stored too: its retry gets the same refusal even once the day has room', async () => {
    const cookie = await learnerCookie();
    const date = todayIso();
    const api = caller(t.app, cookie);
    await api.post(ADD, { date, listeningDailyMins: DAILY_SKILL_LIMIT_MINS });
    const key = randomUUID();
    const refused = await keyedAdd(cookie, key, { date, listeningDailyMins: 30 });
    expectError(refused, 400, 'DAILY_TIME_EXCEEDED');
    await api.patch(ADD, { date, isToday: true, listeningDailyMins: 0, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0 });
    const retry = await keyedAdd(cookie, key, { date, listeningDailyMins: 30 });
    expect(retry.statusCode).toBe(400);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.rawPayload.equals(refused.rawPayload)).toBe(true);
    expect(await minutesOn(cookie, date)).toBe(0);
  });

  it('1,000 concurrent requests with one key apply the add once and all answer the same record', async () => {
    const cookie = await learnerCookie();
    const key = randomUUID();
    const body = { date: todayIso(), readingDailyMins: 3 };
    const answers = await Promise.all(Array.from({ length: 1000 }, () => keyedAdd(cookie, key, body)));
    const statuses = new Set(answers.map((a) => a.statusCode));
    // 409 IDEMPOTENCY_KEY_IN_USE is allowed by the contract while the first is in progress; never a second add.
    expect([...statuses].every((s) => s === 200 || s === 409), [...statuses].join()).toBe(true);
    const records = new Set(answers.filter((a) => a.statusCode === 200).map((a) => a.body));
    expect(records.size).toBe(1);
    expect(answers.filter((a) => a.statusCode === 200 && !a.headers['idempotent-replayed'])).toHaveLength(1);
    expect(await minutesOn(cookie, body.date)).toBe(3);
  });

  it('an offline add reaching a day the calendar already settled changes the streak at once', async () => {
    const cookie = await learnerCookie();
    const api = caller(t.app, cookie);
    const today = todayIso();
    const summary = async () => (await api.get(`/api/user/calendar/summary?today=${today}`)).json().streakDays as number;
    await keyedAdd(cookie, randomUUID(), { date: addDays(today, -5), listeningDailyMins: 5 });
    await api.post(ADD, { date: today, listeningDailyMins: 30 });
    // Remembers the run up to two days ago (none): the days added below are all older than today.
    expect(await summary()).toBe(1);
    for (const back of [3, 2, 1]) {
      expect((await keyedAdd(cookie, randomUUID(), { date: addDays(today, -back), listeningDailyMins: 30 })).statusCode).toBe(200);
    }
    expect(await summary()).toBe(4);
  });

  it("deleting the account deletes the account's keys", async () => {
    const { cookie, email } = await signUp(t.app);
    await withLanguage(t.app, cookie);
    await keyedAdd(cookie, randomUUID(), { date: todayIso(), listeningDailyMins: 5 });
    const user = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const keys = () => t.db.selectFrom('idempotency_keys').select('key').where('user_id', '=', user.id).execute();
    expect(await keys()).toHaveLength(1);
    expect((await caller(t.app, cookie).del('/api/user')).statusCode).toBe(204);
    expect(await keys()).toHaveLength(0);
  });
});

describeDb('Idempotency keys are kept 30 days, then pruned', () => {
  it('the pruner deletes keys first used more than 30 days ago and keeps the others', async () => {
    const clock = manualClock(`${todayIso()}T12:00:00Z`);
    const built = await buildTestApp({ now: clock.now, sessionIdleMs: 90 * DAY_MS, sessionAbsoluteMs: 90 * DAY_MS });
    try {
      const cookie = await learnerCookie(built.app);
      const oldKey = randomUUID();
      const body = { date: clock.today(), listeningDailyMins: 5 };
      expect((await keyedAdd(cookie, oldKey, body, built.app)).statusCode).toBe(200);
      clock.advance(30 * DAY_MS);
      const recentKey = randomUUID();
      expect((await keyedAdd(cookie, recentKey, { date: clock.today(), listeningDailyMins: 6 }, built.app)).statusCode).toBe(200);
      expect(await pruneExpiredKeys(built.app)).toBe(0);
      // Thirty days on, the first key is still honoured.
      expect((await keyedAdd(cookie, oldKey, body, built.app)).headers['idempotent-replayed']).toBe('true');
      clock.advance(2 * DAY_MS);
      expect(await pruneExpiredKeys(built.app)).toBe(1);
      const left = await built.db.selectFrom('idempotency_keys').select('key').execute();
      expect(left.map((row) => row.key)).toEqual([recentKey]);
    } finally {
      await built.close();
    }
  });
});
