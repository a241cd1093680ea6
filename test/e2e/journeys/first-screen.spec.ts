/**
 * Issue #32: the dashboard arrives with its data. The server renders the dashboard's first screen
 * from the app's own components into the page, so a learner sees it before any script has run;
 * the app then takes its place without a second copy, a console error or a moved element.
 */
import { expect, test } from '../fixtures';
import { appIsLive, showTab, today } from '../support/dashboard';

test('before any script runs, /dashboard shows the learner’s language, today’s goal line and total hours, as the app draws them', async ({
  browser,
  page,
  learner: _learner,
  isPhone,
}, testInfo) => {
  for (const [path, data] of [
    ['/api/user/daily-goal', { dailyGoalMinutes: 30, date: today() }],
    ['/api/user/daily-activity', { date: today(), readingDailyMins: 20 }],
    ['/api/user/previous-time', { previousHours: 1230 }],
  ] as const) {
    const answer = await page.request.post(path, { data });
    expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  }

  const { javaScriptEnabled: _js, ...use } = testInfo.project.use;
  // Before the app has ever run on this device, it has not named its time zone (the tz cookie): the
  // server cannot know the learner's day, so it draws what holds whatever the day, and no day's figures (#44).
  const firstVisit = await browser.newContext({ ...use, javaScriptEnabled: false, storageState: await page.context().storageState() });
  try {
    const bare = await firstVisit.newPage();
    await bare.goto('/dashboard');
    await expect(bare.locator('#root[data-server-screen]')).toHaveCount(1);
    await expect(bare.locator('#root[data-server-screen]').getByRole('banner')).toBeVisible();
    await expect(bare.locator('#root[data-server-screen]').getByText('Loading...').first()).toBeVisible();
    await expect(bare.getByText('0h 20m / 0h 30m')).toHaveCount(0);
  } finally {
    await firstVisit.close();
  }
  // The app, once run, names its zone. (The server's screen shows the skills' buttons before the app
  // has run: since #45 its code comes only after that screen has painted.)
  await page.goto('/dashboard');
  await appIsLive(page);
  await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'tz')).toBe(true);

  // The app gives the account its zone too (issue #54): a device that has not named it (a new one, or
  // one whose cookies went but whose session stayed) gets the learner's day drawn all the same.
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect
    .poll(async () => ((await (await page.request.get('/api/user/preferences')).json()) as { timeZone: string | null }).timeZone, { timeout: 15_000 })
    .toBe(zone);
  const state = await page.context().storageState();
  const sessionAlone = await browser.newContext({ ...use, javaScriptEnabled: false, storageState: { ...state, cookies: state.cookies.filter((c) => c.name !== 'tz') } });
  try {
    const bare = await sessionAlone.newPage();
    await bare.goto('/dashboard');
    expect((await sessionAlone.cookies()).some((cookie) => cookie.name === 'tz')).toBe(false);
    const screen = bare.locator('#root[data-server-screen]');
    await expect(screen).toHaveAttribute('data-day-drawn', 'true');
    await expect(screen.getByText('Only 0h 10m left - you can do it!')).toBeVisible();
    await expect(screen.getByText('0h 20m / 0h 30m')).toBeVisible();
  } finally {
    await sessionAlone.close();
  }

  // The same browser settings (a phone's user agent included), session and zone, with JavaScript off.
  const noScript = await browser.newContext({ ...use, javaScriptEnabled: false, storageState: await page.context().storageState() });
  try {
    const bare = await noScript.newPage();
    await bare.goto('/dashboard');
    const screen = bare.locator('#root[data-server-screen]');
    await expect(screen.getByText('Spanish', { exact: true }).first()).toBeVisible();
    await expect(screen.getByText('Only 0h 10m left - you can do it!')).toBeVisible();
    await expect(screen.getByText('0h 20m / 0h 30m')).toBeVisible();
    // On a phone the total is on the Progress tab, in the page but not shown until chosen.
    await expect(screen.getByText('Total Hours')).toBeAttached();
    await expect(screen.getByText('1,230')).toBeAttached();
    // It reads as the dashboard, but nothing in it answers before the app does: it is inert.
    await expect(screen.getByRole('progressbar', { name: 'Daily goal' })).toBeAttached();
    await expect(screen).toHaveAttribute('inert', '');
  } finally {
    await noScript.close();
  }

  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Reading Time' })).toBeVisible();
  // The app took the server's screen over (issue #45: hydrated): one dashboard, the same facts, answering taps.
  await expect(page.locator('#first-screen')).toHaveCount(0);
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.getByText('Only 0h 10m left - you can do it!')).toHaveCount(1);
  await showTab(page, isPhone, 'Progress');
  await expect(page.getByText('1,230')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a phone’s chosen tab is the one the server’s first screen shows after a reload', async ({ browser, page, learner: _learner, isPhone }, testInfo) => {
  test.skip(!isPhone, 'The tabs exist on narrow screens only.');
  await page.goto('/dashboard');
  // A tap on the server's screen before the app is live is not the app's (the root is inert).
  await appIsLive(page);
  await showTab(page, isPhone, 'Progress');
  // The tab shown is the app's answer to the tap (a tap made while the app hydrates is replayed later).
  await expect(page.getByText('Total Hours')).toBeVisible();
  // The app has named its time zone (the tz cookie), so the server draws the learner's day.
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'tz')).toBe(true);
  const { javaScriptEnabled: _js, ...use } = testInfo.project.use;
  const noScript = await browser.newContext({ ...use, javaScriptEnabled: false, storageState: await page.context().storageState() });
  try {
    const bare = await noScript.newPage();
    // Under the suite's load the server's render budget can be spent (plugins/serverScreen.ts): that
    // page is the plain first facts, and a later load is drawn again once the budget is earned back.
    await expect
      .poll(async () => {
        await bare.goto('/dashboard');
        return bare.locator('#root[data-server-screen]').count();
      }, { timeout: 20_000 })
      .toBe(1);
    await expect(bare.locator('#root[data-server-screen]').getByText('Total Hours')).toBeVisible();
    await expect(bare.locator('#root[data-server-screen] h2', { hasText: /^Today$/ })).toBeHidden();
  } finally {
    await noScript.close();
  }
});
