/** Settings' "App language" and the immersion switch (contract, fifth edition). */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db, newLanguageData, resetDb, seedSignedInLearner } from '../../mocks/db';
import { renderApp } from '../../utils';

async function openSettings() {
  const view = renderApp('/settings');
  const section = await screen.findByRole('region', { name: 'App language' }, { timeout: 10000 });
  return { ...view, section };
}

describe('App language (Settings)', () => {
  it('lists Automatic and the nine locales, each in its own name', async () => {
    seedSignedInLearner('Korean');
    const { section } = await openSettings();
    const options = within(within(section).getByLabelText('App language')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Automatic (English)', 'English', 'Español', 'Português (Brasil)', 'Français', 'Deutsch', 'Italiano', '日本語', '简体中文', 'العربية']);
  });

  it('saves the choice on the account and switches the page at once, without a reload; Arabic is right to left', async () => {
    seedSignedInLearner('Korean');
    const { section, user } = await openSettings();
    await user.selectOptions(within(section).getByLabelText('App language'), 'de');
    expect(await screen.findByRole('region', { name: 'App-Sprache' })).toBeInTheDocument();
    expect(db.preferences.uiLocale).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    await user.selectOptions(screen.getByLabelText('App-Sprache'), 'ar');
    await screen.findByRole('region', { name: 'لغة التطبيق' });
    expect(db.preferences.uiLocale).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    await user.selectOptions(screen.getByLabelText('لغة التطبيق'), 'auto');
    await screen.findByRole('region', { name: 'App language' });
    expect(db.preferences.uiLocale).toBeNull();
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('offers the language being learned for immersion, and a way back named in the language the learner came from', async () => {
    seedSignedInLearner('Spanish');
    const { section, user } = await openSettings();
    await user.click(within(section).getByRole('button', { name: 'Show the app in Spanish' }));
    const spanish = await screen.findByRole('region', { name: 'Idioma de la app' });
    expect(db.preferences.uiLocale).toBe('es');
    await user.click(within(spanish).getByRole('button', { name: /English/ }));
    await screen.findByRole('region', { name: 'App language' });
    expect(db.preferences.uiLocale).toBeNull();
  });

  it('offers no immersion for a language the app is not translated into', async () => {
    seedSignedInLearner('Korean');
    const { section } = await openSettings();
    expect(within(section).queryByRole('button', { name: /Show the app in/ })).not.toBeInTheDocument();
  });
});

describe('the account\'s preferences at sign-in', () => {
  it('signing in sends the device\'s zone, and the App language chosen on another device shows at once', async () => {
    resetDb({ signedIn: false, currentLanguage: 'Spanish', languages: ['Spanish'], perLanguage: { Spanish: newLanguageData() } });
    db.preferences = { uiLocale: 'fr', timeZone: 'Pacific/Kiritimati' };
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), db.email);
    await user.type(screen.getByLabelText('Enter Password'), db.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('fr'), { timeout: 10000 });
    expect(db.preferences).toEqual({ uiLocale: 'fr', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  });
});
