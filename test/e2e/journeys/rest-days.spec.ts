import { expect, test } from '../fixtures';
import { dayButton, daysAgo, dayTile, showMonth, showTab, today } from '../support/dashboard';

const achievedDay = { listeningDailyMins: 30, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0, achieved: true };

/** How many days ago the last Sunday before yesterday was (2 to 8). */
function lastSundayBeforeYesterday(): number {
  for (let ago = 2; ago <= 8; ago += 1) if (new Date(`${daysAgo(ago)}T00:00:00`).getDay() === 0) return ago;
  throw new Error('no Sunday in the last week');
}

test('a Sunday chosen as a rest day keeps the run alive across it, and the calendar marks it as a rest day', async ({
  page,
  learner: _learner,
  isPhone,
  review,
}) => {
  // Achieved every day from the Saturday before that Sunday to yesterday, but not the Sunday itself.
  const sunday = lastSundayBeforeYesterday();
  for (let ago = sunday + 1; ago >= 1; ago -= 1) {
    if (ago === sunday) continue;
    const seeded = await page.request.patch('/api/user/daily-activity', { data: { date: daysAgo(ago), isToday: false, ...achievedDay } });
    expect(seeded.status(), await seeded.text()).toBe(200);
  }

  // Without rest days the missed Sunday ends the run: only the days after it count.
  await page.goto('/dashboard');
  await showTab(page, isPhone, 'Calendar');
  await expect(page.getByText(`Reach today's goal to keep your ${sunday - 1}-day run going.`)).toBeVisible();
  await expect(page.getByText(/Oh No!/)).toBeVisible();

  await page.goto('/settings');
  if (isPhone) await page.getByRole('button', { name: /Rest days/ }).click();
  const scope = isPhone ? page.getByRole('dialog') : page;
  await scope.getByRole('checkbox', { name: 'Sunday' }).check();
  await review('rest-days-section');
  await scope.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes saved')).toBeAttached();

  // The unachieved Sunday now neither counts nor breaks the run: the Saturday before it joins.
  await page.goto('/dashboard');
  await showTab(page, isPhone, 'Calendar');
  // On a Sunday today is a rest day too: the run needs nothing of it, so it stands as done.
  const todayIsSunday = new Date(`${today()}T00:00:00`).getDay() === 0;
  await expect(
    page.getByText(todayIsSunday ? `You've done ${sunday} days in a row this week!` : `Reach today's goal to keep your ${sunday}-day run going.`),
  ).toBeVisible();
  await showMonth(page, daysAgo(sunday));
  await expect(dayTile(page, daysAgo(sunday)).getByRole('img', { name: 'Sleeping face' })).toBeVisible();
  await expect(dayButton(page, daysAgo(sunday))).toHaveAccessibleName(/, rest day$/);
  await review('calendar-with-rest-day');
});
