import { expect, test } from '../fixtures';
import { monthTitle, showTab, today } from '../support/dashboard';

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
  await expect(languageSelector).toBeHidden();
  await review('levels-tab');

  await page.reload();
  await expect(nav.getByRole('button', { name: 'Levels' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Levels' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('activeTab'))).toBe('levels');
  await expect(languageSelector).toBeHidden();

  await showTab(page, isPhone, 'Daily');
  await expect(languageSelector).toBeVisible();
  await expect(addListening).toBeVisible();
});
