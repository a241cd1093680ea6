/**
 * Issue #38, contract fourth edition: text is well-formed Unicode (a lone surrogate anywhere is
 * 400 INVALID_INPUT, never stored) and an email holds no invisible (format, Cf) character, at
 * sign-up and at sign-in alike.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeDb, signUp, todayIso, withLanguage, type TestApp } from './helper';
import { caller, expectError } from './requests';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'a long enough passphrase';
const post = (url: string, payload: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, payload });

const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u180e', '\u{e0041}'];

describeDb('every string of a JSON body is well-formed Unicode: a lone surrogate is 400 INVALID_INPUT', () => {
  it('an email with a "\\ud800" escape: 400 naming "email" at sign-up and sign-in, and no account is made', async () => {
    for (const escape of ['\\ud800', '\\udfff', '\\udbff\\u0041']) {
      const email = `sur${escape}x@example.com`;
      for (const url of ['/api/auth/register', '/api/auth/login']) {
        const res = await post(url, `{"email":"${email}","password":"${PASSWORD}"}`);
        expectError(res, 400, 'INVALID_INPUT');
        expect(res.json().message).toBe('Field "email" is not well-formed Unicode text (it holds a lone surrogate).');
      }
    }
    // The same address without the broken character was never registered.
    expect((await caller(t.app).post('/api/auth/register', { email: 'surx@example.com', password: PASSWORD })).statusCode).toBe(201);
  });

  it('a lone surrogate in a password, a nested field, a key or an import file: 400, nothing stored', async () => {
    const password = await post('/api/auth/register', `{"email":"pw-${Date.now()}@example.com","password":"long enough \\ud83d"}`);
    expectError(password, 400, 'INVALID_INPUT');
    expect(password.json().message).toContain('"password"');
    const { cookie } = await signUp(t.app, `surrogates-${Date.now()}@example.com`);
    await withLanguage(t.app, cookie);
    const date = await post('/api/user/daily-activity', `{"date":"${todayIso()}\\udc00","readingDailyMins":5}`, cookie);
    expectError(date, 400, 'INVALID_INPUT');
    expect(date.json().message).toContain('"date"');
    const key = await post('/api/user/daily-activity', `{"date":"${todayIso()}","readingDailyMins":5,"x\\ud800":1}`, cookie);
    expectError(key, 400, 'INVALID_INPUT');
    expect(key.json().message).toContain('"x');
    const nested = await post('/api/user/daily-activity', `{"date":"${todayIso()}","readingDailyMins":5,"x":[{"y":"\\ud800"}]}`, cookie);
    expectError(nested, 400, 'INVALID_INPUT');
    expect(nested.json().message).toContain('"x.0.y"');
    const file = await post('/api/user/import', `{"source":"lingualog-csv","mode":"merge","content":"language,date\\nSpan\\ud800ish,2024-01-01"}`, cookie);
    expectError(file, 400, 'INVALID_INPUT');
    expect(file.json().message).toContain('"content"');
    const progress = (await caller(t.app, cookie).get('/api/user/progress')).json();
    expect(progress.totalOverallMins).toBe(0);
  });

  it('a body that is itself a broken string is 400 saying so, never a 5xx', async () => {
    const res = await post('/api/auth/login', '"\\ud800"');
    expectError(res, 400, 'INVALID_INPUT');
    expect(res.json().message).toBe('The request body is not well-formed Unicode text (it holds a lone surrogate).');
  });

  it('well-formed text passes: a surrogate pair (emoji) escaped or not, accents and CJK', async () => {
    const escaped = await post('/api/auth/register', `{"email":"emoji-${Date.now()}@example.com","password":"long enough \\ud83d\\ude00"}`);
    expect(escaped.statusCode, escaped.body).toBe(201);
    const res = await caller(t.app).post('/api/auth/register', { email: `zoë.日本-${Date.now()}@例え.jp`, password: `${PASSWORD} 😀` });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describeDb('an email holds no invisible (format) character, at sign-up and sign-in', () => {
  it('zero-width, joiner, word joiner, BOM, soft hyphen and the like: 400 INVALID_INPUT naming "email", no account made', async () => {
    for (const ch of INVISIBLE) {
      const email = `look${ch}alike@example.com`;
      for (const url of ['/api/auth/register', '/api/auth/login']) {
        const res = await caller(t.app).post(url, { email, password: PASSWORD });
        expectError(res, 400, 'INVALID_INPUT');
        expect(res.json().message).toBe('Field "email" contains an invisible (format) character, which an email may not hold.');
      }
    }
    // Never made: the visible address is still free.
    expect((await caller(t.app).post('/api/auth/register', { email: 'lookalike@example.com', password: PASSWORD })).statusCode).toBe(201);
  });

  it('format characters stay allowed in other text fields (a password may hold a joiner, as emoji sequences do)', async () => {
    const res = await caller(t.app).post('/api/auth/register', { email: `zwj-${Date.now()}@example.com`, password: 'family 👨\u200d👩\u200d👧 here' });
    expect(res.statusCode, res.body).toBe(201);
  });
});
