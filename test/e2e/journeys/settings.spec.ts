import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { showTab, today } from '../support/dashboard';

type Section = 'Language' | 'Daily Goal' | 'Level Milestones' | 'Existing Progress';

/** Wide screens show every section as a card; a phone opens one section at a time in a modal. */
async function openSection(page: Page, isPhone: boolean, section: Section) {
  if (!isPhone) return page.getByRole('region', { name: section });
  // The section button also reads 'Unsaved changes' while its draft differs.
  await page.getByRole('button', { name: new RegExp(`^${section}`) }).click();
  const dialog = page.getByRole('dialog', { name: section });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('settings: Save and Discard appear on change, Discard restores, Save persists, lower milestones raise the level', async ({
  page,
  learner: _learner,
  isPhone,
  review,
}) => {
  // 90 minutes logged: 1 whole hour, level 0 with the default milestones (level 1 at 50 h).
  const logged = await page.request.post('/api/user/daily-activity', { data: { date: today(), listeningDailyMins: 90 } });
  expect(logged.ok()).toBe(true);

  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await review('settings');

  let goal = await openSection(page, isPhone, 'Daily Goal');
  await expect(goal.getByLabel('Hours')).toHaveValue('0');
  await expect(goal.getByLabel('Minutes')).toHaveValue('30');
  await goal.getByLabel('Hours').selectOption('1');
  await goal.getByLabel('Minutes').selectOption('0');
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  if (isPhone) await review('settings-section-modal');
  await page.getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(goal.getByLabel('Hours')).toHaveValue('0');
  await expect(goal.getByLabel('Minutes')).toHaveValue('30');
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);

  await goal.getByLabel('Hours').selectOption('1');
  await goal.getByLabel('Minutes').selectOption('0');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);

  await page.reload();
  goal = await openSection(page, isPhone, 'Daily Goal');
  await expect(goal.getByLabel('Hours')).toHaveValue('1');
  await expect(goal.getByLabel('Minutes')).toHaveValue('0');
  if (isPhone) await goal.getByRole('button', { name: 'Close' }).click();

  const milestones = await openSection(page, isPhone, 'Level Milestones');
  await expect(milestones.getByLabel('Level 1')).toHaveValue('50');
  await milestones.getByLabel('Level 1').fill('1');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await showTab(page, isPhone, 'Progress');
  await expect(page.getByRole('region', { name: 'Progress' }).getByText('Level 1', { exact: true })).toBeVisible();
});
