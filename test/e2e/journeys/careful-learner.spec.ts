import { expect, test } from '../fixtures';
import { dayButton, daysAgo, showMonth, showTab } from '../support/dashboard';

test("a break planned for next month is saved, and Settings names the one-year bound before saving a later one", async ({ page, learner: _learner, isPhone }) => {
  await page.goto('/settings');
  if (isPhone) await page.getByRole('button', { name: /Rest days/ }).click();
  const scope = isPhone ? page.getByRole('dialog') : page;
  const lastDay = await scope.getByLabel('Last day').getAttribute('max');
  expect(lastDay).toBe(daysAgo(-365));

  await scope.getByLabel('First day').fill(daysAgo(-30));
  await scope.getByLabel('Last day').fill(daysAgo(-400));
  await scope.getByRole('button', { name: 'Add break' }).click();
  await expect(scope.getByRole('alert')).toContainText('A break can be planned up to 365 days ahead');

  await scope.getByLabel('Last day').fill(daysAgo(-44));
  await scope.getByRole('button', { name: 'Add break' }).click();
  await scope.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes saved')).toBeAttached();
  expect(await (await page.request.get('/api/user/rest-days')).json()).toEqual({ weekdays: [], periods: [{ from: daysAgo(-30), to: daysAgo(-44) }] });
});

test("raising yesterday's minutes past the goal ticks 'Daily Goal Achieved?' by itself, and the day is achieved", async ({ page, learner: _learner, isPhone }) => {
  const yesterday = daysAgo(1);
  const seeded = await page.request.patch('/api/user/daily-activity', {
    data: { date: yesterday, isToday: false, listeningDailyMins: 0, readingDailyMins: 10, speakingDailyMins: 0, writingDailyMins: 0 },
  });
  expect(seeded.status(), await seeded.text()).toBe(200);

  await page.goto('/dashboard');
  await showTab(page, isPhone, 'Calendar');
  await showMonth(page, yesterday);
  await dayButton(page, yesterday).click();
  const dialog = page.getByRole('dialog');
  const box = dialog.getByRole('checkbox', { name: 'Daily Goal Achieved?' });
  await expect(box).not.toBeChecked();
  await dialog.getByRole('group', { name: 'Reading' }).getByLabel('Minutes').fill('45');
  await expect(box).toBeChecked();
  await dialog.getByRole('button', { name: 'Edit' }).click();
  await expect(dialog).toBeHidden();
  await expect(dayButton(page, yesterday)).toHaveAccessibleName(/45 minutes, goal achieved$/);
});
