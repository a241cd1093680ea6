/**
 * Issue #38, contract fourth edition: a learner holds at most so many idempotency keys at once
 * (10,000 by default; 20 here through AppOptions.keysPerLearner), refused adds' keys included.
 * Past that a keyed add with a new key is 429 RATE_LIMITED with Retry-After until older keys
 * expire; a replay of a key already held still answers its stored answer.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DAILY_SKILL_LIMIT_MINS } from '@common/domain';
import { KEY_RETENTION_DAYS, KEYS_PER_LEARNER } from '../src/plugins/keyPruning';
import { buildTestApp, describeDb, signUp, todayIso, withLanguage, type TestApp } from './helper';
import { caller, DAY_MS, expectError, manualClock, MINUTE_MS } from './requests';

const BOUND = 20;
const ADD = '/api/user/daily-activity';
const clock = manualClock(`${todayIso()}T06:00:00Z`);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ keysPerLearner: BOUND, now: clock.now, sessionIdleMs: 90 * DAY_MS, sessionAbsoluteMs: 90 * DAY_MS });
});
afterAll(() => t.close());

async function learnerCookie(): Promise<string> {
  const { cookie } = await signUp(t.app);
  await withLanguage(t.app, cookie);
  return cookie;
}

const keyedAdd = (cookie: string, key: string, minutes = 1): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'POST', url: ADD, headers: { cookie, 'idempotency-key': key }, payload: { date: clock.today(), listeningDailyMins: minutes } });

const listeningToday = async (cookie: string) => (await caller(t.app, cookie).get(`${ADD}?date=${clock.today()}`)).json().listeningDailyMins as number;

describeDb('a learner holds at most the bound of idempotency keys at once', () => {
  it('the default bound is 10,000 keys', () => {
    expect(KEYS_PER_LEARNER).toBe(10_000);
  });

  it('past the bound (refused adds included) a new key is 429 RATE_LIMITED with Retry-After until the oldest key expires; replays still answer', async () => {
    const cookie = await learnerCookie();
    const firstAt = clock.now().getTime();
    // Half the keys are refused adds (over the skill's daily limit): their keys are held all the same.
    for (let i = 0; i < BOUND; i++) {
      const res = await keyedAdd(cookie, `bound-key-${i}`, i % 2 === 0 ? 1 : DAILY_SKILL_LIMIT_MINS + 1);
      expect(res.statusCode, res.body).toBe(i % 2 === 0 ? 200 : 400);
      clock.advance(MINUTE_MS);
    }
    const full = await keyedAdd(cookie, 'one-too-many');
    expectError(full, 429, 'RATE_LIMITED');
    const expiresIn = (firstAt + KEY_RETENTION_DAYS * DAY_MS - clock.now().getTime()) / 1000;
    expect(Number(full.headers['retry-after'])).toBe(Math.ceil(expiresIn));
    expect(await listeningToday(cookie)).toBe(BOUND / 2);

    // A replay stores nothing new: its stored answer, success or refusal, comes back.
    const replayed = await keyedAdd(cookie, 'bound-key-0', 1);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    const refusedAgain = await keyedAdd(cookie, 'bound-key-1', DAILY_SKILL_LIMIT_MINS + 1);
    expectError(refusedAgain, 400, 'DAILY_TIME_EXCEEDED');
    expect(refusedAgain.headers['idempotent-replayed']).toBe('true');
    // Adds without a key are not keys and still go in; another learner has a bound of their own.
    expect((await caller(t.app, cookie).post(ADD, { date: clock.today(), listeningDailyMins: 2 })).statusCode).toBe(200);
    expect((await keyedAdd(await learnerCookie(), 'bound-key-0')).statusCode).toBe(200);
    expect(await listeningToday(cookie)).toBe(BOUND / 2 + 2);
  });

  it('once the oldest key expires a new key is taken again, one for one, whether or not the pruner ran', async () => {
    const cookie = await learnerCookie();
    const firstAt = clock.now().getTime();
    for (let i = 0; i < BOUND; i++) {
      expect((await keyedAdd(cookie, `expiring-key-${i}`)).statusCode).toBe(200);
      clock.advance(MINUTE_MS);
    }
    expectError(await keyedAdd(cookie, 'late-key-0'), 429, 'RATE_LIMITED');
    clock.advance(firstAt + KEY_RETENTION_DAYS * DAY_MS - clock.now().getTime() + 1);
    expect((await keyedAdd(cookie, 'late-key-0')).statusCode).toBe(200);
    const again = await keyedAdd(cookie, 'late-key-1');
    expectError(again, 429, 'RATE_LIMITED');
    // The next key to expire is the second one, a minute after the first.
    expect(Number(again.headers['retry-after'])).toBe(60);
  });

  it('keys sent at once never take a learner past the bound', async () => {
    const cookie = await learnerCookie();
    for (let i = 0; i < BOUND - 5; i++) expect((await keyedAdd(cookie, `before-key-${i}`)).statusCode).toBe(200);
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => keyedAdd(cookie, `burst-key-${i}`)));
    const statuses = burst.map((res) => res.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    expect(await listeningToday(cookie)).toBe(BOUND);
  });
});
