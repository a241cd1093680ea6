/**
 * Who may do what: no session means 401 on every published /api/user operation; learner B never
 * sees or changes learner A's data whatever ids or fields B sends; ended sessions stay ended;
 * deleting an account leaves no row mentioning the learner in any table.
 */
import { describe, expect, it } from 'vitest';
import { signUp, testAppForFile, todayIso, withLanguage } from '../test/helper';
import { busyLearner } from './support/learners';
import { rowsMentioningUser, userRows } from './support/snapshot';
import { injectCall, publishedUserOperations, userCalls, type UserCall } from './support/userCalls';

const t = testAppForFile();

const calls = () => Object.values(userCalls(todayIso()));
const checkCall: UserCall = { method: 'GET', url: '/api/auth/check' };

async function statusesWith(cookie: string | undefined): Promise<Record<string, number>> {
  const answers: Record<string, number> = {};
  for (const call of [...calls(), checkCall]) answers[`${call.method} ${call.url}`] = (await injectCall(t.app, call, cookie)).statusCode;
  return answers;
}
const all401 = () => Object.fromEntries([...calls(), checkCall].map((c) => [`${c.method} ${c.url}`, 401]));

describe('the session wall', () => {
  it('the calls below cover every /api/user operation the server publishes', () => {
    expect(Object.keys(userCalls(todayIso())).sort()).toEqual(publishedUserOperations(t.app));
  });

  it('every /api/user call is 401 without a session, with a forged token, and with a stolen token hash', async () => {
    const victim = await busyLearner(t.app);
    const session = await t.db.selectFrom('sessions').select('token_hash').where('user_id', '=', victim.id).executeTakeFirstOrThrow();
    const cookies = [undefined, 'sid=', 'sid=forged', `sid=${'A'.repeat(43)}`, `sid=${session.token_hash}`, 'sid[]=x'];
    for (const cookie of cookies) expect(await statusesWith(cookie), String(cookie)).toEqual(all401());
    console.log(`[access] ${calls().length} /api/user calls + /api/auth/check × ${cookies.length} cookie variants (none, empty, forged, stored hash): all 401`);
  });
});

describe('isolation between learners', () => {
  const probes = (victimId: number) => ['', `userId=${victimId}`, `user_id=${victimId}`, `id=${victimId}`, 'language=French'];

  it("B reads exactly what a brand-new learner reads, whatever ids B puts in the query", async () => {
    const victim = await busyLearner(t.app);
    const [b, fresh] = [(await signUp(t.app)).cookie, (await signUp(t.app)).cookie];
    await withLanguage(t.app, b);
    await withLanguage(t.app, fresh);
    // The export names its owner (email) and its time, so it is never the same file for two learners.
    const reads = calls().filter((c) => c.method === 'GET' && !c.url.startsWith('/api/user/export'));
    let compared = 0;
    for (const call of reads) {
      for (const probe of probes(victim.id)) {
        const url = probe ? `${call.url}${call.url.includes('?') ? '&' : '?'}${probe}` : call.url;
        const [asB, asFresh] = await Promise.all([injectCall(t.app, { ...call, url }, b), injectCall(t.app, { ...call, url }, fresh)]);
        expect({ status: asB.statusCode, body: asB.json() }, url).toEqual({ status: asFresh.statusCode, body: asFresh.json() });
        compared++;
      }
    }
    console.log(`[access] ${compared} reads by B compared with a fresh learner's: identical (no trace of A's data)`);
  });

  it("nothing B writes, with whatever ids or fields, changes A's rows", async () => {
    const victim = await busyLearner(t.app);
    const before = await userRows(t.db, victim.id);
    const b = (await signUp(t.app)).cookie;
    await withLanguage(t.app, b);
    const extras = [{}, { userId: victim.id }, { user_id: victim.id }, { id: victim.id }, { email: victim.email }];
    let sent = 0;
    for (const call of calls().filter((c) => c.body)) {
      for (const extra of extras) {
        for (const query of ['', `?userId=${victim.id}`]) {
          await injectCall(t.app, { ...call, url: `${call.url}${query}`, body: { ...call.body, ...extra } }, b);
          sent++;
        }
      }
    }
    await injectCall(t.app, { method: 'DELETE', url: `/api/user?userId=${victim.id}` }, b);
    await injectCall(t.app, { method: 'DELETE', url: '/api/user' }, b);
    expect(await userRows(t.db, victim.id)).toEqual(before);
    console.log(`[access] ${sent + 2} writes and deletes by B aimed at A: A's rows unchanged`);
  });
});

describe('ended sessions and deleted accounts', () => {
  it('after logout the old cookie is 401 everywhere', async () => {
    const learner = await busyLearner(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: learner.cookie } })).statusCode).toBe(204);
    expect(await statusesWith(learner.cookie)).toEqual(all401());
  });

  it('after deletion the old cookie is 401 everywhere, the password no longer works and the email can register again', async () => {
    const learner = await busyLearner(t.app);
    expect((await injectCall(t.app, { method: 'DELETE', url: '/api/user' }, learner.cookie)).statusCode).toBe(204);
    expect(await statusesWith(learner.cookie)).toEqual(all401());
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: learner.email, password: learner.password } });
    expect(login.statusCode).toBe(401);
    await signUp(t.app, learner.email, learner.password);
  });

  it('deletion leaves zero rows for the learner in every table (found by introspection) and keeps everyone else’s', async () => {
    const other = await busyLearner(t.app);
    const doomed = await busyLearner(t.app);
    // A failed sign-in leaves a throttling counter keyed by the email: it must go too.
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: doomed.email, password: 'wrong password' } });
    const otherBefore = await userRows(t.db, other.id);
    const mentionedBefore = await rowsMentioningUser(t.db, doomed.id, doomed.email);
    expect(Object.values(mentionedBefore).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);

    await injectCall(t.app, { method: 'DELETE', url: '/api/user' }, doomed.cookie);

    const mentionedAfter = await rowsMentioningUser(t.db, doomed.id, doomed.email);
    console.log(`[access] rows mentioning the learner per table before deletion ${JSON.stringify(mentionedBefore)}, after ${JSON.stringify(mentionedAfter)}`);
    expect(mentionedAfter).toEqual(Object.fromEntries(Object.keys(mentionedBefore).map((table) => [table, 0])));
    expect(await userRows(t.db, other.id)).toEqual(otherBefore);
  });
});
