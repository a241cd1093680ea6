import type { Page } from '@playwright/test';
import { LANGUAGE, PASSWORD, expect, registerViaApi, test, uniqueEmail } from '../fixtures';
import { dayButton, daysAgo, showTab, today } from '../support/dashboard';
import { languageOption } from '../support/onboarding';

test.skip(({ isPhone }) => !isPhone, 'Phone widths: the journey sets 320 and 390 px itself.');

const WIDTHS = [320, 390] as const;

/**
 * At each phone width the page is no wider than the screen (a learner never scrolls sideways),
 * and what `stillReachable` names lies whole inside the screen. Soft, so one run lists every
 * screen that overflows rather than the first.
 */
async function fitsPhones(page: Page, screen: string, stillReachable: string[] = []): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 760 });
    await expect
      .soft(async () => {
        // A phone browser zooms out to fit a page wider than its screen, widening innerWidth with it.
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        expect(Math.max(scrollWidth, innerWidth), `${screen} at ${width} px: the page's width`).toBeLessThanOrEqual(width);
        expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      })
      .toPass({ timeout: 1_500 });
    for (const name of stillReachable) {
      const box = await page.getByRole('button', { name, exact: true }).boundingBox();
      expect.soft(box && box.x >= 0 && box.x + box.width <= width, `'${name}' on ${screen} at ${width} px lies inside the screen`).toBe(true);
    }
  }
}

test('at 320 and 390 px no screen scrolls sideways, in any view, from the landing page to Settings', async ({ page }, testInfo) => {
  test.slow();
  for (const [path, heading] of [
    ['/', /Keep track of your language learning/],
    ['/login', /Sign In/],
    ['/register', /Sign Up/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    await fitsPhones(page, path);
  }

  await registerViaApi(page.request, { email: uniqueEmail(testInfo), password: PASSWORD });
  await page.goto('/register/language');
  await expect(languageOption(page, LANGUAGE)).toBeVisible();
  await fitsPhones(page, 'onboarding: language');
  await languageOption(page, LANGUAGE).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/register\/goal$/);
  await fitsPhones(page, 'onboarding: goal');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/register\/previoustime$/);
  await fitsPhones(page, 'onboarding: previous time');

  // A month of history, so charts, tables and the calendar have something to draw.
  for (let ago = 1; ago <= 30; ago += 1) {
    const answer = await page.request.patch('/api/user/daily-activity', {
      data: { date: daysAgo(ago), isToday: false, listeningDailyMins: 20 + ago, readingDailyMins: 15, speakingDailyMins: ago % 2 ? 10 : 0, writingDailyMins: 70 },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  }
  expect((await page.request.post('/api/user/daily-activity', { data: { date: today(), writingDailyMins: 70 } })).ok()).toBe(true);

  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Listening Time' })).toBeVisible();
  for (const tab of ['Daily', 'Calendar', 'Progress', 'Levels'] as const) {
    await showTab(page, true, tab);
    await expect(page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('button', { name: tab })).toHaveAttribute('aria-current', 'page');
    await fitsPhones(page, `dashboard: ${tab}`);
  }
  await showTab(page, true, 'Calendar');
  await dayButton(page, daysAgo(1)).click();
  const editDay = page.getByRole('dialog');
  await expect(editDay.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  await fitsPhones(page, 'dashboard: edit-day modal');
  await editDay.getByRole('button', { name: 'Close' }).click();
  await showTab(page, true, 'Daily');
  await page.getByRole('button', { name: 'Listening Time' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Listening Time' })).toBeVisible();
  await fitsPhones(page, 'dashboard: add-time modal');
  await page.getByRole('dialog', { name: 'Add Listening Time' }).getByRole('button', { name: 'Close' }).click();

  await page.goto('/insights');
  await expect(page.getByRole('button', { name: 'Table', exact: true })).toBeVisible();
  await fitsPhones(page, 'insights: weeks chart', ['Chart', 'Table']);
  await page.getByRole('button', { name: 'Table', exact: true }).click();
  await expect(page.getByRole('table', { name: /per week, by skill/ })).toBeVisible();
  await fitsPhones(page, 'insights: weeks table', ['Chart', 'Table']);
  await page.getByRole('button', { name: '12 months', exact: true }).click();
  await expect(page.getByRole('table', { name: /per month, by skill/ })).toBeVisible();
  await fitsPhones(page, 'insights: months table', ['Chart', 'Table']);
  await page.getByRole('button', { name: 'Chart', exact: true }).click();
  await fitsPhones(page, 'insights: months chart', ['Chart', 'Table']);

  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await fitsPhones(page, 'settings');
  for (const section of ['Language', 'Daily Goal', 'Level Milestones', 'Existing Progress', 'Rest days', 'Your data']) {
    await page.getByRole('button', { name: new RegExp(`^${section}`) }).click();
    const dialog = page.getByRole('dialog', { name: section });
    await expect(dialog).toBeVisible();
    await fitsPhones(page, `settings: ${section}`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  }

  await page.goto('/nowhere');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await fitsPhones(page, 'not found');
});
