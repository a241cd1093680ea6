import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import type { Learner } from '../fixtures';
import { today } from '../support/dashboard';

/** A second device: its own browser context (cookies, storage), signed in as the same learner. */
async function secondDevice(browser: Browser, learner: Learner, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL });
  const answer = await context.request.post('/api/auth/login', { data: learner });
  expect(answer.status(), await answer.text()).toBe(200);
  return { context, page: await context.newPage() };
}

/** What the window does when the learner comes back to it: RTK Query refetches the timer on focus. */
const comeBack = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

const minutesToday = async (page: Page, field: 'listeningDailyMins' | 'totalDailyMins' = 'listeningDailyMins') => {
  const answer = await page.request.get(`/api/user/daily-activity?date=${today()}`);
  return ((await answer.json()) as Record<typeof field, number>)[field];
};

test('a running timer keeps the truth across a reload, a closed tab and 30 fast-forwarded minutes', async ({ page, context, learner: _learner }) => {
  await page.clock.install();
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Start timer for Listening' }).click();
  const timer = page.getByRole('timer', { name: 'Listening timer' });
  await expect(timer).toHaveText(/^0:00:\d\d$/);

  await page.clock.fastForward('30:00');
  await expect(timer).toHaveText(/^0:3[01]:\d\d$/);

  await page.reload();
  await expect(page.getByRole('timer', { name: 'Listening timer' })).toHaveText(/^0:3[01]:\d\d$/);

  await page.close();
  const reopened = await context.newPage();
  await reopened.goto('/dashboard');
  await expect(reopened.getByRole('timer', { name: 'Listening timer' })).toHaveText(/^0:3[01]:\d\d$/);
  await expect(reopened.getByRole('button', { name: 'Start timer for Listening' })).toBeDisabled();
});

test('two devices see one timer, and stopping it on one ends it on both', async ({ page, browser, learner, baseURL }) => {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Start timer for Reading' }).click();
  await expect(page.getByRole('timer', { name: 'Reading timer' })).toBeVisible();

  const other = await secondDevice(browser, learner, baseURL!);
  try {
    await other.page.goto('/dashboard');
    await expect(other.page.getByRole('timer', { name: 'Reading timer' })).toHaveText(/^0:00:\d\d$/);

    // A start on the second device for another skill asks first: it is cancelled here.
    await other.page.getByRole('button', { name: 'Start timer for Writing' }).click();
    const question = other.page.getByRole('dialog', { name: 'Stop the Reading timer and start Writing?' });
    await expect(question).toBeVisible();
    await other.page.keyboard.press('Escape');
    await expect(question).toBeHidden();

    await other.page.getByRole('button', { name: 'Stop timer' }).click();
    await expect(other.page.getByRole('status').filter({ hasText: 'Timer stopped under one minute: nothing added.' })).toBeVisible();
    await expect(other.page.getByRole('timer')).toHaveCount(0);

    await comeBack(page);
    await expect(page.getByRole('timer')).toHaveCount(0);
    expect(await minutesToday(page, 'totalDailyMins')).toBe(0);
  } finally {
    await other.context.close();
  }
});

// Without the offline outbox on this branch, the adds a stop hands over are sent here as the outbox
// would send them: `<timer id>:<date>` keys, the first answer dropped, then retried.
test('a stop whose answers were dropped, retried and repeated on a second device, adds its minutes once', async ({ page, browser, learner, baseURL }) => {
  await page.clock.install();
  await page.goto('/dashboard');
  const started = page.waitForRequest((request) => request.method() === 'PUT' && new URL(request.url()).pathname.endsWith('/api/user/timer'));
  await page.getByRole('button', { name: 'Start timer for Listening' }).click();
  const timerId = ((await started).postDataJSON() as { id: string }).id;
  await expect(page.getByRole('timer', { name: 'Listening timer' })).toBeVisible();
  await page.clock.fastForward('30:00');
  await expect(page.getByRole('timer', { name: 'Listening timer' })).toHaveText(/^0:3[01]:\d\d$/);

  // The server applies the first stop, but its answer never arrives.
  let droppedStop = false;
  await page.route('**/api/user/timer/*', async (route) => {
    if (droppedStop) return route.fallback();
    droppedStop = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Stop timer' }).click();
  await expect(page.getByText(/minutes of Listening added\./)).toBeVisible();
  await expect.poll(() => droppedStop).toBe(true);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Start timer for Listening' })).toBeEnabled();
  await expect(page.getByRole('timer')).toHaveCount(0);

  const add = { headers: { 'Idempotency-Key': `${timerId}:${today()}` }, data: { date: today(), listeningDailyMins: 30 } };
  const first = await page.request.post('/api/user/daily-activity', add);
  expect(first.status()).toBe(200);
  const other = await secondDevice(browser, learner, baseURL!);
  try {
    const replay = await other.context.request.post('/api/user/daily-activity', add);
    expect(replay.status()).toBe(200);
    expect(replay.headers()['idempotent-replayed']).toBe('true');
  } finally {
    await other.context.close();
  }
  expect(await minutesToday(page)).toBe(30);
});
