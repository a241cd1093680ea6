/**
 * The rules the cheaper request path (issue #10, docs/PERFORMANCE.md) must keep: queries compiled
 * once still answer with each call's own values on both databases, the session is read from the
 * database on every request (no cache that outlives a logout or an account deletion), and the
 * security headers computed once are on every kind of answer.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { prepared } from '../src/db/prepared';
import { helmetHeaders } from '../src/plugins/securityHeaders';
import { describeDb, signUp, testAppForFile, todayIso, withLanguage } from './helper';
import { caller, expectError } from './requests';

const t = testAppForFile();

const userByEmail = prepared((db, p: { email: string }) => db.selectFrom('users').select(['id', 'email']).where('email', '=', p.email));
const languageRows = prepared((db, p: { userId: number; pattern: string }) =>
  db
    .selectFrom('user_languages')
    .select('language')
    .where('user_id', '=', p.userId)
    .where('language', 'like', p.pattern)
    .where(sql<boolean>`previous_hours >= ${0}`)
    .orderBy('language'),
);

describeDb('queries compiled once', () => {
  it('answer with the values of each call, not those of the first', async () => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    expect((await userByEmail.takeFirst(t.db, { email: first.email }))?.email).toBe(first.email);
    expect((await userByEmail.takeFirst(t.db, { email: second.email }))?.email).toBe(second.email);
    expect(await userByEmail.takeFirst(t.db, { email: 'nobody@example.com' })).toBeUndefined();
  });

  it('keep the constants written into the query and mix them with the values given', async () => {
    const { cookie, email } = await signUp(t.app);
    await withLanguage(t.app, cookie, 'Spanish');
    await withLanguage(t.app, cookie, 'French');
    const user = await userByEmail.takeFirst(t.db, { email });
    const userId = Number(user?.id);
    expect(await languageRows.execute(t.db, { userId, pattern: '%' })).toEqual([{ language: 'French' }, { language: 'Spanish' }]);
    expect(await languageRows.execute(t.db, { userId, pattern: 'S%' })).toEqual([{ language: 'Spanish' }]);
  });

  it('run inside a transaction and see its uncommitted writes', async () => {
    const email = `in-transaction-${Date.now()}@example.com`;
    const seen = await t.db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values({ email, password_hash: 'x', current_language: null, created_at: Date.now() }).execute();
      const row = await userByEmail.takeFirst(trx, { email });
      await trx.deleteFrom('users').where('email', '=', email).execute();
      return row?.email;
    });
    expect(seen).toBe(email);
  });

  it("never see another request's uncommitted writes, even on SQLite's single connection", async () => {
    const email = `uncommitted-${Date.now()}@example.com`;
    let written = () => {};
    const wrote = new Promise<void>((resolve) => (written = resolve));
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const other = t.db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values({ email, password_hash: 'x', current_language: null, created_at: Date.now() }).execute();
      written();
      await held;
      await trx.deleteFrom('users').where('email', '=', email).execute();
    });
    await wrote;
    // Asked while the other transaction is open with its row written; answered once it has ended.
    const read = userByEmail.takeFirst(t.db, { email });
    release();
    expect(await read).toBeUndefined();
    await other;
  });
});

describeDb('the session is read on every request', () => {
  it('a session deleted in the database (a logout on another process) is refused on the next request', async () => {
    const { cookie } = await signUp(t.app);
    const api = caller(t.app, cookie);
    expect((await api.get('/api/auth/check')).statusCode).toBe(200);
    await t.db.deleteFrom('sessions').execute();
    expectError(await api.get('/api/auth/check'), 401, 'UNAUTHENTICATED');
    expectError(await api.get('/api/user/progress'), 401, 'UNAUTHENTICATED');
  });

  it('a language chosen on another process is the one the next read is about', async () => {
    const { cookie, email } = await signUp(t.app);
    await withLanguage(t.app, cookie, 'Spanish');
    await withLanguage(t.app, cookie, 'French');
    const api = caller(t.app, cookie);
    expect((await api.post('/api/user/daily-activity', { date: todayIso(), listeningDailyMins: 10 })).statusCode).toBe(200);
    const todayTotal = async () => (await api.get(`/api/user/daily-activity?date=${todayIso()}`)).json().totalDailyMins;
    expect(await todayTotal()).toBe(10);
    await t.db.updateTable('users').set({ current_language: 'Spanish' }).where('email', '=', email).execute();
    expect(await todayTotal()).toBe(0);
  });

  it('/api/auth/check answers the email of the session’s own user', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    expect((await caller(t.app, a.cookie).get('/api/auth/check')).json()).toEqual({ email: a.email });
    expect((await caller(t.app, b.cookie).get('/api/auth/check')).json()).toEqual({ email: b.email });
  });
});

describeDb('security headers computed once', () => {
  it('are the same on a read, a 401, a 404 and a 400', async () => {
    const { cookie } = await signUp(t.app);
    const answers = await Promise.all([
      caller(t.app).get('/api/languages'),
      caller(t.app).get('/api/user/progress'),
      caller(t.app).get('/api/no-such-thing'),
      caller(t.app, cookie).get('/api/user/daily-activity?date=not-a-date'),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 401, 404, 400]);
    const names = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy'];
    for (const res of answers) {
      for (const name of names) expect(res.headers[name], name).toBe(answers[0].headers[name]);
    }
    expect(answers[0].headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(answers[0].headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('helmetHeaders', () => {
  it('refuses a CSP that depends on the request, which cannot be computed once', () => {
    const nonce = () => "'nonce-abc'";
    expect(() => helmetHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", nonce] } } })).toThrow(/per request/);
  });
});
