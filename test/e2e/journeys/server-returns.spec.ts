import { join } from 'node:path';
import { rmSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { LANGUAGE, PASSWORD, chooseLanguageViaApi, expect, registerViaApi, test, uniqueEmail } from '../fixtures';
import { appIsLive, showTab } from '../support/dashboard';
import type { RunningServer } from '../support/server';
import { freshSqlite, startServer } from '../support/server';

const NETWORK = 'Server unreachable, try again later';
const ROUTER_ERROR = 'Unexpected Application Error!';

test.skip(({ isPhone }) => !isPhone, 'Phone widths: the journey sets 320 and 390 px itself.');

/** A server of its own that can stop and start again at the same address, on the same database. */
let server: RunningServer | undefined;
let dir = '';

test.afterEach(async () => {
  await server?.stop();
  server = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function start(port?: number): Promise<RunningServer> {
  const fresh = dir ? { dir, databaseUrl: `sqlite:${join(dir, 'e2e.db')}` } : freshSqlite('e2e-returns-');
  dir = fresh.dir;
  server = await startServer({ databaseUrl: fresh.databaseUrl, logFile: join(dir, 'server.log'), port });
  return server;
}

/** No picture on the page shows as broken (its alt text in place of the image). */
async function expectNoBrokenImage(page: Page): Promise<void> {
  const broken = await page.evaluate(() => [...document.images].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.alt));
  expect(broken).toEqual([]);
}

/** Our waiting screen for a screen whose code never loaded, never the router's; the way back works. */
async function expectWaitingScreen(page: Page, link: 'Insights' | 'Settings', width: number): Promise<void> {
  await page.setViewportSize({ width, height: 760 });
  const today = page.getByRole('region', { name: 'Today' });
  await page.getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { name: 'Waiting for the server' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: NETWORK })).toBeVisible();
  await expect(page.getByText(ROUTER_ERROR)).toHaveCount(0);
  await expectNoBrokenImage(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await page.goBack();
  await expect(today).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Waiting for the server' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(today).toBeVisible();
}

test('with the server stopped every screen and every back/forward shows our own states at 320 and 390 px, and the app recovers by itself when it returns', async ({
  page,
  review,
}, testInfo) => {
  // Three starts of a server of its own.
  test.slow();
  await page.setViewportSize({ width: 320, height: 760 });
  const { url, stop } = await start();
  const port = Number(new URL(url).port);
  await registerViaApi(page.request, { email: uniqueEmail(testInfo), password: PASSWORD }, url);
  await chooseLanguageViaApi(page.request, LANGUAGE, url);
  await page.goto(`${url}/dashboard`);
  await expect(page.getByRole('region', { name: 'Today' })).toBeVisible();
  // The server's screen shows before the app's code arrives: the server stops once the app runs.
  await appIsLive(page);
  await stop();

  await expectWaitingScreen(page, 'Insights', 320);
  await expectWaitingScreen(page, 'Settings', 390);
  await page.getByRole('link', { name: 'Insights' }).click();
  await review('server-stopped');
  await page.goBack();

  // A read that gets no answer: one banner, and the panel its own notice.
  await page.setViewportSize({ width: 320, height: 760 });
  await showTab(page, true, 'Calendar');
  await page.getByRole('button', { name: 'Previous month' }).click();
  const banner = page.getByRole('alert').filter({ hasText: NETWORK });
  await expect(banner).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(ROUTER_ERROR)).toHaveCount(0);
  await expectNoBrokenImage(page);

  // The server returns: the banner leaves and the month shows within seconds, without a click.
  await start(port);
  await expect(banner).toBeHidden({ timeout: 8_000 });
  await expect(page.getByText('Click to edit learning time!')).toBeVisible();

  // The waiting screen opens its page by itself too.
  await server!.stop();
  await page.setViewportSize({ width: 390, height: 760 });
  await page.getByRole('link', { name: 'Insights' }).click();
  await expect(page.getByRole('heading', { name: 'Waiting for the server' })).toBeVisible();
  await start(port);
  await expect(page.getByRole('heading', { name: `Insights: ${LANGUAGE}`, level: 1 })).toBeVisible({ timeout: 8_000 });
});

test("Settings' language list that gets no answer shows our notice with 'Try again', and fills in by itself once it is answered", async ({
  page,
  learner: _learner,
}) => {
  await page.setViewportSize({ width: 320, height: 760 });
  await page.goto('/settings');
  await expect(page.getByRole('button', { name: /^Daily Goal/ })).toBeVisible();
  // The server stops answering (the main server serves every journey, so its calls fail instead).
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: /^Language/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Language' });
  await expect(page.getByRole('alert').filter({ hasText: NETWORK })).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(dialog.getByText('Loading...')).toHaveCount(0);
  await page.unroute('**/api/**');
  await expect(dialog.getByLabel('Language you are learning')).toHaveValue(LANGUAGE, { timeout: 8_000 });
});
