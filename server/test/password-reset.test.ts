/**
 * A forgotten password (contract, fourth edition): the reset asked for by email, confirmed with
 * the emailed token, and the signed-in change. Mail goes to a real SMTP receiver on loopback.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { hashResetToken } from '../src/domain/passwordReset';
import { freePort } from './freePort';
import { buildTestApp, describeDb, sharedDatabase, signUp, type TestApp } from './helper';
import { startMailReceiver, tokenIn, type MailReceiver } from './mailReceiver';
import { caller, expectError, MINUTE_MS, sessionCookie } from './requests';

const PUBLIC_URL = 'https://lingualog.test';
let mail: MailReceiver;
let t: TestApp;
let clockOffsetMs = 0;
let addressCounter = 0;
/** Each test asks from an address of its own, so the per-address cap of one test never meets another's. */
let address = '';

beforeAll(async () => {
  mail = await startMailReceiver();
  t = await buildTestApp({
    now: () => new Date(Date.now() + clockOffsetMs),
    mail: { smtpUrl: mail.url, from: 'LinguaLog <reset@lingualog.test>', publicUrl: PUBLIC_URL },
  });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});
beforeEach(() => {
  clockOffsetMs = 0;
  mail.messages.length = 0;
  address = `198.51.100.${++addressCounter}`;
});

const post = (app: FastifyInstance, url: string, payload: object, cookie?: string) =>
  app.inject({ method: 'POST', url, payload, remoteAddress: address, headers: cookie ? { cookie } : {} });
const askReset = (email: string, app = t.app) => post(app, '/api/auth/password-reset', { email });
const confirm = (token: string, password: string, app = t.app) => post(app, '/api/auth/password-reset/confirm', { token, password });
const signIn = (email: string, password: string, app = t.app) => post(app, '/api/auth/login', { email, password });

/** Asks for a reset of `email` and answers the token of the email it brings. */
async function emailedToken(email: string): Promise<string> {
  const before = mail.messages.length;
  expect((await askReset(email)).statusCode).toBe(202);
  const messages = await mail.waitFor(before + 1);
  return tokenIn(messages[before]!);
}

/** Lets a background send that should not happen have its chance to arrive. */
const settle = () => new Promise((r) => setTimeout(r, 300));

describeDb('POST /api/auth/password-reset', () => {
  it('answers 202 {} alike for an account and for an unknown email, and mails only the account', async () => {
    const { email } = await signUp(t.app);
    const known = await askReset(email);
    const unknown = await askReset(`nobody-${address}@example.com`);
    expect([known.statusCode, known.body]).toEqual([202, '{}']);
    expect([unknown.statusCode, unknown.body]).toEqual([202, '{}']);
    expect(known.headers['content-type']).toBe(unknown.headers['content-type']);
    await mail.waitFor(1);
    await settle();
    expect(mail.messages.map((m) => m.to)).toEqual([[email]]);
  });

  it('takes as long for an unknown email as for an account (medians within a few milliseconds)', async () => {
    const known: string[] = [];
    for (let i = 0; i < 9; i++) known.push((await signUp(t.app)).email);
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < known.length; i++) {
      for (const [kind, email] of [['known', known[i]!], ['unknown', `nobody${i}-${address}@example.com`]] as const) {
        address = `203.0.113.${i * 2 + (kind === 'known' ? 1 : 2)}`;
        const started = performance.now();
        expect((await askReset(email)).statusCode).toBe(202);
        times[kind].push(performance.now() - started);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    expect(Math.abs(median(times.known) - median(times.unknown))).toBeLessThan(15);
    await mail.waitFor(known.length);
  });

  it('finds the account by its email as sign-in does: trimmed and in any case', async () => {
    const { email } = await signUp(t.app);
    expect((await askReset(`  ${email.toUpperCase()} `)).statusCode).toBe(202);
    expect((await mail.waitFor(1))[0]!.to).toEqual([email]);
  });

  it('sends an email, in text and HTML, saying what it is for, the link, its 30 minutes and what to do if unasked', async () => {
    const { email } = await signUp(t.app);
    const token = await emailedToken(email);
    const { raw } = mail.messages[0]!;
    expect(token.length).toBeGreaterThanOrEqual(43); // 32 bytes in base64url
    expect(raw).toMatch(/^From: LinguaLog <reset@lingualog\.test>/m);
    expect(raw).toMatch(/^Subject: Reset your LinguaLog password/m);
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toContain(`${PUBLIC_URL}/reset-password#token=${token}`);
    expect(raw).toContain(`href="${PUBLIC_URL}/reset-password#token=${token}"`);
    expect(raw).toContain('reset the password');
    expect(raw).toContain('30 minutes');
    expect(raw).toContain('If you did not ask for this, you can ignore this email');
  });

  it('keeps only a SHA-256 of the token', async () => {
    const { email } = await signUp(t.app);
    const token = await emailedToken(email);
    const stored = await t.db.selectFrom('password_resets').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).toContain(hashResetToken(token));
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
  });

  it('sends at most 3 emails an hour to one account; later requests still answer 202', async () => {
    const { email } = await signUp(t.app);
    for (let i = 0; i < 5; i++) expect((await askReset(email)).statusCode).toBe(202);
    await mail.waitFor(3);
    await settle();
    expect(mail.messages).toHaveLength(3);
    clockOffsetMs = 61 * MINUTE_MS;
    await emailedToken(email);
  });

  it('answers 429 RATE_LIMITED with Retry-After after 10 requests an hour from one address', async () => {
    for (let i = 0; i < 10; i++) expect((await askReset(`probe${i}-${address}@example.com`)).statusCode).toBe(202);
    const refused = await askReset('one-more@example.com');
    expectError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    clockOffsetMs = 61 * MINUTE_MS;
    expect((await askReset('one-more@example.com')).statusCode).toBe(202);
  });

  it('shares its caps between server processes on one database', async () => {
    const shared = await sharedDatabase({ mail: { smtpUrl: mail.url, publicUrl: PUBLIC_URL } });
    try {
      const [one, two] = [await shared.open(), await shared.open()];
      const { email } = await signUp(one);
      for (let i = 0; i < 5; i++) expect((await askReset(email, i % 2 ? two : one)).statusCode).toBe(202);
      await mail.waitFor(3);
      await settle();
      expect(mail.messages).toHaveLength(3);
      for (let i = 5; i < 10; i++) expect((await askReset(`probe${i}@example.com`, i % 2 ? two : one)).statusCode).toBe(202);
      expectError(await askReset(email, two), 429, 'RATE_LIMITED');
      expectError(await askReset(email, one), 429, 'RATE_LIMITED');
    } finally {
      await shared.close();
    }
  });

  it('refuses a body that is not {email}', async () => {
    expectError(await post(t.app, '/api/auth/password-reset', {}), 400, 'INVALID_INPUT');
    expectError(await post(t.app, '/api/auth/password-reset', { email: 'a@example.com', extra: 1 }), 400, 'INVALID_INPUT');
    expectError(await post(t.app, '/api/auth/password-reset', { email: 42 }), 400, 'INVALID_INPUT');
  });
});

describeDb('POST /api/auth/password-reset/confirm', () => {
  it('sets the new password (204): the old one no longer signs in, the new one does', async () => {
    const { email, password } = await signUp(t.app);
    const token = await emailedToken(email);
    const res = await confirm(token, 'a new long passphrase');
    expect([res.statusCode, res.body]).toEqual([204, '']);
    expectError(await signIn(email, password), 401, 'INVALID_CREDENTIALS');
    expect((await signIn(email, 'a new long passphrase')).statusCode).toBe(200);
  });

  it('a token works once: a second use is 400 INVALID_TOKEN', async () => {
    const { email } = await signUp(t.app);
    const token = await emailedToken(email);
    expect((await confirm(token, 'a new long passphrase')).statusCode).toBe(204);
    expectError(await confirm(token, 'another long passphrase'), 400, 'INVALID_TOKEN');
    expect((await signIn(email, 'a new long passphrase')).statusCode).toBe(200);
  });

  it('of two confirms racing with one token exactly one succeeds', async () => {
    const { email } = await signUp(t.app);
    const token = await emailedToken(email);
    const answers = await Promise.all([confirm(token, 'first racing passphrase'), confirm(token, 'second racing passphrase')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 400]);
  });

  it('an unknown token is 400 INVALID_TOKEN', async () => {
    expectError(await confirm('A'.repeat(43), 'a new long passphrase'), 400, 'INVALID_TOKEN');
  });

  it('a token works for 30 minutes, then is 400 INVALID_TOKEN', async () => {
    const { email } = await signUp(t.app);
    const early = await emailedToken(email);
    const late = await emailedToken(email);
    clockOffsetMs = 29 * MINUTE_MS;
    expect((await confirm(early, 'within the half hour')).statusCode).toBe(204);
    clockOffsetMs = 31 * MINUTE_MS;
    const { email: other } = await signUp(t.app);
    clockOffsetMs = 0;
    const expired = await emailedToken(other);
    clockOffsetMs = 30 * MINUTE_MS;
    expectError(await confirm(expired, 'past the half hour'), 400, 'INVALID_TOKEN');
    expectError(await confirm(late, 'past the half hour'), 400, 'INVALID_TOKEN');
  });

  it('ends every session of the account', async () => {
    const { email, password, cookie } = await signUp(t.app);
    const otherDevice = sessionCookie(await signIn(email, password));
    expect(otherDevice).toBeDefined();
    const token = await emailedToken(email);
    expect((await confirm(token, 'a new long passphrase')).statusCode).toBe(204);
    for (const session of [cookie, otherDevice]) expectError(await caller(t.app, session).get('/api/auth/check'), 401, 'UNAUTHENTICATED');
  });

  it('voids every other reset token of the account', async () => {
    const { email } = await signUp(t.app);
    const first = await emailedToken(email);
    const second = await emailedToken(email);
    expect((await confirm(second, 'a new long passphrase')).statusCode).toBe(204);
    expectError(await confirm(first, 'another long passphrase'), 400, 'INVALID_TOKEN');
  });

  it('follows the sign-up password rules with their messages, and a refused password leaves the token usable', async () => {
    const { email } = await signUp(t.app);
    const token = await emailedToken(email);
    const short = await confirm(token, 'short');
    expectError(short, 400, 'INVALID_INPUT');
    expect(short.json().message).toBe('Password must be between 8 and 100 characters');
    const common = await confirm(token, 'password123');
    expectError(common, 400, 'COMMON_PASSWORD');
    expect(common.json().message).toBe('This password is too common, choose one that is harder to guess');
    expect((await confirm(token, 'a new long passphrase')).statusCode).toBe(204);
  });

  it('account deletion voids the account\'s reset tokens', async () => {
    const { email, cookie } = await signUp(t.app);
    const token = await emailedToken(email);
    expect((await caller(t.app, cookie).del('/api/user')).statusCode).toBe(204);
    expectError(await confirm(token, 'a new long passphrase'), 400, 'INVALID_TOKEN');
    expect(await t.db.selectFrom('password_resets').selectAll().where('token_hash', '=', hashResetToken(token)).execute()).toEqual([]);
    await signUp(t.app, email, 'a fresh start passphrase');
    expectError(await confirm(token, 'a new long passphrase'), 400, 'INVALID_TOKEN');
  });
});

describeDb('POST /api/user/password', () => {
  const change = (cookie: string | undefined, currentPassword: string, newPassword: string, app = t.app) =>
    post(app, '/api/user/password', { currentPassword, newPassword }, cookie);

  it('changes the password (204): this session stays, every other session ends', async () => {
    const { email, password, cookie } = await signUp(t.app);
    const otherDevice = sessionCookie(await signIn(email, password));
    expect(otherDevice).toBeDefined();
    const res = await change(cookie, password, 'a changed passphrase');
    expect([res.statusCode, res.body]).toEqual([204, '']);
    expect((await caller(t.app, cookie).get('/api/auth/check')).statusCode).toBe(200);
    expectError(await caller(t.app, otherDevice).get('/api/auth/check'), 401, 'UNAUTHENTICATED');
    expectError(await signIn(email, password), 401, 'INVALID_CREDENTIALS');
    expect((await signIn(email, 'a changed passphrase')).statusCode).toBe(200);
  });

  it('a wrong current password is 401 INVALID_CREDENTIALS and changes nothing', async () => {
    const { email, password, cookie } = await signUp(t.app);
    expectError(await change(cookie, 'not my password', 'a changed passphrase'), 401, 'INVALID_CREDENTIALS');
    expect((await caller(t.app, cookie).get('/api/auth/check')).statusCode).toBe(200);
    expect((await signIn(email, password)).statusCode).toBe(200);
  });

  it('follows the sign-up password rules for the new password', async () => {
    const { password, cookie } = await signUp(t.app);
    const res = await change(cookie, password, 'short');
    expectError(res, 400, 'INVALID_INPUT');
    expect(res.json().message).toBe('Password must be between 8 and 100 characters');
    expectError(await change(cookie, password, 'password123'), 400, 'COMMON_PASSWORD');
  });

  it('voids the account\'s reset tokens', async () => {
    const { email, password, cookie } = await signUp(t.app);
    const token = await emailedToken(email);
    expect((await change(cookie, password, 'a changed passphrase')).statusCode).toBe(204);
    expectError(await confirm(token, 'a reset passphrase'), 400, 'INVALID_TOKEN');
  });

  it('needs a session: 401 UNAUTHENTICATED', async () => {
    expectError(await change(undefined, 'whatever it is', 'a changed passphrase'), 401, 'UNAUTHENTICATED');
  });
});

describeDb('a wrong current password counts like a failed sign-in', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ rateLimit: { loginPerAccountPerWindow: 3, loginPerIpPerWindow: 1000, loginFailuresPerIpPerMinute: 1000, windowMs: 60_000 } });
  });
  afterAll(() => limited.close());

  it('after the account\'s sign-in budget of failures, both the change and a sign-in are 429', async () => {
    const { email, password, cookie } = await signUp(limited.app);
    for (let i = 0; i < 3; i++) expectError(await post(limited.app, '/api/user/password', { currentPassword: `wrong ${i} guess`, newPassword: 'a changed passphrase' }, cookie), 401, 'INVALID_CREDENTIALS');
    expectError(await post(limited.app, '/api/user/password', { currentPassword: password, newPassword: 'a changed passphrase' }, cookie), 429, 'RATE_LIMITED');
    expectError(await post(limited.app, '/api/auth/login', { email, password }), 429, 'RATE_LIMITED');
  });

  it('a reset forgets the failed sign-ins of the account\'s email: the learner signs in at once with the new password', async () => {
    const receiver = await startMailReceiver();
    const app = await buildTestApp({
      rateLimit: { loginPerAccountPerWindow: 3, loginPerIpPerWindow: 1000, loginFailuresPerIpPerMinute: 1000, windowMs: 60_000 },
      mail: { smtpUrl: receiver.url, publicUrl: PUBLIC_URL },
    });
    try {
      const { email } = await signUp(app.app);
      for (let i = 0; i < 3; i++) expectError(await signIn(email, `forgotten ${i} guess`, app.app), 401, 'INVALID_CREDENTIALS');
      expectError(await signIn(email, 'forgotten 4 guess', app.app), 429, 'RATE_LIMITED');
      expect((await askReset(email, app.app)).statusCode).toBe(202);
      const token = tokenIn((await receiver.waitFor(1))[0]!);
      expect((await confirm(token, 'a remembered passphrase', app.app)).statusCode).toBe(204);
      expect((await signIn(email, 'a remembered passphrase', app.app)).statusCode).toBe(200);
    } finally {
      await app.close();
      await receiver.close();
    }
  });

  it('a right current password clears the failures, as a sign-in does', async () => {
    const { email, password, cookie } = await signUp(limited.app);
    for (let i = 0; i < 2; i++) await post(limited.app, '/api/user/password', { currentPassword: `wrong ${i} guess`, newPassword: 'a changed passphrase' }, cookie);
    expect((await post(limited.app, '/api/user/password', { currentPassword: password, newPassword: 'a changed passphrase' }, cookie)).statusCode).toBe(204);
    expect((await post(limited.app, '/api/auth/login', { email, password: 'a changed passphrase' })).statusCode).toBe(200);
  });
});

describeDb('npm run admin -- reset-password <email>', () => {
  const run = (file: string, ...args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'server/src/cli/admin.ts', ...args],
        { env: { ...process.env, DATABASE_URL: `sqlite:${file}`, PUBLIC_URL }, timeout: 60_000 },
        (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
      );
    });

  it('prints a one-time link that sets a new password; an unknown email is an error (exit 1)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'admin-cli-'));
    const file = join(dir, 'tracker.db');
    const own = await buildTestApp({ databaseUrl: `sqlite:${file}` });
    try {
      const { email, password } = await signUp(own.app);
      const printed = await run(file, 'reset-password', `  ${email.toUpperCase()}`);
      expect(printed.code, printed.stderr).toBe(0);
      const token = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/reset-password#token=([A-Za-z0-9_-]{43,})`).exec(printed.stdout)?.[1];
      expect(token, printed.stdout).toBeDefined();
      expect(printed.stdout).toContain('30 minutes');
      expect((await confirm(token!, 'an operator given passphrase', own.app)).statusCode).toBe(204);
      expectError(await confirm(token!, 'once more with it', own.app), 400, 'INVALID_TOKEN');
      expectError(await signIn(email, password, own.app), 401, 'INVALID_CREDENTIALS');
      expect((await signIn(email, 'an operator given passphrase', own.app)).statusCode).toBe(200);

      const unknown = await run(file, 'reset-password', 'nobody@example.com');
      expect(unknown.code).toBe(1);
      expect(unknown.stdout).toBe('');
      expect(unknown.stderr).toContain('No account has the email "nobody@example.com"');
    } finally {
      await own.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describeDb('without SMTP_URL', () => {
  it('the reset request still answers 202 {}, and the server says once, when it starts, that mail is not set up', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => lines.push(line) };
    const plain = await buildTestApp({ logger: { level: 'warn', stream } });
    try {
      await plain.app.ready();
      const { email } = await signUp(plain.app);
      for (const asked of [email, 'nobody@example.com']) expect((await askReset(asked, plain.app)).body).toBe('{}');
      expect(lines.filter((l) => l.includes('Mail is not set up'))).toHaveLength(1);
    } finally {
      await plain.close();
    }
  });
});

describeDb('the reset request never waits for the mail server', () => {
  it('answers 202 at once even when the mail server accepts the connection and never answers', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => void sockets.add(socket));
    const port = await freePort();
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
    const stuck = await buildTestApp({ mail: { smtpUrl: `smtp://127.0.0.1:${port}`, publicUrl: PUBLIC_URL } });
    try {
      const { email } = await signUp(stuck.app);
      const started = performance.now();
      const res = await askReset(email, stuck.app);
      expect([res.statusCode, res.body]).toEqual([202, '{}']);
      // nodemailer waits 10 s for a greeting; the answer must not.
      expect(performance.now() - started).toBeLessThan(2_000);
      await new Promise((r) => setTimeout(r, 200));
      expect(sockets.size).toBe(1);
    } finally {
      for (const socket of sockets) socket.destroy();
      await stuck.close();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describeDb('the pages of a forgotten password are served signed out', () => {
  it('/forgot-password and /reset-password answer the app, never cached', async () => {
    const spaDir = mkdtempSync(join(tmpdir(), 'reset-spa-'));
    writeFileSync(join(spaDir, 'index.html'), '<!doctype html><title>LinguaLog</title><div id="root"></div>');
    const served = await buildTestApp({ spaDir });
    try {
      for (const url of ['/forgot-password', '/reset-password']) {
        const res = await served.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.headers['cache-control'], url).toBe('no-cache');
      }
    } finally {
      await served.close();
      rmSync(spaDir, { recursive: true, force: true });
    }
  });
});
