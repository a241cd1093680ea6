/**
 * A forgotten password, end to end (contract, fourth edition): a server of its own with SMTP_URL
 * pointing at a mail receiver this journey runs, from "Forgot password?" through the emailed link
 * to signing in with the new password. The old password no longer signs in, and the session the
 * learner had elsewhere is over.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startMailReceiver, type MailReceiver } from '../../../server/test/mailReceiver';
import { checkScreen, expect, PASSWORD, test, uniqueEmail } from '../fixtures';
import { freePort } from '../support/processes';
import { freshSqlite, startServer, type RunningServer } from '../support/server';

const NEW_PASSWORD = 'a brand new passphrase 7';

let mail: MailReceiver;
let server: RunningServer;
let serverDir: string;

test.beforeAll(async () => {
  mail = await startMailReceiver();
  const port = await freePort();
  const { dir, databaseUrl } = freshSqlite('e2e-reset-');
  serverDir = dir;
  server = await startServer({
    databaseUrl,
    logFile: join(dir, 'server.log'),
    port,
    env: { SMTP_URL: mail.url, MAIL_FROM: 'LinguaLog <reset@lingualog.test>', PUBLIC_URL: `http://127.0.0.1:${port}` },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await mail?.close();
  if (serverDir) rmSync(serverDir, { recursive: true, force: true });
});

test('from "Forgot password?" through the emailed link to signing in with the new password', async ({ page }, testInfo) => {
  // Four slow password hashes on two shared cores.
  test.slow();
  const email = uniqueEmail(testInfo);
  // Signed up on "another device": a session this page does not hold, which the reset must end.
  const signUp = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(signUp.status, await signUp.text()).toBe(201);
  const otherDevice = (signUp.headers.get('set-cookie') ?? '').split(';')[0];

  await page.goto(`${server.url}/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await checkScreen(page, testInfo, 'forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  const sent = page.getByRole('status');
  await expect(sent).toHaveText('If an account exists for that address, we sent a link; it works for 30 minutes.');
  await expect(sent).toBeFocused();

  const [message] = await mail.waitFor(1, 15_000);
  expect(message!.to).toEqual([email]);
  const link = new RegExp(`http://127\\.0\\.0\\.1:\\d+/reset-password#token=[A-Za-z0-9_-]{43,}`).exec(message!.raw)?.[0];
  expect(link, message!.raw).toBeDefined();

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  // The token is off the address as soon as the page has read it.
  await expect.poll(() => new URL(page.url()).hash).toBe('');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Re-enter new password').fill(NEW_PASSWORD);
  await expect(page.getByText('Both passwords match')).toBeVisible();
  await checkScreen(page, testInfo, 'reset-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password is changed. Sign in with it.');

  const check = await fetch(`${server.url}/api/auth/check`, { headers: { cookie: otherDevice } });
  expect(check.status).toBe(401);

  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Enter Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Incorrect email and/or password, try again')).toBeVisible();
  await page.getByLabel('Enter Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  // A learner who never chose a language goes on to choose one: signed in.
  await expect(page).toHaveURL(/\/register\/language$/);
});
