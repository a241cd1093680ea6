import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { db } from '../../mocks/db';
import { api } from '../../mocks/http';
import { server } from '../../mocks/server';
import { renderApp, setViewportWidth } from '../../utils';

async function openSignUp() {
  const view = renderApp('/register');
  await screen.findByRole('heading', { name: 'Sign Up' });
  const fill = async (email: string, password: string, repeat: string) => {
    if (email) await view.user.type(screen.getByLabelText('Email'), email);
    if (password) await view.user.type(screen.getByLabelText('Password'), password);
    if (repeat) await view.user.type(screen.getByLabelText('Re-enter Password'), repeat);
    await view.user.click(screen.getByRole('button', { name: 'Sign Up' }));
  };
  return { ...view, fill };
}

describe('sign-up page (spec 2)', () => {
  it('shows the texts, an example-shaped email placeholder, masked passwords and the sign-in link', async () => {
    await openSignUp();
    expect(screen.getByText('Slow and steady wins the race!')).toBeInTheDocument();
    expect(screen.getByText('Sign up on our app to track your language learning progress nice and easy...')).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email.getAttribute('placeholder')).toMatch(/^\S+@\S+\.\S+$/);
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Re-enter Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Already have an account?' })).toHaveAttribute('href', '/login');
  });
});

describe('sign-up validation, in the order of spec 5', () => {
  it('1. asks for all fields when any is empty', async () => {
    const { fill } = await openSignUp();
    await fill('new@example.com', 'longpassword', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Input an email and password to continue');
  });

  it('1 before 2: an empty email wins over differing passwords', async () => {
    const { fill } = await openSignUp();
    await fill('', 'abc', 'xyz');
    expect(screen.getByRole('alert')).toHaveTextContent('Input an email and password to continue');
  });

  it('2. rejects passwords that do not match', async () => {
    const { fill } = await openSignUp();
    await fill('new@example.com', 'short', 'shorter');
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match, try again');
  });

  it('3. rejects an email longer than 100 characters, before the password length', async () => {
    const { fill } = await openSignUp();
    await fill(`${'a'.repeat(89)}@example.com`, 'short', 'short');
    expect(screen.getByRole('alert')).toHaveTextContent('Email must be less than 100 characters');
  });

  it('4. rejects a password shorter than 8 or longer than 100 characters', async () => {
    const { fill, user } = await openSignUp();
    await fill('new@example.com', 'seven77', 'seven77');
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be between 8 and 100 characters');
    const long = 'p'.repeat(101);
    await user.clear(screen.getByLabelText('Password'));
    await user.clear(screen.getByLabelText('Re-enter Password'));
    await fill('', long, long);
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be between 8 and 100 characters');
    expect(db.signedIn).toBe(false);
  });

  it('shows the error above the email field on wide screens and below the passwords on small ones', async () => {
    setViewportWidth(1024);
    const { fill } = await openSignUp();
    await fill('', '', '');
    const follows = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(screen.getByRole('alert'), screen.getByLabelText('Email'))).toBe(true);
    setViewportWidth(375);
    expect(follows(screen.getByLabelText('Re-enter Password'), screen.getByRole('alert'))).toBe(true);
  });
});

describe('sign-up answers (spec 8)', () => {
  it('says the email is in use on EMAIL_EXISTS', async () => {
    const { fill } = await openSignUp();
    await fill(db.email, 'longpassword', 'longpassword');
    expect(await screen.findByRole('alert')).toHaveTextContent('Email already in use, try another or sign in');
  });

  it('says the server is unreachable on a network failure', async () => {
    server.use(http.post(api('/auth/register'), () => HttpResponse.error()));
    const { fill } = await openSignUp();
    await fill('new@example.com', 'longpassword', 'longpassword');
    expect(await screen.findByRole('alert')).toHaveTextContent('Server unreachable, try again later');
  });

  it('gives the server\'s reason when the password is one of the most common ones', async () => {
    server.use(
      http.post(api('/auth/register'), () =>
        HttpResponse.json({ error: 'COMMON_PASSWORD', message: 'This password is too common, choose one that is harder to guess' }, { status: 400 }),
      ),
    );
    const { fill } = await openSignUp();
    await fill('new@example.com', 'password1', 'password1');
    expect(await screen.findByRole('alert')).toHaveTextContent('This password is too common, choose one that is harder to guess');
    expect(db.signedIn).toBe(false);
  });

  it('shows the generic sign-up error for any other failure', async () => {
    server.use(http.post(api('/auth/register'), () => HttpResponse.json({ error: 'INTERNAL_ERROR', message: 'x' }, { status: 500 })));
    const { fill } = await openSignUp();
    await fill('new@example.com', 'longpassword', 'longpassword');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error occurred during sign up');
  });

  it('signs the learner up and opens the language step with the languages listed', async () => {
    const { fill, router } = await openSignUp();
    await fill('new@example.com', 'longpassword', 'longpassword');
    expect(await screen.findByRole('heading', { name: 'Target language' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register/language');
    expect(screen.getByRole('radio', { name: 'Spanish' })).toBeInTheDocument();
    expect(db.email).toBe('new@example.com');
    expect(db.password).toBe('longpassword');
  });
});
