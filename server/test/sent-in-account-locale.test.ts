/**
 * What the server sends with no request to read a language from (contract, fifth edition): the
 * password-reset email and the reminder's notification are in the account's stored App language,
 * and in English when the account names none.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { requestReset, type ResetMailer } from '../src/domain/passwordReset';
import { nudgeFor, testNudge } from '../src/domain/reminders';
import { serverText } from '../src/domain/serverTexts';
import { buildTestApp, describeDb, signUp, withLanguage, type TestApp } from './helper';
import { caller } from './requests';

type Mail = Parameters<ResetMailer['send']>[0];

let t: TestApp;
let address = 0;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A learner whose App language is `uiLocale` (none: null), learning Spanish; their id and email. */
async function learnerIn(uiLocale: string | null): Promise<{ userId: number; email: string }> {
  const { cookie, email } = await signUp(t.app);
  await withLanguage(t.app, cookie, 'Spanish');
  if (uiLocale) expect((await caller(t.app, cookie).put('/api/user/preferences', { uiLocale })).statusCode).toBe(200);
  const user = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { userId: Number(user.id), email };
}

/** The reset email a request for `email` sends (the flow the route and the admin command use). */
async function resetMailFor(email: string): Promise<Mail> {
  const sent = new Promise<Mail>((resolve) => {
    const mailer: ResetMailer = { configured: true, publicUrl: 'https://lingualog.test', send: resolve };
    void requestReset(t.db, mailer, { email, ip: `203.0.113.${++address}`, nowMs: Date.now() });
  });
  return sent;
}

describeDb('The reset email is in the account’s App language', () => {
  it('German for an account whose App language is de: subject, body, its 30 minutes and what a reset ends', async () => {
    const { email } = await learnerIn('de');
    const mail = await resetMailFor(email);
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe('Dein LinguaLog-Passwort zurücksetzen');
    expect(mail.text).toContain(`Jemand möchte das Passwort des LinguaLog-Kontos für ${email} zurücksetzen.`);
    expect(mail.text).toContain('Der Link gilt 30 Minuten und nur ein einziges Mal.');
    expect(mail.text).toContain('wirst du auf allen Geräten abgemeldet');
    expect(mail.text).toContain('https://lingualog.test/reset-password#token=');
    expect(mail.text).not.toContain('Someone asked');
    expect(mail.html).toContain('<html lang="de" dir="ltr">');
    expect(mail.html).toContain('Neues Passwort festlegen</a>');
  });

  it('Arabic, right to left, for an account whose App language is ar', async () => {
    const { email } = await learnerIn('ar');
    const mail = await resetMailFor(email);
    expect(mail.subject).toBe('أعد تعيين كلمة مرور LinguaLog');
    expect(mail.text).toContain('يعمل الرابط 30 دقيقة ولمرة واحدة فقط.');
    expect(mail.text).toContain('إن لم تطلب ذلك، فتجاهل هذه الرسالة');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.text).not.toContain('Someone asked');
  });

  it('English, as before, for an account that names no App language', async () => {
    const { email } = await learnerIn(null);
    const mail = await resetMailFor(email);
    expect(mail.subject).toBe('Reset your LinguaLog password');
    expect(mail.text).toContain(`Someone asked to reset the password of the LinguaLog account for ${email}. To choose a new password, open this link:`);
    expect(mail.text).toContain('The link works for 30 minutes and only once.');
    expect(mail.text).toContain('If you did not ask for this, you can ignore this email');
  });
});

describeDb('The reminder’s notification is in the account’s App language', () => {
  const day = new Date().toISOString().slice(0, 10);

  it('Japanese for an account whose App language is ja, the language named in Japanese', async () => {
    const { userId } = await learnerIn('ja');
    const nudge = await nudgeFor(t.db, { userId, language: 'Spanish', skipWhenGoalMet: true }, day);
    expect(nudge).toEqual({ title: 'LinguaLog', body: '今日のスペイン語の目標まであと30分', url: '/dashboard' });
    const first = await nudgeFor(t.db, { userId, language: null, skipWhenGoalMet: true }, day);
    expect(first?.body).toBe('言語を選んで、今日の最初の数分を記録しましょう。');
  });

  it('Arabic counts the minutes left by its own plural forms: one, two, few, many, other', async () => {
    const { userId } = await learnerIn('ar');
    const nudge = await testNudge(t.db, { userId, language: 'Spanish' }, day);
    expect(nudge.body).toBe('بقيت 30 دقيقة على هدف اليوم في الإسبانية');
    const left = (minutes: number) => serverText('ar', 'server.reminder.minutesLeft', { minutes, language: 'الإسبانية' });
    expect([1, 2, 5, 11, 100].map(left)).toEqual([
      'بقيت دقيقة واحدة على هدف اليوم في الإسبانية',
      'بقيت دقيقتان على هدف اليوم في الإسبانية',
      'بقيت 5 دقائق على هدف اليوم في الإسبانية',
      'بقيت 11 دقيقة على هدف اليوم في الإسبانية',
      'بقيت 100 دقيقة على هدف اليوم في الإسبانية',
    ]);
  });

  it('English, word for word as before, for an account that names no App language', async () => {
    const { userId } = await learnerIn(null);
    const nudge = await nudgeFor(t.db, { userId, language: 'Spanish', skipWhenGoalMet: true }, day);
    expect(nudge).toEqual({ title: 'LinguaLog', body: "30 minutes to today's goal in Spanish", url: '/dashboard' });
  });
});
