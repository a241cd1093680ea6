/**
 * The Settings form in the pseudo-locale: every section's name, fields, hints and buttons come from
 * the catalogue, at wide width (every section a card) and narrow width (each section a button
 * opening its modal). The learnable languages' names in the language select are the API's
 * identifiers and are not judged here. Then the rest of the page: "Your data" with its import dialog
 * (a Toggl file's skill map, the refused file's problems, the preview), "Change password" and the
 * account actions with their questions.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '@common/apiPaths';
import { getI18n } from '@/i18n/i18n';
import { SECTIONS } from '@/features/settings/registry';
import { seedSignedInLearner } from '../mocks/db';
import { api } from '../mocks/http';
import { server } from '../mocks/server';
import { renderApp, setViewportWidth } from '../utils';
import { inPseudoLocale, untranslated } from './pseudo';

inPseudoLocale();

/** What escaped translation in `root`, leaving out the learnable languages' names (the select's option values). */
function escaped(root: HTMLElement): string[] {
  const languageNames = new Set([...root.querySelectorAll('option')].map((option) => option.value));
  return untranslated(root).filter((text) => !languageNames.has(text));
}

describe('the settings form shows nothing untranslated in the pseudo-locale', { timeout: 30000 }, () => {
  beforeEach(() => {
    seedSignedInLearner('Spanish', { dailyGoalMinutes: 30, previousHours: 0 });
  });

  it('wide: the page title and every section card, with its fields', async () => {
    setViewportWidth(1280);
    const view = renderApp('/settings');
    const t = getI18n().t;
    await screen.findByRole('heading', { name: t('settings.section.previousHours') }, { timeout: 15000 });
    await screen.findByLabelText(t('settings.previousHours.label'));
    await screen.findByText(t('settings.restDays.noBreaks'));
    await screen.findByLabelText(t('settings.dayBoundary.label'));
    expect(untranslated(view.container.querySelector('header') as HTMLElement)).toEqual([]);
    for (const { id } of SECTIONS) {
      const card = view.container.querySelector(`[aria-labelledby="settings-${id}-title"]`) as HTMLElement;
      expect(card, id).not.toBeNull();
      expect(escaped(card), id).toEqual([]);
    }
  });

  it('narrow: the section buttons, each section open in its modal, and the unsaved-changes bar', async () => {
    setViewportWidth(375);
    const view = renderApp('/settings');
    const t = getI18n().t;
    await screen.findByRole('button', { name: t('settings.section.previousHours') }, { timeout: 15000 });
    expect(untranslated(view.container.querySelector('main ul') as HTMLElement)).toEqual([]);
    for (const { id, title } of SECTIONS) {
      await view.user.click(screen.getByRole('button', { name: t(title) }));
      const dialog = await screen.findByRole('dialog', { name: t(title) });
      await waitFor(() => expect(within(dialog).queryByRole('status')).not.toBeInTheDocument());
      expect(escaped(dialog), id).toEqual([]);
      if (id === 'previousHours') {
        await view.user.selectOptions(within(dialog).getByLabelText(t('settings.previousHours.label')), '100');
        expect(escaped(dialog), 'with Discard and Save').toEqual([]);
      }
      await view.user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    const bar = await screen.findByRole('region', { name: t('settings.form.unsaved') });
    expect(untranslated(bar)).toEqual([]);
  });
});

const TOGGL = [
  'User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags,Amount ()',
  'Ana,ana@example.com,,Listening,,,No,2025-03-14,08:00:00,2025-03-14,08:45:00,00:45:00,,',
  'Ana,ana@example.com,,Spanish,,Podcast episode 12,No,2025-03-14,09:00:00,2025-03-14,09:25:00,00:25:00,,',
].join('\n');
/** What the learner's own file and the server put on screen as they are: the file's name, its projects, a problem's text. */
const FROM_THE_FILE = ['Toggl_time_entries.csv', 'Listening', 'Spanish'];
const fileTexts = (root: HTMLElement) => untranslated(root).filter((text) => !FROM_THE_FILE.includes(text));

describe('the rest of Settings shows nothing untranslated in the pseudo-locale', { timeout: 60000 }, () => {
  beforeEach(() => {
    seedSignedInLearner('Spanish', { dailyGoalMinutes: 30, previousHours: 0 });
  });

  it('your data, the import dialog with a Toggl file, its problems and its preview', async () => {
    setViewportWidth(1280);
    const view = renderApp('/settings');
    const t = getI18n().t;
    await screen.findByRole('heading', { name: t('settings.data.title') }, { timeout: 15000 });
    const card = view.container.querySelector('[aria-labelledby="settings-data-title"]') as HTMLElement;
    expect(untranslated(card)).toEqual([]);

    let refused = true;
    server.use(
      http.post(api(API_PATHS.import), () =>
        refused
          ? HttpResponse.json({ error: 'INVALID_IMPORT', message: 'x', problems: [{ line: 3, message: 'names no skill' }] }, { status: 400 })
          : HttpResponse.json({ dryRun: true, languages: ['Spanish'], days: 2, minutes: 70, replacedDays: 1, skippedEntries: 1 }),
      ),
    );
    await view.user.click(within(card).getByRole('button', { name: t('settings.data.import') }));
    const dialog = await screen.findByRole('dialog', { name: t('settings.import.title') });
    expect(untranslated(dialog)).toEqual([]);
    await view.user.upload(within(dialog).getByLabelText(t('settings.import.file')), new File([TOGGL], 'Toggl_time_entries.csv', { type: 'text/csv' }));
    const preview = within(dialog).getByRole('button', { name: t('settings.import.preview') });
    await waitFor(() => expect(preview).toBeEnabled(), { timeout: 20000 });
    expect(fileTexts(dialog), 'the skill map').toEqual([]);
    await view.user.click(preview);
    await within(dialog).findByText(t('settings.importProblems.intro'), undefined, { timeout: 10000 });
    expect(fileTexts(dialog), 'the problems').toEqual([]);
    refused = false;
    await view.user.click(preview);
    await within(dialog).findByRole('button', { name: t('settings.import.confirm') }, { timeout: 10000 });
    expect(fileTexts(dialog), 'the preview').toEqual([]);
  });

  it('change password, with its error, and the account actions with their questions', async () => {
    setViewportWidth(1280);
    const view = renderApp('/settings');
    const t = getI18n().t;
    await screen.findByRole('heading', { name: t('settings.password.title') }, { timeout: 15000 });
    const card = view.container.querySelector('[aria-labelledby="settings-password-title"]') as HTMLElement;
    expect(untranslated(card)).toEqual([]);
    await view.user.click(within(card).getByRole('button', { name: t('settings.password.title') }));
    await within(card).findByText(t('settings.password.enterCurrent'));
    expect(untranslated(card), 'with the error').toEqual([]);

    const logout = screen.getByRole('button', { name: t('settings.account.logout') });
    expect(untranslated(logout.parentElement as HTMLElement)).toEqual([]);
    await view.user.click(logout);
    let dialog = await screen.findByRole('dialog');
    expect(untranslated(dialog), 'logout').toEqual([]);
    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await view.user.click(screen.getByRole('button', { name: t('settings.account.deleteAccount') }));
    dialog = await screen.findByRole('dialog');
    expect(untranslated(dialog), 'delete account').toEqual([]);
  });

  it('a break that cannot be added says why', async () => {
    setViewportWidth(1280);
    const view = renderApp('/settings');
    const t = getI18n().t;
    const add = await screen.findByRole('button', { name: t('settings.restDays.addBreak') }, { timeout: 15000 });
    await view.user.click(add);
    await screen.findByText(t('settings.restDays.problemEmpty'));
    const card = view.container.querySelector('[aria-labelledby="settings-restDays-title"]') as HTMLElement;
    expect(escaped(card)).toEqual([]);
  });
});
