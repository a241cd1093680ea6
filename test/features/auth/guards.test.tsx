import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { resetDb, seedSignedInLearner } from '../../mocks/db';
import { api, apiError } from '../../mocks/http';
import { server } from '../../mocks/server';
import { renderApp } from '../../utils';

describe('guarded routes (spec 2)', () => {
  it("shows 'Loading...' while the session is checked, then sends a signed-out visitor to /login", async () => {
    // The check is held once the guard has asked it, so the 'Loading...' seen is the guard's, not the
    // router's own while the screen's code arrives. Returning nothing hands over to the usual handler.
    let checkAsked = false;
    let answerCheck = () => {};
    const checkHeld = new Promise<void>((resolve) => (answerCheck = resolve));
    server.use(
      http.get(api('/auth/check'), async () => {
        checkAsked = true;
        await checkHeld;
      }),
    );
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(checkAsked).toBe(true), { timeout: 10000 });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    answerCheck();
    // The sign-in screen's code may still be on its way (a cold transform on a busy machine).
    expect(await screen.findByRole('heading', { name: 'Sign In' }, { timeout: 10000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    // The dashboard's reads, sent together with the check, met 401 too: that is "sign in", not a session that ended.
    expect(screen.queryByText(/You were signed out/)).not.toBeInTheDocument();
  });

  it('sends a signed-in learner without a language to /register/language', async () => {
    resetDb({ signedIn: true });
    const { router } = renderApp('/register/goal');
    expect(await screen.findByRole('heading', { name: 'Target language' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register/language');
  });

  it('keeps the onboarding steps away from signed-out visitors', async () => {
    const { router } = renderApp('/register/previoustime');
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it("says 'Error determining if user has language' when that check fails", async () => {
    seedSignedInLearner();
    server.use(http.get(api('/user/has-language'), () => apiError(500, 'INTERNAL_ERROR')));
    renderApp('/dashboard');
    expect(await screen.findByText('Error determining if user has language', undefined, { timeout: 10000 })).toBeInTheDocument();
  });

  it("says 'Server unreachable, try again later' when the language check gets no answer", async () => {
    seedSignedInLearner();
    server.use(http.get(api('/user/has-language'), () => HttpResponse.error()));
    renderApp('/dashboard');
    // Shown. When another call gets an answer, the banner asks the check again by itself
    // (useOnServerReturn) and 'Loading...' stands in until it fails again, so the message need not
    // stay in the same element once found.
    await expect(screen.findByText('Server unreachable, try again later', undefined, { timeout: 10000 })).resolves.toBeTruthy();
  });
});
