/**
 * Issue 28 at both widths: a night owl whose day ends at 02:00 logs time at 00:30. The add lands
 * on the previous calendar day, and the dashboard, the calendar and the streak all agree that it
 * is still that day: the run that ended the day before goes on instead of breaking.
 */
import { addDaysIso } from '@common/buckets';
import { expect, test } from '../fixtures';
import { addTime, dayButton, dayTile, showTab } from '../support/dashboard';

// The page's clock is read in UTC, so the days below are the same in the test and in the page.
test.use({ timezoneId: 'UTC' });

test('with the day ending at 02:00, an add at 00:30 counts for the evening before, and the streak goes on', async ({
  page,
  learner: _learner,
  isPhone,
  review,
}) => {
  const calendarDay = new Date().toISOString().slice(0, 10);
  const evening = addDaysIso(calendarDay, -1);
  const dayBefore = addDaysIso(calendarDay, -2);
  const api = page.request;
  const achieved = { date: dayBefore, isToday: false, listeningDailyMins: 30, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0 };
  expect((await api.patch('/api/user/daily-activity', { data: achieved })).ok()).toBe(true);

  // The setting, as a learner makes it: beside the daily goal, in its own modal on a phone.
  await page.goto('/settings');
  const section = isPhone
    ? (await page.getByRole('button', { name: /^My day/ }).click(), page.getByRole('dialog', { name: 'My day' }))
    : page.getByRole('region', { name: 'My day' });
  await section.getByLabel('My day ends at').selectOption('2');
  await (isPhone ? section : page).getByRole('button', { name: 'Save' }).click();
  await expect.poll(async () => (await api.get('/api/user/day-boundary')).json()).toEqual({ dayEndsAtHour: 2 });

  await page.clock.install({ time: new Date(`${calendarDay}T00:30:00Z`) });
  await page.goto('/dashboard');
  await expect(page.getByText(/left - you can do it!/)).toHaveText(/^Only (0h )?30m left - you can do it!$/);
  await addTime(page, 'Listening', '', '30');
  await expect(page.getByText('Congratulations, daily goal complete!')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Today' })).toContainText('Total 0h 30m');

  const minutesOn = async (date: string) => (await (await api.get(`/api/user/daily-activity?date=${date}`)).json()).listeningDailyMins;
  expect(await minutesOn(evening)).toBe(30);
  expect(await minutesOn(calendarDay)).toBe(0);

  await showTab(page, isPhone, 'Calendar');
  await expect(dayButton(page, evening)).toHaveAccessibleName(/, today, goal achieved$/);
  // The calendar day after the evening is not today yet (shown when it falls in the same month).
  if (calendarDay.slice(0, 7) === evening.slice(0, 7)) await expect(dayTile(page, calendarDay)).not.toHaveAccessibleName(/today/);
  await expect(page.getByText("You've done 2 days in a row this week!")).toBeVisible();
  await review('dashboard-day-boundary');
});
