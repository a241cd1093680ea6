/**
 * A forgotten password (contract, fourth edition): "Forgot password?" on the sign-in page, the
 * page that asks for the email, and /reset-password#token=… with the new password twice.
 */
import { configure, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../mocks/db';
import { MOCK_RESET_TOKEN, passwordCalls, resetPasswordCalls } from '../../mocks/handlers/passwords';
import { api, apiError } from '../../mocks/http';
import { server } from '../../mocks/server';
import { renderApp, setViewportWidth } from '../../utils';

configure({ asyncUtilTimeout: 5000 });

const SENT = 'If an account exists for that address, we sent a link; it works for 30 minutes.';
const LENGTH_RULE = 'Password must be between 8 and 100 characters';

beforeEach(() => {
  resetPasswordCalls();
  setViewportWidth(1280);
});

describe('Forgot password?', () => {
  it('the sign-in page links to a page that asks for the email', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  });

  it.each([390, 1280])('at %i px, says exactly that a link was sent if an account exists, and focuses that message', async (width) => {
    setViewportWidth(width);
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), '  Learner@Example.com ');
    await user.keyboard('{Enter}');
    const sent = await screen.findByRole('status');
    expect(sent).toHaveTextContent(SENT);
    expect(sent).toHaveFocus();
    expect(passwordCalls.resetEmails).toEqual(['Learner@Example.com']);
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  });

  it('says the same for an address no account has (the server answers alike)', async () => {
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
  });

  it('asks for a valid address before sending anything', async () => {
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'not an email');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid email address, like name@example.com');
    expect(passwordCalls.resetEmails).toEqual([]);
  });

  it('after too many requests from this address, says to wait', async () => {
    server.use(http.post(api('/auth/password-reset'), () => apiError(429, 'RATE_LIMITED', 'Too many')));
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'learner@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts, wait a while and try again');
  });
});

describe('/reset-password#token=…', () => {
  const openLink = (token = MOCK_RESET_TOKEN) => {
    window.history.replaceState(null, '', `/reset-password#token=${token}`);
    return renderApp(`/reset-password#token=${token}`);
  };

  it.each([390, 1280])('at %i px, takes the new password twice, shows the rules as typed, then says to sign in with it', async (width) => {
    setViewportWidth(width);
    const { user } = openLink();
    const password = await screen.findByLabelText('New password');
    const rules = document.getElementById('new-password-rules') as HTMLElement;
    expect(password).toHaveAttribute('aria-describedby', 'new-password-rules');
    await user.type(password, 'short');
    expect(rules).toHaveTextContent(`${LENGTH_RULE} (not yet)`);
    await user.type(password, ' but longer now');
    expect(rules).toHaveTextContent(`${LENGTH_RULE} (done)`);
    await user.type(screen.getByLabelText('Re-enter new password'), 'short but');
    expect(rules).toHaveTextContent('Passwords do not match, try again');
    await user.type(screen.getByLabelText('Re-enter new password'), ' longer now');
    expect(rules).toHaveTextContent('Both passwords match');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Your password is changed. Sign in with it.');
    expect(done).toHaveFocus();
    expect(
      screen.getByText(
        'Every device is signed out, every access token your tools used stops working, and reminders are off on every device: turn them on again where you want them.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(passwordCalls.confirmTokens).toEqual([MOCK_RESET_TOKEN]);
    expect(db.password).toBe('short but longer now');
  });

  it('takes the token off the address at once, so it stays in no history entry', async () => {
    openLink();
    await screen.findByLabelText('New password');
    await waitFor(() => expect(window.location.hash).toBe(''));
    expect(window.location.pathname).toBe('/reset-password');
  });

  it('a used or expired link says so and offers a new one', async () => {
    const { user } = openLink('an-expired-token');
    await user.type(await screen.findByLabelText('New password'), 'a long new password');
    await user.type(screen.getByLabelText('Re-enter new password'), 'a long new password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const said = await screen.findByRole('alert');
    expect(said).toHaveTextContent('This link has expired or was already used. Ask for a new link.');
    expect(said).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('a link without a token says so at once', async () => {
    renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was already used. Ask for a new link.');
    expect(passwordCalls.confirmTokens).toEqual([]);
  });

  it('checks sign-up\'s rules before sending: the two must match, then the length', async () => {
    const { user } = openLink();
    await user.type(await screen.findByLabelText('New password'), 'a long new password');
    await user.type(screen.getByLabelText('Re-enter new password'), 'another long one');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match, try again');
    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Re-enter new password'));
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Re-enter new password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LENGTH_RULE);
    expect(passwordCalls.confirmTokens).toEqual([]);
  });

  it('shows the server\'s reason for a common password, and the link still works after', async () => {
    server.use(
      http.post(api('/auth/password-reset/confirm'), () => apiError(400, 'COMMON_PASSWORD', 'x'), { once: true }),
    );
    const { user } = openLink();
    await user.type(await screen.findByLabelText('New password'), 'password123');
    await user.type(screen.getByLabelText('Re-enter new password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This password is too common, choose one that is harder to guess');
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
  });

  it('after the change, its Sign in link opens the sign-in page', async () => {
    server.use(http.post(api('/auth/password-reset/confirm'), () => new HttpResponse(null, { status: 204 })));
    const { user } = openLink();
    await user.type(await screen.findByLabelText('New password'), 'a long new password');
    await user.type(screen.getByLabelText('Re-enter new password'), 'a long new password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await user.click(await screen.findByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });
});
