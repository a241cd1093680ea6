import { expect, test } from '../fixtures';
import { dayButton, daysAgo, dayTile, showMonth, showTab, today } from '../support/dashboard';

const noMinutes = { listeningDailyMins: 0, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0 };

test('a past day on or after the first record can be edited; earlier days are greyed and not clickable; today has no achieved box', async ({
  page,
  learner: _learner,
  isPhone,
  review,
}) => {
  // A new learner's first record is today, so the history starts with a past day set through the API.
  const firstDay = daysAgo(4);
  const editedDay = daysAgo(2);
  const seeded = await page.request.patch('/api/user/daily-activity', {
    data: { date: firstDay, isToday: false, ...noMinutes, listeningDailyMins: 45, achieved: true },
  });
  expect(seeded.status(), await seeded.text()).toBe(200);

  await page.goto('/dashboard');
  await showTab(page, isPhone, 'Calendar');
  await expect(page.getByText('Click to edit learning time!')).toBeVisible();

  await showMonth(page, firstDay);
  await expect(dayTile(page, firstDay).getByRole('img', { name: 'Happy face' })).toBeVisible();

  const beforeStart = daysAgo(5);
  await showMonth(page, beforeStart);
  await expect(dayTile(page, beforeStart)).toContainText('before your first record');
  await expect(dayButton(page, beforeStart)).toHaveCount(0);

  await showMonth(page, editedDay);
  const tile = dayButton(page, editedDay);
  await expect(tile.getByRole('img', { name: 'Sad face' })).toBeVisible();
  await tile.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('group', { name: 'Listening' }).getByLabel('Hours')).toHaveValue('0');
  await expect(dialog.getByRole('checkbox', { name: 'Daily Goal Achieved?' })).not.toBeChecked();
  await review('edit-day-modal');

  await dialog.getByRole('group', { name: 'Reading' }).getByLabel('Hours').fill('1');
  await dialog.getByRole('group', { name: 'Reading' }).getByLabel('Minutes').fill('15');
  await dialog.getByRole('checkbox', { name: 'Daily Goal Achieved?' }).check();
  await dialog.getByRole('button', { name: 'Edit' }).click();
  await expect(dialog).toBeHidden();
  await expect(tile.getByRole('img', { name: 'Happy face' })).toBeVisible();

  // Reopening shows the saved minutes split into hours and minutes.
  await tile.click();
  await expect(dialog.getByRole('group', { name: 'Reading' }).getByLabel('Hours')).toHaveValue('1');
  await expect(dialog.getByRole('group', { name: 'Reading' }).getByLabel('Minutes')).toHaveValue('15');
  await expect(dialog.getByRole('checkbox', { name: 'Daily Goal Achieved?' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Today's achievement follows its goal, so today's modal has no checkbox.
  await showMonth(page, today());
  await dayButton(page, today()).click();
  await expect(dialog.getByRole('group', { name: 'Writing' })).toBeVisible();
  await expect(dialog.getByRole('checkbox')).toHaveCount(0);
});
