import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { daysAgo, showTab, today } from '../support/dashboard';

/** Wide screens show "Your data" as a card; a phone opens it in a modal like the other sections. */
async function openYourData(page: Page, isPhone: boolean) {
  if (!isPhone) return page.getByRole('region', { name: 'Your data' });
  await page.getByRole('button', { name: 'Your data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your data' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const pending: Promise<Download> = page.waitForEvent('download');
  await click();
  const download = await pending;
  return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
}

const TOGGL_HEADER = 'User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags,Amount ()';

test('Your data: the downloads hold what was logged; a Toggl import previews, then shows its minutes on the dashboard', async ({
  page,
  learner: _learner,
  isPhone,
  review,
}) => {
  // Two downloads, an import and a deletion check: longer than most journeys.
  test.slow();
  const past = daysAgo(3);
  const edit = { date: past, isToday: false, listeningDailyMins: 20, readingDailyMins: 15, speakingDailyMins: 0, writingDailyMins: 0 };
  expect((await page.request.patch('/api/user/daily-activity', { data: edit })).ok()).toBe(true);
  expect((await page.request.post('/api/user/daily-activity', { data: { date: today(), speakingDailyMins: 25 } })).ok()).toBe(true);

  await page.goto('/settings');
  const data = await openYourData(page, isPhone);
  await review('your-data');

  const json = await downloaded(page, () => data.getByRole('link', { name: 'Download JSON' }).click());
  expect(json.name).toMatch(/^lingualog-export-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(json.text);
  expect(file.languages.map((l: { name: string }) => l.name)).toEqual(['Spanish']);
  expect(file.languages[0].days).toEqual([
    { date: past, achieved: true, listeningDailyMins: 20, readingDailyMins: 15, speakingDailyMins: 0, writingDailyMins: 0 },
    { date: today(), achieved: false, listeningDailyMins: 0, readingDailyMins: 0, speakingDailyMins: 25, writingDailyMins: 0 },
  ]);
  const csv = await downloaded(page, () => data.getByRole('link', { name: 'Download CSV' }).click());
  expect(csv.name).toMatch(/^lingualog-export-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.text.trimEnd().split('\r\n')).toEqual([
    'language,date,listening_minutes,reading_minutes,speaking_minutes,writing_minutes,achieved',
    `Spanish,${past},20,15,0,0,true`,
    `Spanish,${today()},0,0,25,0,false`,
  ]);

  // A Toggl export: a podcast crossing midnight counts on its start day; a tag names the other skill.
  const nextDay = daysAgo(1);
  const toggl = [
    TOGGL_HEADER,
    `Ana,ana@example.com,,Podcasts,,Radio Ambulante,No,${daysAgo(2)},23:30:00,${nextDay},01:10:00,01:40:00,commute,`,
    `Ana,ana@example.com,,Graded readers,,El Principito,No,${today()},07:00:00,${today()},07:40:00,00:40:00,reading,`,
  ].join('\n');
  await data.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import data' });
  await dialog.getByLabel('File').setInputFiles({ name: 'Toggl_time_entries.csv', mimeType: 'text/csv', buffer: Buffer.from(toggl) });
  await expect(dialog.getByLabel('Source')).toHaveValue('toggl-csv');
  await expect(dialog.getByLabel('reading', { exact: true })).toHaveValue('reading');
  await dialog.getByLabel('Podcasts').selectOption('listening');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText(/^Preview: 2 days \(2 hours 20 minutes\) in Spanish; 1 day already logged changes\./)).toBeVisible();
  await review('import-preview');
  await dialog.getByRole('button', { name: 'Confirm import' }).click();
  await expect(dialog.getByText(/^Imported: 2 days/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  if (isPhone) await page.getByRole('dialog', { name: 'Your data' }).getByRole('button', { name: 'Close' }).click();

  await page.getByRole('link', { name: 'Back' }).click();
  await showTab(page, isPhone, 'Progress');
  const legend = page.getByRole('region', { name: 'Progress' }).getByRole('list', { name: 'Legend' });
  // 20 + 100 minutes of listening, 15 + 40 of reading; a Toggl merge replaces only the skills the
  // file names for a day, so today's 25 minutes of speaking stay (#31 item 5).
  await expect(legend.getByRole('listitem').filter({ hasText: 'Listening' })).toContainText('2h');
  await expect(legend.getByRole('listitem').filter({ hasText: 'Reading' })).toContainText('55m');
  await expect(legend.getByRole('listitem').filter({ hasText: 'Speaking' })).toContainText('25m');

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const remove = page.getByRole('dialog', { name: 'Are you sure you want to delete your account?' });
  await expect(remove.getByText(/Every language's data will be gone/)).toBeVisible();
  const copy = await downloaded(page, () => remove.getByRole('link', { name: 'Download my data first' }).click());
  expect(JSON.parse(copy.text).languages[0].days).toHaveLength(3);
  await review('delete-account-with-download');
});
