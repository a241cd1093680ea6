import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resetDb } from '../../mocks/db';
import { renderApp } from '../../utils';

describe('guarded routes (spec 2)', () => {
  it("shows 'Loading...' while the session is checked, then sends a signed-out visitor to /login", async () => {
    const { router } = renderApp('/dashboard');
    // The router first loads the guarded screen's code, which takes a while on a cold start.
    expect(await screen.findByText('Loading...', undefined, { timeout: 10000 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
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
});
