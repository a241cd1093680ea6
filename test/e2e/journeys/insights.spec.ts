import { expect, test } from '../fixtures';
import { daysAgo, today } from '../support/dashboard';

const FORECAST = /^At your pace of the last 30 days \(\d+ min a day\), you reach Level \d \(\d+ hours\) around \d{1,2} [A-Z][a-z]+ \d{4}\.$/;

test('90 days of history read as weekly and monthly bars, comparisons, habits and a level forecast', async ({
  page,
  learner: _learner,
  review,
}) => {
  // 90 requests of seeding and two axe scans: more than a journey's usual time on a shared machine.
  test.slow();
  // 89 past days through the edit call, today through an add: the API a learner's own clicks use.
  const seedDay = async (ago: number) => {
    const minutes = 10 + ((ago * 7) % 50);
    const answer = await page.request.patch('/api/user/daily-activity', {
      data: { date: daysAgo(ago), isToday: false, listeningDailyMins: minutes, readingDailyMins: ago % 3 ? 15 : 0, speakingDailyMins: 0, writingDailyMins: ago % 5 ? 0 : 20 },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  };
  for (let first = 1; first <= 89; first += 10) {
    await Promise.all(Array.from({ length: Math.min(10, 90 - first) }, (_, i) => seedDay(first + i)));
  }
  const added = await page.request.post('/api/user/daily-activity', { data: { date: today(), speakingDailyMins: 25 } });
  expect(added.status(), await added.text()).toBe(200);

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Insights' }).click();
  await expect(page).toHaveURL(/\/insights$/);
  await expect(page.getByRole('heading', { name: 'Insights: Spanish', level: 1 })).toBeVisible();

  const weekBars = page.getByRole('group', { name: 'Bars, one per week' }).getByRole('button');
  await expect(weekBars).toHaveCount(12);
  await expect(weekBars.last()).toHaveAttribute('aria-pressed', 'true');
  await expect(weekBars.last()).toHaveAccessibleName(/Week of .+ in total; Listening .+, Reading .+, Speaking .+, Writing .+$/);
  await expect(page.locator('svg').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'This week vs last week' }).getByRole('row')).toHaveCount(6);
  await expect(page.getByRole('table', { name: 'This month vs last month' })).toBeVisible();
  await expect(page.getByText('Goal reached, last 30 days')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Share of each skill' })).toBeVisible();
  await expect(page.getByText(FORECAST)).toBeVisible();
  await review('insights-weeks');

  // Keyboard: a bar's button takes the focus and shows its values beside the chart.
  await weekBars.nth(10).focus();
  await expect(weekBars.nth(10)).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: '12 months' }).click();
  await expect(page.getByRole('group', { name: 'Bars, one per month' }).getByRole('button')).toHaveCount(12);
  await page.getByRole('button', { name: 'Table' }).click();
  await expect(page.getByRole('table', { name: 'Minutes per month, by skill' }).getByRole('row')).toHaveCount(13);
  await review('insights-months-table');

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
