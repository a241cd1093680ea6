/**
 * The dashboard and the sign-up steps show nothing untranslated in the pseudo-locale (en-XA): every
 * tab at phone and desktop width, the add, edit-day, level and new-language dialogs, and the three
 * onboarding steps. Dates and learnable languages' names come from Intl in the pseudo-locale's base
 * language (English), and the API names learnable languages in English: those are left out.
 */
import { act, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_LANGUAGES, seedSignedInLearner } from '../mocks/db';
import { renderApp, renderWithProviders, setViewportWidth } from '../utils';
import { renderDashboard, warmUpDashboard } from '../features/dashboard/renderDashboard';
import { StartLanguageModal } from '@/features/dashboard/StartLanguageModal';
import { LevelModal } from '@/features/dashboard/LevelModal';
import { EditDayModal } from '@/features/dashboard/EditDayModal';
import { getI18n } from '@/i18n/i18n';
import { BRAND_NAME } from '@common/domain';

import { inPseudoLocale, untranslated } from './pseudo';

inPseudoLocale();

/** What Intl writes in the pseudo-locale's base language (dates, month and weekday names), and the API's language names. */
function fromIntlOrApi(text: string): boolean {
  const i18n = getI18n();
  const months = Array.from({ length: 12 }, (_, m) => i18n.formatDate(Date.UTC(2026, m, 1), { month: 'long', timeZone: 'UTC' }));
  const weekdays = Array.from({ length: 7 }, (_, d) => i18n.formatDate(Date.UTC(1970, 0, 4 + d), { weekday: 'long', timeZone: 'UTC' }));
  const names: string[] = [...months, ...weekdays, ...ALL_LANGUAGES];
  // A weekday's one-letter heading, the brand, a language name as the API writes it (an identifier shown through Intl).
  return names.some((name) => text.includes(name)) || /^[SMTWF]$/.test(text) || text === BRAND_NAME;
}

/** Every panel and a chart render; a loaded machine needs more than the dashboard tests' own limit. */
const SLOW = 60000;

const escaped = (root: ParentNode) => untranslated(root).filter((text) => !fromIntlOrApi(text));

describe('the dashboard in the pseudo-locale', () => {
  beforeAll(...warmUpDashboard);

  for (const [width, tabs] of [
    [1280, [null]],
    [375, ['daily', 'calendar', 'progress', 'levels']],
  ] as const) {
    for (const tab of tabs) {
      it(
        `${width}px${tab ? `, ${tab} tab` : ''}: every panel, the top bar and the bottom navigation`,
        async () => {
          setViewportWidth(width);
          seedSignedInLearner('Spanish');
          const view = await renderDashboard();
          if (tab) {
            const nav = screen.getByRole('navigation');
            const buttons = within(nav).getAllByRole('button');
            const index = ['daily', 'calendar', 'progress', 'levels'].indexOf(tab);
            await view.user.click(buttons[index]);
          }
          await screen.findAllByText(/\[/);
          await act(async () => {});
          expect(escaped(view.container)).toEqual([]);
        },
        SLOW,
      );
    }
  }

  it(
    'the add-time dialog',
    async () => {
      setViewportWidth(1280);
      seedSignedInLearner('Spanish');
      const view = await renderDashboard();
      const add = (await screen.findAllByRole('button', { name: /\[.*\]/ })).find((b) => b.textContent?.includes('+'));
      await view.user.click(add!);
      await screen.findByRole('dialog');
      expect(escaped(document.body)).toEqual([]);
    },
    SLOW,
  );

  it('the edit-day, level and new-language dialogs', async () => {
    const view = renderWithProviders(
      <>
        <EditDayModal date="2026-11-03" isToday={false} record={undefined} onClose={() => {}} />
        <LevelModal level={3} onClose={() => {}} />
        <LevelModal level={0} onClose={() => {}} />
        <StartLanguageModal language="French" current="Spanish" onStart={async () => {}} onClose={() => {}} />
      </>,
    );
    await act(async () => {});
    expect(screen.getAllByRole('dialog').length).toBeGreaterThan(0);
    expect(escaped(document.body)).toEqual([]);
    view.unmount();
  });
});

describe('the sign-up steps in the pseudo-locale', () => {
  for (const width of [1280, 375]) {
    for (const path of ['/register/language', '/register/goal', '/register/previoustime']) {
      it(`${path} at ${width}px`, async () => {
        // The language step waits for the list of languages.
        setViewportWidth(width);
        seedSignedInLearner('Spanish');
        const view = renderApp(path);
        await screen.findByRole('heading', { level: 1 }, { timeout: 10000 });
        await act(async () => {});
        expect(escaped(view.container)).toEqual([]);
      });
    }
  }
});
