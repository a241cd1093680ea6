import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeDb, signUp, todayIso, withLanguage } from './helper';
import { caller, expectError } from './requests';

let t: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const UNSAFE = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u200e', '\u202e', '\u2066', '\u061c'];

describeDb('every text field refuses NUL, control and bidirectional characters with 400 naming the field', () => {
  it('sign-in and sign-up emails: 400 INVALID_INPUT, never a 500, and no account is made', async () => {
    for (const ch of UNSAFE) {
      const email = `a${ch}b@example.com`;
      for (const url of ['/api/auth/login', '/api/auth/register']) {
        const res = await caller(t.app).post(url, { email, password: 'a long enough passphrase' });
        expectError(res, 400, 'INVALID_INPUT');
        expect(res.json().message).toContain('"email"');
      }
    }
    const res = await caller(t.app).post('/api/auth/login', { email: 'a\u0000b@example.com', password: 'whatever it is' });
    expect(res.statusCode).toBe(400);
  });

  it('a query (?language=) and a body field of a signed-in call: 400 naming the field, nothing changed', async () => {
    const { cookie } = await signUp(t.app, `hygiene-${Date.now()}@example.com`);
    await withLanguage(t.app, cookie);
    const user = caller(t.app, cookie);
    for (const ch of UNSAFE) {
      const read = await user.get(`/api/user/daily-goal?language=${encodeURIComponent(`Span${ch}ish`)}`);
      expectError(read, 400, 'INVALID_INPUT');
      expect(read.json().message).toContain('"language"');
      const write = await user.post('/api/user/daily-activity', { date: `${todayIso()}${ch}`, listeningDailyMins: 5 });
      expectError(write, 400, 'INVALID_INPUT');
      expect(write.json().message).toContain('"date"');
    }
    const progress = (await user.get('/api/user/progress')).json();
    expect(progress.totalOverallMins).toBe(0);
  });

  it('ordinary text passes: accented letters, CJK and emoji are not refused', async () => {
    const res = await caller(t.app).post('/api/auth/login', { email: 'zoë.日本@例え.jp', password: 'a long enough passphrase' });
    expect(res.statusCode).not.toBe(400);
  });

  it('sign-up refuses markup and address delimiters in an email, and one account per email whatever its Unicode form', async () => {
    for (const email of ['<script>alert(1)</script>@example.com', 'a,b@example.com', 'a;b@example.com', '"a"@example.com']) {
      expectError(await caller(t.app).post('/api/auth/register', { email, password: 'a long enough passphrase' }), 400, 'INVALID_INPUT');
    }
    const tag = Date.now();
    const composed = `zo\u00eb-${tag}@Example.com`;
    const decomposed = `zoe\u0308-${tag}@example.COM`;
    expect((await caller(t.app).post('/api/auth/register', { email: composed, password: 'a long enough passphrase' })).statusCode).toBe(201);
    expectError(await caller(t.app).post('/api/auth/register', { email: decomposed, password: 'a long enough passphrase' }), 409, 'EMAIL_EXISTS');
    expect((await caller(t.app).post('/api/auth/login', { email: decomposed, password: 'a long enough passphrase' })).statusCode).toBe(200);
  });
});
