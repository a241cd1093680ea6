import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localIsoDate } from '@common/domain';
import { current, db, seedSignedInLearner } from '../../mocks/db';
import { api, apiError } from '../../mocks/http';
import { server } from '../../mocks/server';
import { renderApp, setViewportWidth } from '../../utils';
import { warmUpDashboard } from '../dashboard/renderDashboard';

configure({ asyncUtilTimeout: 5000 });

const NETWORK = 'Server unreachable, try again later';

describe('never a dead end', { timeout: 30000 }, () => {
  beforeAll(...warmUpDashboard);
  beforeEach(() => {
    setViewportWidth(1280);
    seedSignedInLearner('Spanish');
  });

  it('a 401 on a signed-in call ends the session: /login with a notice, back to the dashboard with the entry kept', async () => {
    const { user, router } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: /Listening Time/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Listening Time' });
    await user.type(within(dialog).getByLabelText('Minutes'), '25');
    db.signedIn = false; // signed out in another tab

    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(await screen.findByText(/You were signed out/)).toBeInTheDocument();
    // Meanwhile another tab logged 50 minutes: the dashboard after sign-in shows them, not the old session's 0h 0m.
    current().activities.push({ date: localIsoDate(), achieved: true, listeningDailyMins: 50, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0 });

    await user.type(screen.getByLabelText('Email'), db.email);
    await user.type(screen.getByLabelText('Enter Password'), db.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const again = await screen.findByRole('dialog', { name: 'Add Listening Time' });
    expect(within(again).getByLabelText('Minutes')).toHaveValue('25');
    expect(await screen.findAllByText('0h 50m')).not.toHaveLength(0);
  });

  it('returns the learner to the screen they were on when the session ended', async () => {
    const { user, router } = renderApp('/settings');
    await screen.findByLabelText('Hours learned before');
    db.signedIn = false;
    server.use(http.post(api('/user/previous-time'), () => apiError(401, 'UNAUTHENTICATED', 'Sign in first')));
    await user.selectOptions(screen.getByLabelText('Hours learned before'), '500');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await user.type(await screen.findByLabelText('Email'), db.email);
    await user.type(screen.getByLabelText('Enter Password'), db.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
  });

  it('a network failure on the auth check is not a sign-out', async () => {
    server.use(http.get(api('/auth/check'), () => HttpResponse.error()));
    const { router } = renderApp('/dashboard');
    expect(await screen.findByText(NETWORK)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    server.resetHandlers();
    await screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByRole('region', { name: 'Today' })).toBeInTheDocument();
  });

  it('one banner, announced once, says the network is down instead of a message per panel; Try again recovers', async () => {
    let down = true;
    // Every panel's read fails; the guard's own check answers, so the dashboard's panels are on screen.
    server.use(http.get(api('/user/*'), ({ request }) => (down && !request.url.includes('/user/has-language') ? HttpResponse.error() : undefined)));
    const { user } = renderApp('/dashboard');
    const banner = await screen.findByRole('alert', {}, { timeout: 10000 });
    expect(banner).toHaveTextContent(NETWORK);
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(1));
    expect(screen.getAllByText(NETWORK)).toHaveLength(1);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('Error loading progress')).not.toBeInTheDocument();
    for (const placeholder of screen.queryAllByText('0h 0m')) expect(placeholder).not.toBeVisible();

    down = false;
    await user.click(within(banner).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText(NETWORK)).not.toBeInTheDocument());
    expect(await screen.findByText('Total Hours')).toBeInTheDocument();
  });

  it('a failure shown by two panels is announced once', async () => {
    server.use(http.get(api('/user/milestones'), () => apiError(500, 'INTERNAL_ERROR')));
    renderApp('/dashboard');
    await waitFor(() => expect(screen.getAllByText('Error getting milestones')).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1));
  });

  it("a failed read's 'Try again' works and shows no placeholder numbers meanwhile", async () => {
    let failing = true;
    server.use(http.get(api('/user/progress'), () => (failing ? apiError(500, 'INTERNAL_ERROR') : undefined)));
    const { user } = renderApp('/dashboard');
    const progress = await screen.findByRole('region', { name: 'Progress' });
    expect(await within(progress).findByText('Error loading progress')).toBeInTheDocument();
    expect(within(progress).queryByText('Total Hours')).not.toBeInTheDocument();
    failing = false;
    await user.click(within(progress).getByRole('button', { name: 'Try again' }));
    expect(await within(progress).findByText('Total Hours')).toBeInTheDocument();
  });

  it('an unknown address shows our 404 screen with a way back', async () => {
    renderApp('/nope');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByText(/Hey developer/)).not.toBeInTheDocument();
  });
});
