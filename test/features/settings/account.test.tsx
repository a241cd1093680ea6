import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, seedSignedInLearner } from '../../mocks/db';
import { api, apiError } from '../../mocks/http';
import { server } from '../../mocks/server';
import { setViewportWidth } from '../../utils';
import { openSettings, recordRequests, writes } from './helpers';

async function confirmIn(question: string, confirm: string) {
  const result = await openSettings();
  await result.user.click(screen.getByRole('button', { name: question.includes('delete') ? 'Delete account' : 'Logout' }));
  const dialog = await screen.findByRole('dialog', { name: question });
  await result.user.click(within(dialog).getByRole('button', { name: confirm }));
  return { ...result, dialog };
}

const LOGOUT = 'Are you sure you want to logout?';
const DELETE = 'Are you sure you want to delete your account?';

describe('logout and account deletion', { timeout: 20000 }, () => {
  beforeEach(() => {
    setViewportWidth(1280);
    seedSignedInLearner();
  });

  it('Cancel closes the logout question and keeps the learner signed in', async () => {
    const log = recordRequests();
    const { user } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: LOGOUT });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writes(log)).toEqual([]);
  });

  it('logs out, lands on /login, and a later visit to /dashboard goes to /login', async () => {
    const log = recordRequests();
    const { router } = await confirmIn(LOGOUT, 'Logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(writes(log)).toEqual(['POST /auth/logout']);

    await router.navigate('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('forgets every cached answer on logout, so the next learner never sees the previous one', async () => {
    const { user, router } = await confirmIn(LOGOUT, 'Logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // Someone else signs in on the same browser: their settings are read afresh.
    seedSignedInLearner('German', { previousHours: 70 });
    db.signedIn = false;
    await user.type(await screen.findByLabelText('Email'), db.email);
    await user.type(screen.getByLabelText('Enter Password'), db.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));

    await router.navigate('/settings');
    expect(await screen.findByLabelText('Language you are learning')).toHaveValue('German');
    expect(await screen.findByLabelText('Hours learned before')).toHaveValue('70');
  });

  it("shows 'Error logging out' and stays when logout fails", async () => {
    server.use(http.post(api('/auth/logout'), () => apiError(500, 'INTERNAL_ERROR')));
    const { dialog, router } = await confirmIn(LOGOUT, 'Logout');
    expect(await within(dialog).findByText('Error logging out')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('deletes the account, then logs out, then lands on /login', async () => {
    const log = recordRequests();
    const { router } = await confirmIn(DELETE, 'Delete');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(writes(log)).toEqual(['DELETE /user', 'POST /auth/logout']);
    expect(db.perLanguage).toEqual({});

    await router.navigate('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("shows 'Error deleting user' when the deletion fails, without logging out", async () => {
    server.use(http.delete(api('/user'), () => apiError(500, 'INTERNAL_ERROR')));
    const log = recordRequests();
    const { dialog, router } = await confirmIn(DELETE, 'Delete');
    expect(await within(dialog).findByText('Error deleting user')).toBeInTheDocument();
    expect(writes(log)).toEqual(['DELETE /user']);
    expect(router.state.location.pathname).toBe('/settings');
  });

  it("shows 'Error deleting user' when the logout after the deletion fails", async () => {
    server.use(http.post(api('/auth/logout'), () => apiError(500, 'INTERNAL_ERROR')));
    const { dialog } = await confirmIn(DELETE, 'Delete');
    expect(await within(dialog).findByText('Error deleting user')).toBeInTheDocument();
  });

  it("shows 'Server unreachable, try again later' when the server cannot be reached", async () => {
    server.use(http.delete(api('/user'), () => HttpResponse.error()));
    const { dialog } = await confirmIn(DELETE, 'Delete');
    expect(await within(dialog).findByText('Server unreachable, try again later')).toBeInTheDocument();
  });
});
