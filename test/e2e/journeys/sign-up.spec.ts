import { BRAND_NAME } from '@common/domain';
import { LANGUAGE, PASSWORD, expect, test, uniqueEmail } from '../fixtures';
import { showTab } from '../support/dashboard';
import { expectStep, languageOption, submitSignUp } from '../support/onboarding';

test('landing, sign-up validation in order, the three onboarding steps with Back and Next, then the dashboard', async ({
  page,
  isPhone,
  review,
}, testInfo) => {
  // Seven screens, each with an accessibility scan: more than the default minute on a busy CI host.
  test.slow();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: `Keep track of your language learning with ${BRAND_NAME}!` })).toBeVisible();
  await expect(page.getByRole('img', { name: /mascot/i })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  await review('landing');
  await page.getByRole('link', { name: 'Register' }).click();

  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  await expect(page.getByText('Slow and steady wins the race!')).toBeVisible();
  await expect(page.getByText('Sign up on our app to track your language learning progress nice and easy...')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Email')).toHaveAttribute('placeholder', /.+@.+\..+/);
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
  await expect(page.getByLabel('Re-enter Password')).toHaveAttribute('type', 'password');
  await expect(page.getByRole('link', { name: 'Already have an account?' })).toHaveAttribute('href', '/login');
  await review('sign-up');

  const email = uniqueEmail(testInfo);
  const error = page.getByRole('alert');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(error).toHaveText('Input an email and password to continue');
  await submitSignUp(page, email, PASSWORD, `${PASSWORD}?`);
  await expect(error).toHaveText('Passwords do not match, try again');
  await submitSignUp(page, `${'a'.repeat(89)}@example.com`, PASSWORD);
  await expect(error).toHaveText('Email must be less than 100 characters');
  await submitSignUp(page, email, 'short');
  await expect(error).toHaveText('Password must be between 8 and 100 characters');
  await review('sign-up-error');
  await submitSignUp(page, email, PASSWORD);

  await expect(page).toHaveURL(/\/register\/language$/);
  await expectStep(page, 1, 'Target language');
  const next = page.getByRole('button', { name: 'Next' });
  // Small screens show arrows named Back/Next instead of worded buttons.
  if (isPhone) await expect(next).not.toHaveText('Next');
  else await expect(next).toHaveText('Next');
  await next.click();
  await expect(error).toHaveText('Choose a language to continue');
  await languageOption(page, LANGUAGE).check();
  await review('onboarding-language');
  await next.click();

  await expect(page).toHaveURL(/\/register\/goal$/);
  await expectStep(page, 2, 'Daily Goal');
  await expect(page.getByLabel('Hours')).toHaveValue('0');
  await expect(page.getByLabel('Minutes')).toHaveValue('30');
  // With 0 hours a 0-minute goal is not offered; with 12 hours only 0 minutes is.
  await expect(page.getByLabel('Minutes').locator('option', { hasText: /^0$/ })).toHaveCount(0);
  await page.getByLabel('Hours').selectOption('12');
  await expect(page.getByLabel('Minutes').locator('option')).toHaveText(['0']);
  await page.getByLabel('Hours').selectOption('0');
  await page.getByLabel('Minutes').selectOption('45');
  await review('onboarding-goal');
  await page.getByRole('button', { name: 'Back' }).click();
  await expectStep(page, 1, 'Target language');
  await expect(languageOption(page, LANGUAGE)).toBeChecked();
  await next.click();
  await expectStep(page, 2, 'Daily Goal');
  await page.getByLabel('Minutes').selectOption('45');
  await next.click();

  await expect(page).toHaveURL(/\/register\/previoustime$/);
  await expectStep(page, 3, 'Learned before?');
  await page.getByLabel('Previous hours').selectOption('20');
  await review('onboarding-previous-time');
  await page.getByRole('button', { name: 'Back' }).click();
  await expectStep(page, 2, 'Daily Goal');
  await expect(page.getByLabel('Minutes')).toHaveValue('45');
  await next.click();
  await page.getByLabel('Previous hours').selectOption('20');
  await page.getByRole('button', { name: 'Finish' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByLabel('Learning language')).toHaveValue(LANGUAGE);
  await expect(page.getByText(/^Only (0h )?45m left - you can do it!$/)).toBeVisible();
  await review('dashboard');
  await showTab(page, isPhone, 'Progress');
  await expect(page.getByRole('region', { name: 'Progress' })).toContainText(/Total Hours\s*20(?!\d)/);
});
