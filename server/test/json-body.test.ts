/**
 * #30 item 5: a body with a `__proto__` or `constructor.prototype` key is refused with a message
 * that names the key, not as "not valid JSON"; broken JSON and empty bodies answer as before.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeDb, signUp, todayIso, withLanguage, type TestApp } from './helper';
import { expectError } from './requests';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie } = await signUp(t.app));
  await withLanguage(t.app, cookie);
});
afterAll(() => t.close());

const send = (url: string, payload: string) =>
  t.app.inject({ method: 'POST', url, headers: { cookie, 'content-type': 'application/json' }, payload });

describeDb('the JSON body parser says which key it refuses', () => {
  it('a "__proto__" key, at the top or nested: 400 INVALID_INPUT naming "__proto__", and nothing is saved', async () => {
    for (const body of [
      `{"date":"${todayIso()}","readingDailyMins":5,"__proto__":{"isAdmin":true}}`,
      `{"date":"${todayIso()}","readingDailyMins":5,"extra":[{"__proto__":{"x":1}}]}`,
    ]) {
      const res = await send('/api/user/daily-activity', body);
      expectError(res, 400, 'INVALID_INPUT');
      expect(res.json().message).toMatch(/"__proto__" key, which the server refuses/);
      expect(res.json().message).not.toMatch(/not valid JSON/);
    }
    const progress = (await t.app.inject({ method: 'GET', url: '/api/user/progress', headers: { cookie } })).json();
    expect(progress.totalOverallMins).toBe(0);
  });

  it('a "constructor" holding "prototype": 400 INVALID_INPUT naming "constructor.prototype"', async () => {
    const res = await send('/api/user/daily-goal', `{"dailyGoalMinutes":60,"date":"${todayIso()}","constructor":{"prototype":{"x":1}}}`);
    expectError(res, 400, 'INVALID_INPUT');
    expect(res.json().message).toMatch(/"constructor.prototype" key, which the server refuses/);
  });

  it('a plain "constructor" value is an unknown field, as any other; broken JSON and an empty body keep their messages', async () => {
    const unknown = await send('/api/user/daily-goal', `{"dailyGoalMinutes":60,"date":"${todayIso()}","constructor":"x"}`);
    expectError(unknown, 400, 'INVALID_INPUT');
    expect(unknown.json().message).toBe('Unknown field "constructor".');
    const broken = await send('/api/user/daily-goal', '{"dailyGoalMinutes":');
    expect(broken.json()).toEqual({ error: 'INVALID_INPUT', message: 'The request body is not valid JSON.' });
    const empty = await send('/api/user/daily-goal', '');
    expect(empty.json()).toEqual({ error: 'INVALID_INPUT', message: 'The request body is empty.' });
  });

  it('a valid body still works; the body limits hold (16 KiB for a call, 5 MiB for an import)', async () => {
    expectError(await send('/api/user/daily-goal', `{"dailyGoalMinutes":45,"date":"${todayIso()}","pad":"${'x'.repeat(20_000)}"}`), 413, 'PAYLOAD_TOO_LARGE');
    expect((await send('/api/user/daily-goal', `{"dailyGoalMinutes":45,"date":"${todayIso()}"}`)).statusCode).toBe(200);
    const content = `language,date,listening_minutes,reading_minutes,speaking_minutes,writing_minutes,achieved\nSpanish,2024-01-01,5,0,0,0,${' '.repeat(4 * 1024 * 1024)}`;
    const res = await send('/api/user/import', JSON.stringify({ source: 'lingualog-csv', content, mode: 'merge', dryRun: true }));
    expect(res.statusCode).not.toBe(413);
  });
  it('a large body (an import) is parsed off the event loop with the same answers: valid, broken, and a refused key named', async () => {
    const lines = ['language,date,listening_minutes,reading_minutes,speaking_minutes,writing_minutes,achieved'];
    for (let i = 0; i < 3000; i++) lines.push(`Spanish,${new Date(Date.UTC(2016, 0, 1) + i * 86_400_000).toISOString().slice(0, 10)},10,0,0,0,`);
    const body = { source: 'lingualog-csv', mode: 'merge', dryRun: true, content: lines.join('\n') };
    const large = JSON.stringify(body);
    expect(large.length).toBeGreaterThan(64 * 1024);
    const valid = await send('/api/user/import', large);
    expect(valid.statusCode, valid.body).toBe(200);
    expect(valid.json()).toMatchObject({ dryRun: true, days: 3000 });
    const broken = await send('/api/user/import', large.slice(0, -1));
    expectError(broken, 400, 'INVALID_INPUT');
    expect(broken.json().message).toMatch(/not valid JSON/);
    const refused = await send('/api/user/import', `${large.slice(0, -1)},"extra":{"__proto__":{"x":1}}}`);
    expectError(refused, 400, 'INVALID_INPUT');
    expect(refused.json().message).toMatch(/"__proto__" key, which the server refuses/);
  });
});
