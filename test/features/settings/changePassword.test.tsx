/** Settings' "Change password" (contract, fourth edition): current, new, new again. */
import { configure, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, seedSignedInLearner } from '../../mocks/db';
import { passwordCalls, resetPasswordCalls } from '../../mocks/handlers/passwords';
import { api, apiError } from '../../mocks/http';
import { server } from '../../mocks/server';
import { renderApp, setViewportWidth } from '../../utils';

configure({ asyncUtilTimeout: 5000 });

/** Settings at either width (narrow, the other sections are buttons that open modals; this one is always open). */
async function openSettings() {
  const result = renderApp('/settings');
  await screen.findByRole('region', { name: 'Change password' });
  return result;
}

async function fill(current: string, password: string, repeat = password) {
  const result = await openSettings();
  const section = screen.getByRole('region', { name: 'Change password' });
  const { user } = result;
  if (current) await user.type(within(section).getByLabelText('Current password'), current);
  if (password) await user.type(within(section).getByLabelText('New password'), password);
  if (repeat) await user.type(within(section).getByLabelText('Re-enter new password'), repeat);
  await user.click(within(section).getByRole('button', { name: 'Change password' }));
  return { ...result, section };
}

describe('Change password in Settings', { timeout: 20000 }, () => {
  beforeEach(() => {
    setViewportWidth(1280);
    seedSignedInLearner();
    resetPasswordCalls();
  });

  it.each([390, 1280])('at %i px, changes it, says the other devices are signed out, focuses that and clears the fields', async (width) => {
    setViewportWidth(width);
    const { section } = await fill('correct horse', 'a brand new passphrase');
    const done = await within(section).findByText(
      'Your password is changed. Your other devices are signed out, your access tokens are revoked and reminders are off.',
    );
    expect(done).toHaveAttribute('role', 'status');
    expect(done).toHaveFocus();
    expect(db.password).toBe('a brand new passphrase');
    for (const label of ['Current password', 'New password', 'Re-enter new password']) expect(within(section).getByLabelText(label)).toHaveValue('');
  });

  it('"Also sign out my tools and reminders" is checked by default and sends endEverything: true', async () => {
    const { section } = await fill('correct horse', 'a brand new passphrase');
    await within(section).findByRole('status');
    const box = within(section).getByRole('checkbox', { name: 'Also sign out my tools and reminders' });
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription('Your access tokens stop working and reminders are turned off on every device.');
    expect(passwordCalls.changes).toEqual([{ currentPassword: 'correct horse', newPassword: 'a brand new passphrase', endEverything: true }]);
  });

  it('unchecked, the change sends endEverything: false and says only that the other devices are signed out', async () => {
    const { user } = await openSettings();
    const section = screen.getByRole('region', { name: 'Change password' });
    const box = within(section).getByRole('checkbox', { name: 'Also sign out my tools and reminders' });
    box.focus();
    await user.keyboard(' ');
    expect(box).not.toBeChecked();
    await user.type(within(section).getByLabelText('Current password'), 'correct horse');
    await user.type(within(section).getByLabelText('New password'), 'a brand new passphrase');
    await user.type(within(section).getByLabelText('Re-enter new password'), 'a brand new passphrase');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await within(section).findByText('Your password is changed. Your other devices are signed out.')).toHaveFocus();
    expect(passwordCalls.changes).toEqual([{ currentPassword: 'correct horse', newPassword: 'a brand new passphrase', endEverything: false }]);
  });

  it('a wrong current password says so, and the learner stays signed in on Settings', async () => {
    const { section, router } = await fill('not my password', 'a brand new passphrase');
    expect(await within(section).findByRole('alert')).toHaveTextContent('The current password is not right, try again');
    expect(router.state.location.pathname).toBe('/settings');
    expect(db.password).toBe('correct horse');
    expect(within(section).getByLabelText('New password')).toHaveValue('a brand new passphrase');
  });

  it('checks sign-up\'s rules before sending: the current password, the two new ones alike, the length', async () => {
    const { section, user } = await fill('', 'a brand new passphrase');
    expect(await within(section).findByRole('alert')).toHaveTextContent('Enter your current password to continue');
    await user.type(within(section).getByLabelText('Current password'), 'correct horse');
    await user.type(within(section).getByLabelText('Re-enter new password'), 'x');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Passwords do not match, try again');
    expect(db.password).toBe('correct horse');
  });

  it('shows the rules as the new password is typed', async () => {
    const result = await openSettings();
    const section = screen.getByRole('region', { name: 'Change password' });
    await result.user.type(within(section).getByLabelText('New password'), 'short');
    const rules = document.getElementById('settings-password-rules') as HTMLElement;
    expect(rules).toHaveTextContent('Password must be between 8 and 100 characters (not yet)');
    await result.user.type(within(section).getByLabelText('New password'), ' and long');
    expect(rules).toHaveTextContent('Password must be between 8 and 100 characters (done)');
  });

  it('too many wrong tries say to wait', async () => {
    server.use(http.post(api('/user/password'), () => apiError(429, 'RATE_LIMITED', 'Too many')));
    const { section } = await fill('correct horse', 'a brand new passphrase');
    expect(await within(section).findByRole('alert')).toHaveTextContent('Too many attempts, wait a while and try again');
  });
});
