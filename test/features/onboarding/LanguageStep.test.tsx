import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { db, resetDb, seedSignedInLearner } from '../../mocks/db';
import { api } from '../../mocks/http';
import { server } from '../../mocks/server';
import { renderApp, setViewportWidth } from '../../utils';

const newLearner = () => resetDb({ signedIn: true });

async function openStep() {
  const view = renderApp('/register/language');
  await screen.findByRole('heading', { name: 'Target language' });
  return view;
}

describe('language step (spec 2, step 1 of 3)', () => {
  it('shows step 1 of 3 and the languages to choose from', async () => {
    newLearner();
    await openStep();
    expect(screen.getByRole('progressbar', { name: 'Sign-up progress' })).toHaveAttribute('aria-valuetext', 'Step 1 of 3');
    expect(await screen.findByRole('radio', { name: 'Arabic' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['Arabic', 'English', 'French', 'German', 'Japanese', 'Spanish']);
  });

  it('a labelled filter box narrows the list as the learner types, ignoring case, and Enter picks the only match', async () => {
    newLearner();
    const { user, router } = await openStep();
    await screen.findByRole('radio', { name: 'French' });
    const filter = screen.getByRole('searchbox', { name: 'Filter languages' });
    await user.type(filter, 'GER');
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['German']);
    expect(screen.getByRole('status')).toHaveTextContent('1 of 6 languages');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('radio', { name: 'German' })).toBeChecked();
    expect(router.state.location.pathname).toBe('/register/language');
    await user.clear(filter);
    await user.type(filter, 'xyz');
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('No language matches “xyz”');
  });

  it('asks the learner to choose a language before going on', async () => {
    newLearner();
    const { user, router } = await openStep();
    await screen.findByRole('radio', { name: 'French' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a language to continue');
    expect(router.state.location.pathname).toBe('/register/language');
  });

  it('saves the chosen language and goes on to the daily goal', async () => {
    newLearner();
    const { user, router } = await openStep();
    await user.click(await screen.findByRole('radio', { name: 'French' }));
    expect(screen.getByRole('radio', { name: 'French' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Daily Goal' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register/goal');
    expect(db.currentLanguage).toBe('French');
  });

  it('can be chosen with the keyboard alone', async () => {
    newLearner();
    const { user } = await openStep();
    await user.click(await screen.findByRole('radio', { name: 'English' }));
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'French' })).toBeChecked();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Daily Goal' })).toBeInTheDocument();
    expect(db.currentLanguage).toBe('French');
  });

  it('preselects the language the learner already studies', async () => {
    seedSignedInLearner('German');
    await openStep();
    expect(await screen.findByRole('radio', { name: 'German' })).toBeChecked();
  });

  it("shows 'Error loading progress' when the languages cannot be read", async () => {
    newLearner();
    server.use(http.get(api('/languages'), () => HttpResponse.json({ error: 'INTERNAL_ERROR', message: 'x' }, { status: 500 })));
    await openStep();
    expect(await screen.findByText('Error loading progress')).toBeInTheDocument();
  });

  it("says the language could not be saved when the server refuses it", async () => {
    newLearner();
    server.use(http.post(api('/user/language'), () => HttpResponse.json({ error: 'INTERNAL_ERROR', message: 'x' }, { status: 500 })));
    const { user, router } = await openStep();
    await user.click(await screen.findByRole('radio', { name: 'Spanish' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Error updating user's language");
    expect(router.state.location.pathname).toBe('/register/language');
  });

  it('turns Next into an arrow icon button on small screens', async () => {
    newLearner();
    setViewportWidth(375);
    await openStep();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toHaveTextContent('→');
    setViewportWidth(1024);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveTextContent('Next');
  });
});
