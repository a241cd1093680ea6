import { LANGUAGE, PASSWORD, expect, test, uniqueEmail } from '../fixtures';
import { addTime } from '../support/dashboard';
import { expectStep, languageOption, submitSignUp } from '../support/onboarding';
import type { ThrowawayPostgres } from '../support/postgres';
import { postgresAvailable, startPostgres } from '../support/postgres';
import type { RunningServer } from '../support/server';
import { startServer } from '../support/server';

const inCi = process.env.CI === 'true';

// One width is enough to prove the PostgreSQL path; the SQLite runs cover both.
test.skip(({ isPhone }) => isPhone, 'PostgreSQL journey runs at desktop width only.');
test.skip(
  !postgresAvailable && !inCi,
  'PostgreSQL binaries not found in /usr/lib/postgresql/15/bin: PostgreSQL journey SKIPPED. Install postgresql-15.',
);

let database: ThrowawayPostgres | undefined;
let server: RunningServer | undefined;

test.afterEach(async () => {
  await server?.stop();
  await database?.stop();
  server = undefined;
  database = undefined;
});

test('on PostgreSQL: sign up, onboard and add time through the modals', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  database = await startPostgres();
  server = await startServer({ databaseUrl: database.databaseUrl, logFile: testInfo.outputPath('server.log') });

  await page.goto(`${server.url}/register`);
  await submitSignUp(page, uniqueEmail(testInfo), PASSWORD);
  await expectStep(page, 1, 'Target language');
  await languageOption(page, LANGUAGE).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expectStep(page, 2, 'Daily Goal');
  await page.getByRole('button', { name: 'Next' }).click();
  await expectStep(page, 3, 'Learned before?');
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const goalMessage = page.getByText(/left - you can do it!|daily goal complete!/);
  await addTime(page, 'Listening', '', '20');
  await expect(goalMessage).toHaveText(/^Only (0h )?10m left - you can do it!$/);
  await addTime(page, 'Reading', '', '15');
  await expect(goalMessage).toHaveText('Congratulations, daily goal complete!');
  await page.reload();
  await expect(page.getByText(/^Total \d+h \d+m$/)).toHaveText('Total 0h 35m');
});
