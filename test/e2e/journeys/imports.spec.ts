import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { showTab } from '../support/dashboard';

const fixture = (path: string) => readFileSync(new URL(`../../fixtures/${path}`, import.meta.url));

// The Anki collection's reviews fall on days of UTC; the learner's day is the device's.
test.use({ timezoneId: 'UTC' });

async function importSheet(page: Page) {
  const section = page.getByRole('region', { name: 'Bring your history' });
  await section.getByRole('button', { name: 'Import a spreadsheet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a spreadsheet' });
  await dialog.getByLabel('Spreadsheet file (.csv, .tsv, .txt)').setInputFiles({
    name: 'horas.csv', mimeType: 'text/csv', buffer: fixture('imports/dmy-decimal-comma.csv'),
  });
  await expect(dialog.getByLabel('Dates are written')).toHaveValue('dmy');
  await dialog.getByLabel('“Escuchar” means').selectOption('listening');
  await dialog.getByLabel('“Leer” means').selectOption('reading');
  await dialog.getByLabel('“Escribir” means').selectOption('writing');
  await expect(dialog.getByText('3 days, 300 minutes in all')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 3 days' }).click();
  await expect(dialog.getByText(/^Imported 3 days, 300 minutes in all/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
}

test('Bring your history: a spreadsheet with a decimal comma and an Anki collection import to the minutes they hold, and twice is once', async ({
  page,
  learner: _learner,
  isPhone,
}) => {
  test.slow();
  await page.goto('/settings');
  await importSheet(page);

  const section = page.getByRole('region', { name: 'Bring your history' });
  await section.getByRole('button', { name: 'Import from Anki' }).click();
  const anki = page.getByRole('dialog', { name: 'Import from Anki' });
  await anki.getByLabel('Anki file (.colpkg or .apkg)').setInputFiles({
    name: 'collection.colpkg', mimeType: 'application/octet-stream', buffer: fixture('anki/collection-anki21b.colpkg'),
  });
  await anki.getByRole('button', { name: 'Import 5 days' }).click();
  await expect(anki.getByText(/^Imported 5 days, 7 minutes in all/)).toBeVisible();
  await anki.getByRole('button', { name: 'Close' }).first().click();

  // The same spreadsheet again changes nothing.
  await importSheet(page);

  await page.goto('/dashboard');
  await showTab(page, isPhone, 'Progress');
  const legend = page.getByRole('region', { name: 'Progress' }).getByRole('list', { name: 'Legend' });
  // 1,5 + 0,25 h of listening; 0,5 + 2 h of reading and 7 Anki minutes; 0,75 h of writing.
  await expect(legend.getByRole('listitem').filter({ hasText: 'Listening' })).toContainText('1h 45m');
  await expect(legend.getByRole('listitem').filter({ hasText: 'Reading' })).toContainText('2h 37m');
  await expect(legend.getByRole('listitem').filter({ hasText: 'Writing' })).toContainText('45m');
});
