import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { db, seedSignedInLearner } from '../../mocks/db';
import { api } from '../../mocks/http';
import { server } from '../../mocks/server';
import { renderApp } from '../../utils';

async function openSignIn() {
  const view = renderApp('/login');
  await screen.findByRole('heading', { name: 'Sign In' });
  const signIn = async (email: string, password: string) => {
    if (email) await view.user.type(screen.getByLabelText('Email'), email);
    if (password) await view.user.type(screen.getByLabelText('Enter Password'), password);
    await view.user.click(screen.getByRole('button', { name: 'Login' }));
  };
  return { ...view, signIn };
}

// The router keeps the old URL until the dashboard's lazily loaded code (charts included) has arrived.
const DASHBOARD_LOAD = { timeout: 10000 };

describe('sign-in page (spec 2)', () => {
  it('has an email field with an example-shaped placeholder, a masked password and a link to sign-up', async () => {
    await openSignIn();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email.getAttribute('placeholder')).toMatch(/^\S+@\S+\.\S+$/);
    expect(screen.getByLabelText('Enter Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: "Don't have an account?" })).toHaveAttribute('href', '/register');
  });

  it('asks for both fields when one is empty', async () => {
    const { signIn } = await openSignIn();
    await signIn(db.email, '');
    expect(screen.getByRole('alert')).toHaveTextContent('Input an email and password to continue');
  });

  it('says the credentials are incorrect on any failed login answer', async () => {
    const { signIn } = await openSignIn();
    await signIn(db.email, 'wrong password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email and/or password, try again');
  });

  it('treats a rate-limited answer as a failed login too', async () => {
    server.use(http.post(api('/auth/login'), () => HttpResponse.json({ error: 'RATE_LIMITED', message: 'x' }, { status: 429 })));
    const { signIn } = await openSignIn();
    await signIn(db.email, db.password);
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email and/or password, try again');
  });

  it('says the server is unreachable on a network failure', async () => {
    server.use(http.post(api('/auth/login'), () => HttpResponse.error()));
    const { signIn } = await openSignIn();
    await signIn(db.email, db.password);
    expect(await screen.findByRole('alert')).toHaveTextContent('Server unreachable, try again later');
  });

  it('clears local storage before each login attempt', async () => {
    const { signIn } = await openSignIn();
    window.localStorage.setItem('activeTab', 'levels');
    await signIn(db.email, 'wrong password');
    await screen.findByRole('alert');
    expect(window.localStorage.getItem('activeTab')).toBeNull();
  });

  it('goes to the dashboard after a successful login', async () => {
    seedSignedInLearner();
    db.signedIn = false;
    const { signIn, router } = await openSignIn();
    await signIn(db.email, db.password);
    await expect.poll(() => router.state.location.pathname, DASHBOARD_LOAD).toBe('/dashboard');
  });
});

describe('visitor-only pages (spec 2)', () => {
  it('sends a signed-in learner from /login to /dashboard', async () => {
    seedSignedInLearner();
    const { router } = renderApp('/login');
    await expect.poll(() => router.state.location.pathname, DASHBOARD_LOAD).toBe('/dashboard');
    expect(screen.queryByRole('heading', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('sends a signed-in learner from /register to /dashboard', async () => {
    seedSignedInLearner();
    const { router } = renderApp('/register');
    await expect.poll(() => router.state.location.pathname, DASHBOARD_LOAD).toBe('/dashboard');
  });
});
