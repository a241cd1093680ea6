/**
 * Issue #39, minutes in their place (contract, fourth edition): an add lands in the language and
 * the account it was logged for, dialogs settle while the server answers 503, a browser that
 * refuses IndexedDB still sends, and two devices stopping one timer add its minutes once.
 */
import type { Browser, BrowserContext, Page, Route } from '@playwright/test';
import { LANGUAGE, PASSWORD, chooseLanguageViaApi, expect, registerViaApi, test, uniqueEmail } from '../fixtures';
import type { Learner } from '../fixtures';
import { addTime, openAddTime, today, withoutFirstAnswers } from '../support/dashboard';

// A worker's requests never meet page routes: the app's own requests are what these journeys shape.
test.use({ serviceWorkers: 'block' });

const KEPT = 'Saved on this device: it will be added when the server answers';

/** Another device of the same learner: its own browser context (cookies, storage). */
async function secondDevice(browser: Browser, learner: Learner, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const answer = await context.request.post('/api/auth/login', { data: learner });
  expect(answer.status(), await answer.text()).toBe(200);
  return { context, page: await context.newPage() };
}

/** The day's minutes of one language as the server holds them, asked with the cookies of `page`. */
async function minutesIn(page: Page, language: string, field = 'totalDailyMins', date = today()): Promise<number> {
  const answer = await page.request.get(`/api/user/daily-activity?date=${date}&language=${language}`);
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as Record<string, number>)[field];
}

const addsOnly = (handle: (route: Route) => Promise<void>) => async (route: Route) =>
  route.request().method() === 'POST' ? handle(route) : route.fallback();

test('an add logged in Spanish lands in Spanish though another device switched to French before it was sent', async ({ page, browser, learner, baseURL }) => {
  await chooseLanguageViaApi(page.request, 'French');
  await chooseLanguageViaApi(page.request, LANGUAGE);
  await page.goto('/dashboard');
  // The add gets no answer: it waits on this device.
  await page.route('**/api/user/daily-activity*', addsOnly((route) => route.abort('connectionrefused')));
  const dialog = await openAddTime(page, 'Reading');
  await dialog.getByLabel('Minutes').fill('25');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText(KEPT)).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();

  const desktop = await secondDevice(browser, learner, baseURL!);
  try {
    await chooseLanguageViaApi(desktop.context.request, 'French');
  } finally {
    await desktop.context.close();
  }
  await page.unroute('**/api/user/daily-activity*');
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect.poll(() => minutesIn(page, LANGUAGE, 'readingDailyMins'), { timeout: 20_000 }).toBe(25);
  expect(await minutesIn(page, 'French')).toBe(0);
});

test("two accounts on one device: an add waits while another learner is signed in, and reaches its owner's account", async ({ page, learner }, testInfo) => {
  await page.goto('/dashboard');
  await page.route('**/api/user/daily-activity*', addsOnly((route) => route.abort('connectionrefused')));
  const dialog = await openAddTime(page, 'Listening');
  await dialog.getByLabel('Minutes').fill('15');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText(KEPT)).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();

  // Someone else signs up in the same browser and logs there.
  await page.request.post('/api/auth/logout');
  const other = { email: uniqueEmail(testInfo), password: PASSWORD };
  await registerViaApi(page.request, other);
  await chooseLanguageViaApi(page.request, LANGUAGE);
  await page.unroute('**/api/user/daily-activity*');
  await page.goto('/dashboard');
  await addTime(page, 'Writing', '', '5');
  await expect(page.getByText('1 waiting to sync')).toBeHidden();
  expect(await minutesIn(page, LANGUAGE)).toBe(5);

  // The owner comes back: their add goes to their account, never the other's.
  await page.request.post('/api/auth/logout');
  expect((await page.request.post('/api/auth/login', { data: learner })).status()).toBe(200);
  await page.goto('/dashboard');
  await expect.poll(() => minutesIn(page, LANGUAGE, 'listeningDailyMins'), { timeout: 20_000 }).toBe(15);
  await page.request.post('/api/auth/logout');
  expect((await page.request.post('/api/auth/login', { data: other })).status()).toBe(200);
  expect(await minutesIn(page, LANGUAGE)).toBe(5);
});

test('a server answering 503 while the browser is online settles every add dialog calmly, and the adds arrive once it recovers', async ({ page, learner: _learner }) => {
  await page.goto('/dashboard');
  await page.route(
    '**/api/user/daily-activity*',
    addsOnly((route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'SERVICE_UNAVAILABLE', message: 'Busy' }) })),
  );
  for (const [skill, minutes] of [['Listening', '10'], ['Reading', '20']] as const) {
    const dialog = await openAddTime(page, skill);
    await dialog.getByLabel('Minutes').fill(minutes);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByText(KEPT)).toBeVisible({ timeout: 10_000 });
    await expect(dialog.getByText('Server unreachable, try again later')).toBeHidden();
    await expect(dialog.getByRole('button', { name: 'Add', exact: true })).toBeHidden();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(page.getByText('2 waiting to sync')).toBeVisible();

  await page.unroute('**/api/user/daily-activity*');
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect.poll(() => minutesIn(page, LANGUAGE), { timeout: 20_000 }).toBe(30);
  await expect(page.getByText(/waiting to sync$/)).toHaveCount(0);
});

test('a browser that refuses IndexedDB still sends adds at once and says once that they are not kept', async ({ page, learner: _learner }) => {
  await page.addInitScript(() => {
    const refuse = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    Object.defineProperty(window.indexedDB, 'open', { value: refuse });
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('status').filter({ hasText: 'what waits for the server is lost if you close this tab' })).toHaveCount(1);
  await addTime(page, 'Speaking', '', '12');
  await expect.poll(() => minutesIn(page, LANGUAGE, 'speakingDailyMins')).toBe(12);
  await expect(page.getByText('Waiting to sync')).toBeHidden();
});

/** A timer's minutes: it may have started before midnight, and its stop splits them at midnight. */
async function timerMinutes(page: Page, language: string, field: string): Promise<number> {
  const [y, m, d] = today().split('-').map(Number);
  const yesterday = new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
  return (await minutesIn(page, language, field, yesterday)) + (await minutesIn(page, language, field));
}

test('two devices stopping one timer add its minutes once, and the second says it was stopped on another device', async ({ page, browser, learner, baseURL }) => {
  const startedAt = new Date(Date.now() - 30 * 60_000).toISOString();
  const started = await page.request.put('/api/user/timer', { data: { id: `journey-${Date.now()}`, skill: 'reading', startedAt } });
  expect(started.status(), await started.text()).toBe(200);
  await page.goto('/dashboard');
  await expect(page.getByRole('timer', { name: 'Reading timer' })).toBeVisible();

  const desktop = await secondDevice(browser, learner, baseURL!);
  try {
    // The desktop's clock runs two minutes later: its stop counts other minutes under the same keys.
    await desktop.page.clock.install({ time: Date.now() + 2 * 60_000 });
    await desktop.page.goto('/dashboard');
    await expect(desktop.page.getByRole('timer', { name: 'Reading timer' })).toBeVisible();

    await page.getByRole('button', { name: 'Stop timer' }).click();
    await expect(page.getByRole('status').filter({ hasText: /of Reading added\./ })).toBeVisible({ timeout: 15_000 });
    const added = await timerMinutes(page, LANGUAGE, 'readingDailyMins');
    expect(added).toBeGreaterThanOrEqual(30);

    await desktop.page.getByRole('button', { name: 'Stop timer' }).click();
    await expect(desktop.page.getByRole('status').filter({ hasText: 'was stopped on another device' })).toBeVisible({ timeout: 15_000 });
    await expect(desktop.page.getByText('Error adding daily time')).toBeHidden();
    await expect(desktop.page.getByRole('list', { name: 'Adds not saved' })).toBeHidden();
    expect(await timerMinutes(page, LANGUAGE, 'readingDailyMins')).toBe(added);
  } finally {
    await desktop.context.close();
  }
});

test('a reload while the server answers 503 (the network up) shows the last known figures and says so in one calm line', async ({ page, learner: _learner }) => {
  await page.goto('/dashboard');
  await addTime(page, 'Listening', '', '30');
  await expect(page.getByText('Total 0h 30m')).toBeVisible();
  // The page's own first answers would come from the server that is down: the app asks for them.
  await withoutFirstAnswers(page);
  await page.route('**/api/**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'SERVICE_UNAVAILABLE', message: 'Busy' }) }),
  );
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'The server is not answering: these are the last figures this device saw' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Total 0h 30m')).toBeVisible();
  await expect(page.getByText('Server unreachable, try again later')).toBeHidden();

  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await expect(page.getByText('The server is not answering')).toBeHidden({ timeout: 20_000 });
  await expect(page.getByText('Total 0h 30m')).toBeVisible();
});
