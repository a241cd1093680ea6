import { LANGUAGE, PASSWORD, expect, test, uniqueEmail } from '../fixtures';
import { expectStep, languageOption, tabTo } from '../support/onboarding';

test('journey 1 with the keyboard only: sign-up, onboarding, adding time and closing a modal with Escape', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await tabTo(page, page.getByRole('link', { name: 'Register' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/register$/);

  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(uniqueEmail(testInfo));
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');

  await expectStep(page, 1, 'Target language');
  // Tab enters the radio group; the arrow keys move through it and choose.
  await tabTo(page, page.getByRole('radio').first());
  const spanish = languageOption(page, LANGUAGE);
  for (let i = 0; i < 200 && !(await spanish.isChecked()); i += 1) await page.keyboard.press('ArrowDown');
  await expect(spanish).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');

  await expectStep(page, 2, 'Daily Goal');
  await tabTo(page, page.getByLabel('Hours'));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Hours')).toHaveValue('1');
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Space');

  await expectStep(page, 3, 'Learned before?');
  await tabTo(page, page.getByRole('button', { name: 'Finish' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);

  const listening = page.getByRole('button', { name: 'Listening Time' });
  await tabTo(page, listening);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add Listening Time' });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByLabel('Minutes'));
  await page.keyboard.type('20');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('1h 10m left - you can do it!', { exact: true })).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Reading Time' }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('dialog', { name: 'Add Reading Time' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reading Time' })).toBeFocused();
});
