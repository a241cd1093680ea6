import { DAILY_SKILL_LIMIT_MINS, DAILY_TOTAL_LIMIT_MINS } from '@common/domain';
import { expect, test } from '../fixtures';
import { addTime, dayTile, openAddTime, showTab, today } from '../support/dashboard';

test('adding listening and reading time updates goal, totals, chart, month and today without reload', async ({
  page,
  learner: _learner,
  isPhone,
  review,
}) => {
  await page.goto('/dashboard');
  const goalMessage = page.getByText(/left - you can do it!|daily goal complete!/);
  await expect(goalMessage).toHaveText(/^Only (0h )?30m left - you can do it!$/);
  await review('dashboard-empty');

  const dialog = await openAddTime(page, 'Listening');
  await review('add-time-modal');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await addTime(page, 'Listening', '', '20');
  await expect(goalMessage).toHaveText(/^Only (0h )?10m left - you can do it!$/);
  await expect(page.getByRole('progressbar', { name: 'Daily goal' })).toHaveAttribute('aria-valuenow', '20');

  await addTime(page, 'Reading', '1', '0');
  await expect(goalMessage).toHaveText('Congratulations, daily goal complete!');
  // 80 minutes against a 30-minute goal: the bar is capped at the goal.
  await expect(page.getByRole('progressbar', { name: 'Daily goal' })).toHaveAttribute('aria-valuenow', '30');

  await showTab(page, isPhone, 'Progress');
  const progress = page.getByRole('region', { name: 'Progress' });
  await expect(progress).toContainText(/Total Hours\s*1(?!\d)/);
  const legend = progress.getByRole('list', { name: 'Legend' });
  await expect(legend.getByRole('listitem').filter({ hasText: 'Listening' })).toContainText('20m');
  await expect(legend.getByRole('listitem').filter({ hasText: 'Reading' })).toContainText('1h');
  await expect(legend.getByRole('listitem').filter({ hasText: 'Speaking' })).toContainText('0m');
  await review('progress-panel');

  await showTab(page, isPhone, 'Calendar');
  // The total names the shown month, e.g. 'November 2026: 1 hour'.
  await expect(page.getByText(/^[A-Z][a-z]+ \d{4}: 1 hour$/)).toBeVisible();
  const todayTile = dayTile(page, today());
  await expect(todayTile.getByRole('img', { name: 'Happy face' })).toBeVisible();
  await review('calendar-panel');
});

test('adding past the daily limits shows the server message in the modal and changes nothing', async ({
  page,
  learner: _learner,
}) => {
  await page.goto('/dashboard');
  await addTime(page, 'Listening', '', '20');
  const totalLine = page.getByText(/^Total \d+h \d+m$/);
  await expect(totalLine).toHaveText('Total 0h 20m');

  // One skill: 20 + 960 minutes is over the per-skill limit.
  const listening = await openAddTime(page, 'Listening');
  await listening.getByLabel('Hours').fill(String(DAILY_SKILL_LIMIT_MINS / 60));
  await listening.getByRole('button', { name: 'Add', exact: true }).click();
  const skillAnswer = await page.request.post('/api/user/daily-activity', {
    data: { date: today(), listeningDailyMins: DAILY_SKILL_LIMIT_MINS },
  });
  expect(skillAnswer.status()).toBe(400);
  const skillError = (await skillAnswer.json()) as { error: string; message: string };
  expect(skillError.error).toBe('DAILY_TIME_EXCEEDED');
  await expect(listening.getByRole('alert')).toHaveText(skillError.message);
  await listening.getByRole('button', { name: 'Close' }).click();
  await expect(totalLine).toHaveText('Total 0h 20m');

  // All skills together: 20 + 900 + 540 minutes is over the daily total, each skill within its own limit.
  await addTime(page, 'Writing', '15', '0');
  const speaking = await openAddTime(page, 'Speaking');
  const overTotal = DAILY_TOTAL_LIMIT_MINS - 920 + 20;
  await speaking.getByLabel('Minutes').fill(String(overTotal));
  await speaking.getByRole('button', { name: 'Add', exact: true }).click();
  const totalAnswer = await page.request.post('/api/user/daily-activity', {
    data: { date: today(), speakingDailyMins: overTotal },
  });
  const totalError = (await totalAnswer.json()) as { error: string; message: string };
  expect(totalError.error).toBe('TOTAL_DAILY_TIME_EXCEEDED');
  await expect(speaking.getByRole('alert')).toHaveText(totalError.message);
  await page.keyboard.press('Escape');
  await expect(speaking).toBeHidden();
  await expect(totalLine).toHaveText('Total 15h 20m');
});
