import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db, seedSignedInLearner } from '../../mocks/db';
import { renderApp, setViewportWidth } from '../../utils';
import { DASHBOARD_TEST_TIMEOUT, renderDashboard, warmUpDashboard } from './renderDashboard';

const nav = () => screen.getByRole('navigation', { name: 'Dashboard sections' });
const tabButton = (name: string) => within(nav()).getByRole('button', { name });

describe('dashboard layout', { timeout: DASHBOARD_TEST_TIMEOUT }, () => {
  beforeAll(...warmUpDashboard);
  beforeEach(() => seedSignedInLearner());

  it('shows every panel at once and no bottom navigation on wide screens', async () => {
    setViewportWidth(1280);
    await renderDashboard();
    expect(await screen.findByRole('region', { name: 'Today' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Progress' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Levels' })).toBeInTheDocument();
    expect(screen.getByText('Click to edit learning time!')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Dashboard sections' })).not.toBeInTheDocument();
  });

  it('shows the Daily tab first on narrow screens, marked as current in the bottom navigation', async () => {
    setViewportWidth(375);
    await renderDashboard();
    expect(await screen.findByRole('region', { name: 'Today' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Progress' })).not.toBeInTheDocument();
    expect(tabButton('Daily')).toHaveAttribute('aria-current', 'page');
    expect(tabButton('Calendar')).not.toHaveAttribute('aria-current');
  });

  it('switches tabs from the bottom navigation and keeps the choice in localStorage', async () => {
    setViewportWidth(375);
    const { user } = await renderDashboard();
    await user.click(await within(nav()).findByRole('button', { name: 'Progress' }));
    expect(await screen.findByRole('region', { name: 'Progress' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Today' })).not.toBeInTheDocument();
    expect(tabButton('Progress')).toHaveAttribute('aria-current', 'page');
    expect(window.localStorage.getItem('activeTab')).toBe('progress');

    await user.click(tabButton('Calendar'));
    expect(await screen.findByText('Click to edit learning time!')).toBeInTheDocument();
    expect(window.localStorage.getItem('activeTab')).toBe('calendar');
  });

  it('opens on the tab kept in localStorage', async () => {
    setViewportWidth(375);
    window.localStorage.setItem('activeTab', 'levels');
    await renderDashboard();
    expect(await screen.findByRole('region', { name: 'Levels' })).toBeInTheDocument();
    expect(tabButton('Levels')).toHaveAttribute('aria-current', 'page');
  });

  it('moves the language selector from the top bar into the Levels panel on the Levels tab, and still names the language', async () => {
    setViewportWidth(375);
    const { user } = await renderDashboard();
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('combobox', { name: 'Learning language' })).toHaveValue('Spanish');
    await user.click(tabButton('Levels'));
    await waitFor(() => expect(within(banner).queryByRole('combobox', { name: 'Learning language' })).not.toBeInTheDocument());
    expect(within(banner).getByRole('heading', { name: 'Spanish' })).toBeVisible();
    const levels = screen.getByRole('region', { name: 'Levels' });
    expect(await within(levels).findByRole('combobox', { name: 'Learning language' })).toHaveValue('Spanish');
  });

  it('links the profile icon to settings', async () => {
    setViewportWidth(1280);
    await renderDashboard();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });
});

describe('language selector', { timeout: DASHBOARD_TEST_TIMEOUT }, () => {
  beforeEach(() => setViewportWidth(1280));

  it('lists started languages first and every other language to start a new one', async () => {
    seedSignedInLearner();
    await renderDashboard();
    const select = await screen.findByRole('combobox', { name: 'Learning language' });
    const started = within(select).getByRole('group', { name: 'Your languages' });
    // The full language list arrives on its own request, possibly after the learner's languages.
    const others = await within(select).findByRole('group', { name: 'Start a new language' });
    expect(within(started).getAllByRole('option').map((o) => o.textContent)).toEqual(['Spanish']);
    await waitFor(() => expect(within(others).getAllByRole('option')).toHaveLength(5));
  });

  it("switches the learning language and shows the new language's data", async () => {
    seedSignedInLearner();
    const { user } = await renderDashboard();
    const select = await screen.findByRole('combobox', { name: 'Learning language' });
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));
    await user.selectOptions(select, 'French');
    // French was never studied: starting it is confirmed first.
    const question = await screen.findByRole('dialog', { name: 'Start learning French?' });
    expect(db.currentLanguage).toBe('Spanish');
    await user.click(within(question).getByRole('button', { name: 'Start French' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Learning language' })).toHaveValue('French'));
    expect(db.currentLanguage).toBe('French');
  });

  it('switches between started languages without asking', async () => {
    seedSignedInLearner();
    db.languages.push('German');
    const { user } = await renderDashboard();
    const select = await screen.findByRole('combobox', { name: 'Learning language' });
    await waitFor(() => expect(within(select).getByRole('group', { name: 'Your languages' })).toHaveTextContent('German'));
    await user.selectOptions(select, 'German');
    await waitFor(() => expect(db.currentLanguage).toBe('German'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the current language when starting a new one is cancelled', async () => {
    seedSignedInLearner();
    const { user } = await renderDashboard();
    const select = await screen.findByRole('combobox', { name: 'Learning language' });
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));
    await user.selectOptions(select, 'Japanese');
    await user.click(within(await screen.findByRole('dialog', { name: 'Start learning Japanese?' })).getByRole('button', { name: 'Cancel' }));
    expect(select).toHaveValue('Spanish');
    expect(db.currentLanguage).toBe('Spanish');
  });
});

describe('changing width', { timeout: DASHBOARD_TEST_TIMEOUT }, () => {
  beforeAll(...warmUpDashboard);
  beforeEach(() => seedSignedInLearner());

  it('keeps an open add-time modal and what was typed in it when the screen turns narrow and back', async () => {
    setViewportWidth(1280);
    const { user } = await renderDashboard();
    await user.click(await screen.findByRole('button', { name: /Listening Time/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Listening Time' });
    await user.type(within(dialog).getByLabelText('Minutes'), '25');
    setViewportWidth(375);
    setViewportWidth(1280);
    expect(screen.getByRole('dialog', { name: 'Add Listening Time' })).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByLabelText('Minutes')).toHaveValue('25');
  });
});

describe('tab after signing in', { timeout: DASHBOARD_TEST_TIMEOUT }, () => {
  beforeAll(...warmUpDashboard);

  it('starts the next learner on the Daily tab, since sign-in clears local storage', async () => {
    seedSignedInLearner();
    db.signedIn = false;
    window.localStorage.setItem('activeTab', 'levels');
    setViewportWidth(375);
    const { user } = renderApp('/login', { preloadedState: { dashboard: { activeTab: 'levels' } } });
    await user.type(await screen.findByLabelText('Email'), db.email);
    await user.type(screen.getByLabelText('Enter Password'), db.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('navigation', { name: 'Dashboard sections' }, { timeout: 10000 })).toBeInTheDocument();
    expect(tabButton('Daily')).toHaveAttribute('aria-current', 'page');
    expect(window.localStorage.getItem('activeTab')).toBeNull();
  });
});
