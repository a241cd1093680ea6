import type { Page } from '@playwright/test';
import { LANGUAGE, expect, test } from '../fixtures';
import { addTime, showTab, today } from '../support/dashboard';

const OTHER_LANGUAGE = 'French';

async function expectLanguageState(
  page: Page,
  isPhone: boolean,
  state: { goalMessage: RegExp; todayTotal: string; totalHours: number; level: number },
) {
  await showTab(page, isPhone, 'Daily');
  await expect(page.getByText(/left - you can do it!|daily goal complete!/)).toHaveText(state.goalMessage);
  await expect(page.getByText(/^Total \d+h \d+m$/)).toHaveText(state.todayTotal);
  await showTab(page, isPhone, 'Progress');
  const progress = page.getByRole('region', { name: 'Progress' });
  await expect(progress).toContainText(new RegExp(`Total Hours\\s*${state.totalHours}(?!\\d)`));
  await expect(progress.getByText(`Level ${state.level}`, { exact: true })).toBeVisible();
  await showTab(page, isPhone, 'Daily');
}

test('each language keeps its own goal, previous hours, milestones and activity', async ({
  page,
  learner: _learner,
  isPhone,
}) => {
  // The first language gets its own settings through the API; this journey is about switching.
  for (const [path, data] of [
    ['/api/user/daily-goal', { dailyGoalMinutes: 60, date: today() }],
    ['/api/user/previous-time', { previousHours: 100 }],
    ['/api/user/milestones', { level1: 10, level2: 200, level3: 400, level4: 800, level5: 1200, level6: 1800 }],
  ] as const) {
    const answer = await page.request.post(path, { data });
    expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  }

  await page.goto('/dashboard');
  await addTime(page, 'Listening', '', '20');
  const spanish = { goalMessage: /^Only (0h )?40m left - you can do it!$/, todayTotal: 'Total 0h 20m', totalHours: 100, level: 1 };
  await expectLanguageState(page, isPhone, spanish);

  const selector = page.getByLabel('Learning language');
  await selector.selectOption(OTHER_LANGUAGE);
  // Never studied yet: starting it is confirmed first.
  await page.getByRole('dialog', { name: `Start learning ${OTHER_LANGUAGE}?` }).getByRole('button', { name: `Start ${OTHER_LANGUAGE}` }).click();
  await expect(selector).toHaveValue(OTHER_LANGUAGE);
  await expectLanguageState(page, isPhone, {
    goalMessage: /^Only (0h )?30m left - you can do it!$/,
    todayTotal: 'Total 0h 0m',
    totalHours: 0,
    level: 0,
  });
  await addTime(page, 'Reading', '', '10');
  await expect(page.getByText(/^Total \d+h \d+m$/)).toHaveText('Total 0h 10m');

  await selector.selectOption(LANGUAGE);
  await expect(selector).toHaveValue(LANGUAGE);
  await expectLanguageState(page, isPhone, spanish);

  await page.reload();
  await expect(selector).toHaveValue(LANGUAGE);
  await expectLanguageState(page, isPhone, spanish);
});
