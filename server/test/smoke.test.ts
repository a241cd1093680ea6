/**
 * Proves the harness end to end on the configured database: a learner signs up, picks a
 * language, logs time and sees it in their progress. Also pins the production hash cost.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PRODUCTION_HASH_COST, hashPassword, parseHash, verifyPassword } from '../src/plugins/password';
import { buildTestApp, describeDb, signUp, todayIso, withLanguage } from './helper';

describeDb('smoke: a learner logs time and sees it in their progress', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx.close());

  it('register → choose a language → add time → progress counts it', async () => {
    const { app } = ctx;
    const { cookie } = await signUp(app);
    await withLanguage(app, cookie, 'Japanese');

    const add = await app.inject({
      method: 'POST',
      url: '/api/user/daily-activity',
      headers: { cookie },
      payload: { date: todayIso(), listeningDailyMins: 90 },
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toMatchObject({ date: todayIso(), listeningDailyMins: 90, achieved: true });

    const progress = await app.inject({ method: 'GET', url: '/api/user/progress', headers: { cookie } });
    expect(progress.statusCode).toBe(200);
    expect(progress.json()).toEqual({
      currentLevel: 0,
      totalOverallMins: 90,
      listeningOverallMins: 90,
      readingOverallMins: 0,
      speakingOverallMins: 0,
      writingOverallMins: 0,
      languages: [{ name: 'Japanese' }],
    });
  });

  it('keeps the user in the database the harness hands out', async () => {
    const { app, db } = ctx;
    const { email } = await signUp(app);
    const row = await db.selectFrom('users').select('email').where('email', '=', email).executeTakeFirst();
    expect(row?.email).toBe(email);
  });
});

describeDb('password hashing', () => {
  it('uses scrypt N=2^17, r=8, p=1 in production (OWASP)', () => {
    expect(PRODUCTION_HASH_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 });
  });

  it('hashes with the production cost by default and verifies with the cost stored in the hash', async () => {
    const defaults = await buildTestApp({ passwordHashCost: undefined });
    let hash: string;
    try {
      const { email } = await signUp(defaults.app);
      hash = (await defaults.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow()).password_hash;
    } finally {
      await defaults.close();
    }
    expect(hash.startsWith('scrypt$17$8$1$')).toBe(true);
    expect(parseHash(hash)?.cost).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });

  it('salts every hash, so equal passwords never share a hash', async () => {
    const cheap = { N: 2 ** 10, r: 8, p: 1 };
    expect(await hashPassword('same password', cheap)).not.toBe(await hashPassword('same password', cheap));
  });
});
