/**
 * The Settings form in the pseudo-locale: every section's name, fields, hints and buttons come from
 * the catalogue, at wide width (every section a card) and narrow width (each section a button
 * opening its modal). The learnable languages' names in the language select are the API's
 * identifiers and are not judged here.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getI18n } from '@/i18n/i18n';
import { SECTIONS } from '@/features/settings/registry';
import { seedSignedInLearner } from '../mocks/db';
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
