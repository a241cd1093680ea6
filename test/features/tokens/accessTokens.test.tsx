/** Settings' "Access tokens" (contract, fourth edition), as the learner sees and uses it. */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedSignedInLearner } from '../../mocks/db';
import { tokensState } from '../../mocks/handlers/tokens';
import { renderApp, setViewportWidth } from '../../utils';
import { recordRequests, writes } from '../settings/helpers';

const WARNING = 'Copy it now: you will not see it again. Anyone with it can log time for you.';
const section = async () => screen.findByRole('region', { name: 'Access tokens' });

/** /settings through the real router, once the tokens' section is there (at both widths it is a panel of its own). */
async function openSettings() {
  const result = renderApp('/settings');
  await section();
  return result;
}

afterEach(() => {
  vi.restoreAllMocks();
});

async function createToken(name: string, scope: 'Log time' | 'Read only', password = 'correct horse') {
  const opened = await openSettings();
  const region = await section();
  await opened.user.type(within(region).getByLabelText('Token name'), name);
  await opened.user.selectOptions(within(region).getByLabelText('What it may do'), scope);
  await opened.user.type(within(region).getByLabelText('Your password'), password);
  await opened.user.click(within(region).getByRole('button', { name: 'Create' }));
  return { ...opened, region };
}

describe.each([1280, 375])('settings: access tokens at %ipx', { timeout: 30000 }, (width) => {
  beforeEach(() => {
    setViewportWidth(width);
    seedSignedInLearner('Spanish');
  });

  it('lists the tokens with their scope, creation and last use ("Never used")', async () => {
    tokensState().push(
      { id: 'a', name: 'Anki', scope: 'log', createdAt: '2026-11-01T10:00:00.000Z', lastUsedAt: '2026-11-20T08:05:00.000Z', expiresAt: null },
      { id: 'b', name: 'Podcast app', scope: 'read', createdAt: '2026-11-02T10:00:00.000Z', lastUsedAt: null, expiresAt: '2027-02-01T10:00:00.000Z' },
    );
    await openSettings();
    const list = await within(await section()).findByRole('list', { name: 'Your access tokens' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Anki');
    expect(items[0]).toHaveTextContent('Log time');
    expect(items[0]).toHaveTextContent('Created 1 Nov 2026');
    expect(items[0]).toHaveTextContent(/Last used 20 Nov 2026/);
    expect(items[1]).toHaveTextContent('Read only');
    expect(items[1]).toHaveTextContent('Never used');
    expect(items[0]).toHaveTextContent('Never expires');
    expect(items[1]).toHaveTextContent('Expires 1 Feb 2027');
  });

  it('a token is made to expire after the lifetime chosen (never by default), and the list shows when', async () => {
    const opened = await openSettings();
    const region = await section();
    const expiry = within(region).getByLabelText('Expires');
    expect(expiry).toHaveValue('never');
    expect(within(expiry).getAllByRole('option').map((option) => option.textContent)).toEqual(['After 30 days', 'After 90 days', 'After 365 days', 'Never']);
    await opened.user.type(within(region).getByLabelText('Token name'), 'Podcast app');
    await opened.user.selectOptions(expiry, 'After 90 days');
    await opened.user.type(within(region).getByLabelText('Your password'), 'correct horse');
    const before = Date.now();
    await opened.user.click(within(region).getByRole('button', { name: 'Create' }));
    await within(region).findByLabelText('Your new token');
    const [made] = tokensState();
    const days = (Date.parse(made.expiresAt ?? '') - before) / (24 * 60 * 60 * 1000);
    expect(Math.round(days)).toBe(90);
    const list = await within(region).findByRole('list', { name: 'Your access tokens' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(/Expires \d{1,2} \w{3} \d{4}/);
  });

  it('a new token is shown once with the warning, copied with the Copy button, and listed without its secret', async () => {
    const log = recordRequests();
    const { user, region } = await createToken('Anki on my laptop', 'Read only');
    const field = await within(region).findByLabelText('Your new token');
    const secret = (field as HTMLInputElement).value;
    expect(secret).toMatch(/^lingualog_pat_/);
    expect(field).toHaveAccessibleDescription(WARNING);
    expect(within(region).getByText(WARNING)).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(secret);
    expect(within(region).getByRole('status')).toHaveTextContent('Copied');
    expect(writes(log)).toEqual(['POST /user/tokens']);

    const list = await within(region).findByRole('list', { name: 'Your access tokens' });
    expect(within(list).getByText('Anki on my laptop')).toBeInTheDocument();
    expect(within(list).getByText('Read only')).toBeInTheDocument();
    expect(list).not.toHaveTextContent(secret);
    await user.click(within(region).getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue(secret)).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(secret);
    expect(within(region).getByLabelText('Token name')).toHaveValue('');
  });

  it('when the clipboard refuses, the token is selected for copying by hand', async () => {
    const { user, region } = await createToken('Shortcut', 'Log time');
    const field = (await within(region).findByLabelText('Your new token')) as HTMLInputElement;
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Not allowed', 'NotAllowedError'));
    field.setSelectionRange(0, 0);
    await user.click(within(region).getByRole('button', { name: 'Copy' }));
    expect(within(region).getByRole('status')).toHaveTextContent(/Copied|copy it with Ctrl\+C/);
    expect(field.selectionStart).toBe(0);
    expect(field.selectionEnd).toBe(field.value.length);
  });

  it('a wrong password says so and creates nothing', async () => {
    const { region } = await createToken('Anki', 'Log time', 'not my password');
    expect(await within(region).findByRole('alert')).toHaveTextContent('The password is not right, try again');
    expect(tokensState()).toEqual([]);
    expect(within(region).queryByLabelText('Your new token')).not.toBeInTheDocument();
  });

  it('a missing name or password is caught before anything is sent', async () => {
    const log = recordRequests();
    const { user } = await openSettings();
    const region = await section();
    await user.click(within(region).getByRole('button', { name: 'Create' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('Give the token a name');
    await user.type(within(region).getByLabelText('Token name'), 'Anki');
    await user.click(within(region).getByRole('button', { name: 'Create' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('Enter your password to continue');
    expect(writes(log)).toEqual([]);
  });

  it('at the most tokens allowed, creating one says to revoke one first', async () => {
    for (let i = 0; i < 20; i++) tokensState().push({ id: `t${i}`, name: `Tool ${i}`, scope: 'read', createdAt: '2026-11-01T10:00:00.000Z', lastUsedAt: null, expiresAt: null });
    const { region } = await createToken('One more', 'Log time');
    expect(await within(region).findByRole('alert')).toHaveTextContent('You already have 20 access tokens: revoke one you no longer use first');
  });

  it('Revoke asks first; Cancel keeps the token, Revoke removes it', async () => {
    tokensState().push({ id: 'a', name: 'Anki', scope: 'log', createdAt: '2026-11-01T10:00:00.000Z', lastUsedAt: null, expiresAt: null });
    const log = recordRequests();
    const { user } = await openSettings();
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Revoke Anki' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke “Anki”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writes(log)).toEqual([]);
    await user.click(within(region).getByRole('button', { name: 'Revoke Anki' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await within(region).findByText('No access tokens yet.')).toBeInTheDocument();
    expect(writes(log)).toEqual(['DELETE /user/tokens/a']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('works from the keyboard alone: name, scope, expiry, password and Create by Tab and Enter', async () => {
    const { user } = await openSettings();
    const region = await section();
    within(region).getByLabelText('Token name').focus();
    await user.keyboard('Keyboard tool');
    await user.tab();
    expect(within(region).getByLabelText('What it may do')).toHaveFocus();
    await user.tab();
    expect(within(region).getByLabelText('Expires')).toHaveFocus();
    await user.tab();
    expect(within(region).getByLabelText('Your password')).toHaveFocus();
    await user.keyboard('correct horse{Enter}');
    expect(await within(region).findByLabelText('Your new token')).toHaveFocus();
    expect(tokensState().map((token) => token.name)).toEqual(['Keyboard tool']);
  });
});
