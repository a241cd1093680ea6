import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../utils';

describe('landing page (spec 2)', () => {
  it('shows the headline with the brand name, the mascot and the two buttons', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Keep track of your language learning with LinguaLog!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /mascot/i })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('takes a visitor to sign-up with the Register button', async () => {
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('link', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'Sign Up' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
  });
});
