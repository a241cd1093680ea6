/**
 * Issue #53: on a first load, /login and /register draw the same forms outside the app, with React
 * alone (src/visitor.tsx, src/app/visitorPorts.tsx). What the learner sees and where they go must be
 * what the app's pages do (test/features/auth/LoginPage.test.tsx, RegisterPage.test.tsx).
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { visitorPorts } from '@/app/visitorPorts';
import { AuthPortsContext } from '@/features/auth/authPorts';
import { LoginPage } from '@/features/auth/LoginPage';
import { RegisterPage } from '@/features/auth/RegisterPage';
import { theme } from '@/styles/theme';
import { db, seedSignedInLearner } from '../mocks/db';
import { api } from '../mocks/http';
import { server } from '../mocks/server';

function openOutsideTheApp(Page: typeof LoginPage) {
  const moveOn = vi.fn();
  render(
    <ThemeProvider theme={theme}>
      <AuthPortsContext.Provider value={visitorPorts(moveOn)}>
        <Page />
      </AuthPortsContext.Provider>
    </ThemeProvider>,
  );
  return { moveOn, user: userEvent.setup() };
}

async function signIn(email: string, password: string) {
  const view = openOutsideTheApp(LoginPage);
  await view.user.type(screen.getByLabelText('Email'), email);
  await view.user.type(screen.getByLabelText('Enter Password'), password);
  await view.user.click(screen.getByRole('button', { name: 'Login' }));
  return view;
}

describe('the sign-in page on a first load (outside the app)', () => {
  it('goes on to the dashboard after a successful sign-in', async () => {
    seedSignedInLearner();
    db.signedIn = false;
    const { moveOn } = await signIn(db.email, db.password);
    await vi.waitFor(() => expect(moveOn).toHaveBeenCalledWith('/dashboard'));
    expect(db.signedIn).toBe(true);
  });

  it('says the credentials are incorrect on a failed answer, and stays', async () => {
    seedSignedInLearner();
    const { moveOn } = await signIn(db.email, 'wrong password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email and/or password, try again');
    expect(moveOn).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('says the server is unreachable on a network failure', async () => {
    server.use(http.post(api('/auth/login'), () => HttpResponse.error()));
    await signIn('someone@example.com', 'a password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Server unreachable, try again later');
  });

  it('links to sign-up and to the forgotten password as plain links', () => {
    openOutsideTheApp(LoginPage);
    expect(screen.getByRole('link', { name: "Don't have an account?" })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });
});

describe('the sign-up page on a first load (outside the app)', () => {
  async function signUp(email: string) {
    const view = openOutsideTheApp(RegisterPage);
    await view.user.type(screen.getByLabelText('Email'), email);
    await view.user.type(screen.getByLabelText('Password'), 'a long enough password');
    await view.user.type(screen.getByLabelText('Re-enter Password'), 'a long enough password');
    await view.user.click(screen.getByRole('button', { name: 'Sign Up' }));
    return view;
  }

  it('goes on to the language step after signing up', async () => {
    const { moveOn } = await signUp('new-learner@example.com');
    await vi.waitFor(() => expect(moveOn).toHaveBeenCalledWith('/register/language'));
    expect(db.email).toBe('new-learner@example.com');
  });

  it("says an email in use is taken, with the server's code read as the app reads it", async () => {
    seedSignedInLearner();
    const { moveOn } = await signUp(db.email);
    expect(await screen.findByRole('alert')).toHaveTextContent('Email already in use, try another or sign in');
    expect(moveOn).not.toHaveBeenCalled();
  });
});
