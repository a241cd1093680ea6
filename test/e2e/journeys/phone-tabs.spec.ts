import { expect, test } from '../fixtures';
import { appIsLive, monthTitle, showTab, today } from '../support/dashboard';

test.skip(({ isPhone }) => !isPhone, 'The bottom navigation exists on narrow screens only.');

test('phone: the bottom navigation switches Daily, Calendar, Progress and Levels and keeps the tab over a reload', async ({
  page,
  learner: _learner,
  isPhone,
  review,
}) => {
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Dashboard sections' });
  const languageSelector = page.getByLabel('Learning language');
  const addListening = page.getByRole('button', { name: 'Listening Time' });
  await expect(nav.getByRole('button', { name: 'Daily' })).toHaveAttribute('aria-current', 'page');
  await expect(addListening).toBeVisible();

  await showTab(page, isPhone, 'Calendar');
  await expect(page.getByRole('heading', { name: monthTitle(today()) })).toBeVisible();
  await expect(addListening).toBeHidden();

  await showTab(page, isPhone, 'Progress');
  await expect(page.getByText('Total Hours')).toBeVisible();

  await showTab(page, isPhone, 'Levels');
  await expect(page.getByRole('heading', { name: 'Levels' })).toBeVisible();
  await expect(page.getByText('Click for detailed descriptions')).toBeVisible();
  // The top bar hides its selector on this tab (spec 2); the Levels panel offers one instead.
  const levels = page.getByRole('region', { name: 'Levels' });
  await expect(page.getByRole('banner').getByLabel('Learning language')).toHaveCount(0);
  await expect(levels.getByLabel('Learning language')).toBeVisible();
  await review('levels-tab');

  await page.reload();
  await expect(nav.getByRole('button', { name: 'Levels' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Levels' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('activeTab'))).toBe('levels');
  await levels.getByLabel('Learning language').selectOption('French');
  await page.getByRole('dialog', { name: 'Start learning French?' }).getByRole('button', { name: 'Start French' }).click();
  await expect(page.getByRole('banner').getByRole('heading', { name: 'French' })).toBeVisible();
  await expect(levels.getByLabel('Learning language')).toHaveValue('French');

  await showTab(page, isPhone, 'Daily');
  await expect(languageSelector).toBeVisible();
  await expect(languageSelector).toHaveValue('French');
  await expect(addListening).toBeVisible();
});

test('phone: the header keeps a long language name on one line, whole in its title, at 320 and 390 px', async ({ page, learner: _learner }) => {
  await page.goto('/dashboard');
  // A choice made on the server's screen before the app answers is lost (no listener yet).
  await appIsLive(page);
  const selector = page.getByLabel('Learning language');
  await selector.selectOption('Chinese (Mandarin)');
  await page.getByRole('dialog', { name: 'Start learning Chinese (Mandarin)?' }).getByRole('button', { name: 'Start Chinese (Mandarin)' }).click();
  await expect(selector).toHaveValue('Chinese (Mandarin)');
  const header = page.getByRole('banner');
  const shown = header.locator('span[aria-hidden="true"]', { hasText: 'Chinese (Mandarin)' }).first();
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 760 });
    await expect(selector).toHaveAttribute('title', 'Chinese (Mandarin)');
    const heights = await shown.evaluate((el) => ({ box: el.getBoundingClientRect().height, line: parseFloat(getComputedStyle(el).lineHeight) || 24 }));
    expect(heights.box, `one line at ${width} px`).toBeLessThan(heights.line * 1.6 + 16);
    // The header is as tall as with a short name: the day's cards start where they always do.
    expect((await header.boundingBox())?.height, `header height at ${width} px`).toBeLessThanOrEqual(64);
  }
  await showTab(page, true, 'Levels');
  const name = header.getByRole('heading', { name: 'Chinese (Mandarin)' });
  await expect(name).toHaveAttribute('title', 'Chinese (Mandarin)');
  expect((await header.boundingBox())?.height).toBeLessThanOrEqual(64);
});
