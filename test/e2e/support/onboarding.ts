import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** Fills the sign-up form and submits it with a click. */
export async function submitSignUp(page: Page, email: string, password: string, repeat = password): Promise<void> {
  // Arriving from the sign-in page by a link, the router keeps showing that page (whose Email field
  // matches too) until the sign-up screen's code has loaded: wait for the sign-up form itself.
  await expect(page.getByLabel('Re-enter Password')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Re-enter Password').fill(repeat);
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

/** Where the learner is in the three sign-up steps. */
export async function expectStep(page: Page, step: 1 | 2 | 3, title: string): Promise<void> {
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Sign-up progress' })).toHaveAttribute('aria-valuenow', String(step));
}

/** The languages of the first step, as radio buttons named after each language. */
export const languageOption = (page: Page, name: string) => page.getByRole('radio', { name, exact: true });

/** Presses Tab until `target` has the focus: proves it is reachable with the keyboard alone. */
export async function tabTo(page: Page, target: Locator, maxPresses = 60): Promise<void> {
  for (let i = 0; i < maxPresses; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Not reachable with Tab within ${maxPresses} presses: ${target}`);
}
