import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { submitSignUp } from '../support/onboarding';

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Enter Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('logout, the guards, a taken email, a wrong password, sign-in and account deletion', async ({
  page,
  learner,
  review,
}) => {
  // Seven slow password hashes (sign-ups, sign-ins, the deletion) on two cores that the other
  // worker shares: as the run's first journey it took 60 s on CI's cold start (32 s as a later one).
  test.slow();
  // Signed in: the visitor-only pages send the learner on to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  const logout = page.getByRole('dialog', { name: 'Are you sure you want to logout?' });
  await review('logout-modal');
  await logout.getByRole('button', { name: 'Cancel' }).click();
  await expect(logout).toBeHidden();
  await page.getByRole('button', { name: 'Logout' }).click();
  await logout.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: "Don't have an account?" }).click();
  await submitSignUp(page, learner.email, learner.password);
  await expect(page.getByRole('alert')).toHaveText('Email already in use, try another or sign in');
  await page.getByRole('link', { name: 'Already have an account?' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await review('sign-in');

  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Input an email and password to continue')).toBeVisible();
  await signIn(page, learner.email, `${learner.password}!`);
  await expect(page.getByText('Incorrect email and/or password, try again')).toBeVisible();
  await signIn(page, learner.email, learner.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Delete account' }).click();
  const remove = page.getByRole('dialog', { name: 'Are you sure you want to delete your account?' });
  await review('delete-account-modal');
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, learner.email, learner.password);
  await expect(page.getByText('Incorrect email and/or password, try again')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
