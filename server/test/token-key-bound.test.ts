/**
 * Idempotency keys are bounded per credential (API contract, fifth edition): the learner's own
 * sessions keep their bound, each access token holds at most its own (2,000; 5 here through
 * AppOptions.keysPerToken, and once with the real 2,000), revoking a token deletes its keys, and no
 * token can make the learner's own adds answer 429. SQLite and PostgreSQL.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KEYS_PER_TOKEN } from '../src/plugins/keyPruning';
import { buildTestApp, describeDb, signUp, todayIso, withLanguage, type TestApp } from './helper';
import { addDays, DAY_MS, expectError, manualClock } from './requests';

const TOKEN_BOUND = 5;
const ADD = '/api/user/daily-activity';
const clock = manualClock(`${todayIso()}T06:00:00Z`);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ keysPerToken: TOKEN_BOUND, keysPerLearner: 10, now: clock.now, sessionIdleMs: 90 * DAY_MS, sessionAbsoluteMs: 90 * DAY_MS });
});
afterAll(() => t.close());

async function learnerWithToken(app = t.app) {
  const { cookie, password } = await signUp(app);
  await withLanguage(app, cookie);
  const mint = async () => {
    const res = await app.inject({ method: 'POST', url: '/api/user/tokens', headers: { cookie }, payload: { name: 'Anki', scope: 'log', password } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; token: string };
  };
  return { cookie, mint };
}

const addWith = (headers: Record<string, string>, key: string, app = t.app): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'POST', url: ADD, headers: { ...headers, 'idempotency-key': key }, payload: { date: clock.today(), listeningDailyMins: 1 } });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const keysOf = async (tokenId: string) => (await t.db.selectFrom('idempotency_keys').select('key').where('token_id', '=', tokenId).execute()).length;

describeDb('idempotency keys per access token', () => {
  it('the default bound of a token is 2,000 keys', () => {
    expect(KEYS_PER_TOKEN).toBe(2_000);
  });

  it("a token past its bound gets 429 RATE_LIMITED with Retry-After, while the learner's own keyed add and another token's answer 200", async () => {
    const { cookie, mint } = await learnerWithToken();
    const [first, second] = [await mint(), await mint()];
    for (let i = 0; i < TOKEN_BOUND; i++) expect((await addWith(bearer(first.token), `token-one-key-${i}`)).statusCode).toBe(200);
    const refused = await addWith(bearer(first.token), 'token-one-key-past');
    expectError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A replay of a key the token holds still answers.
    expect((await addWith(bearer(first.token), 'token-one-key-0')).headers['idempotent-replayed']).toBe('true');
    expect((await addWith({ cookie }, 'learner-own-key-1')).statusCode).toBe(200);
    expect((await addWith(bearer(second.token), 'token-two-key-1')).statusCode).toBe(200);
  });

  it("no token can make the learner's own adds 429: the session's keys are counted apart from every token's", async () => {
    const { cookie, mint } = await learnerWithToken();
    const tokens = [await mint(), await mint(), await mint()];
    for (const token of tokens) for (let i = 0; i < TOKEN_BOUND; i++) await addWith(bearer(token.token), `apart-${token.id}-${i}`);
    // 15 token keys beside a session bound of 10: the session still takes all 10 of its own.
    for (let i = 0; i < 10; i++) expect((await addWith({ cookie }, `apart-own-${i}`)).statusCode).toBe(200);
    expectError(await addWith({ cookie }, 'apart-own-past'), 429, 'RATE_LIMITED');
  });

  it('revoking a token deletes the keys it made, and only those', async () => {
    const { cookie, mint } = await learnerWithToken();
    const [revoked, kept] = [await mint(), await mint()];
    for (let i = 0; i < 3; i++) {
      expect((await addWith(bearer(revoked.token), `revoked-key-${i}`)).statusCode).toBe(200);
      expect((await addWith(bearer(kept.token), `kept-key-${i}`)).statusCode).toBe(200);
    }
    await addWith({ cookie }, 'revoked-own-key');
    expect(await keysOf(revoked.id)).toBe(3);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user/tokens/${revoked.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(204);
    expect(await keysOf(revoked.id)).toBe(0);
    expect(await keysOf(kept.id)).toBe(3);
    expect((await addWith({ cookie }, 'revoked-own-key')).headers['idempotent-replayed']).toBe('true');
  });
});

describeDb('the real bound of 2,000 keys per token', () => {
  it('a token that made 2,000 keyed adds gets 429 while the learner\'s own keyed add answers 200; revoked, its keys are gone', { timeout: 120_000 }, async () => {
    const real = await buildTestApp({ now: clock.now, sessionIdleMs: 90 * DAY_MS, sessionAbsoluteMs: 90 * DAY_MS });
    try {
      const { cookie, mint } = await learnerWithToken(real.app);
      const token = await mint();
      for (let i = 0; i < KEYS_PER_TOKEN; i++) {
        // Within the token's 120 calls a minute.
        if (i % 100 === 0) clock.advance(61_000);
        // Spread over the four skills, each within its daily cap.
        const skill = ['listeningDailyMins', 'readingDailyMins', 'speakingDailyMins', 'writingDailyMins'][i % 4];
        const res = await real.app.inject({
          method: 'POST',
          url: ADD,
          headers: { ...bearer(token.token), 'idempotency-key': `real-key-${i}` },
          payload: { date: addDays(clock.today(), -(Math.floor(i / 4) % 2)), [skill]: 1 },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      clock.advance(61_000);
      expectError(await addWith(bearer(token.token), 'real-key-past', real.app), 429, 'RATE_LIMITED');
      expect((await addWith({ cookie }, 'real-own-key', real.app)).statusCode).toBe(200);
      expect((await real.app.inject({ method: 'DELETE', url: `/api/user/tokens/${token.id}`, headers: { cookie } })).statusCode).toBe(204);
      expect((await real.db.selectFrom('idempotency_keys').select('key').where('token_id', '=', token.id).execute()).length).toBe(0);
    } finally {
      await real.close();
    }
  });
});
