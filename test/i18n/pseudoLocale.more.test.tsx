/**
 * Nothing escapes translation: Insights, the timer's bar and questions, the access tokens, the
 * daily reminder and the app's banners, rendered in the pseudo-locale (en-XA), show no text and
 * name no control without the pseudo-locale's marks.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StartTimer } from '@common/schemas/timer';
import { outageMet } from '@/api/session';
import { NetworkBanner } from '@/app/NetworkBanner';
import { TimerBar, RunningMark } from '@/features/timer/TimerBar';
import { StartTimerButton } from '@/features/timer/StartTimerButton';
import { TimerQuestions } from '@/features/timer/TimerQuestions';
import { AccessTokensSection } from '@/features/tokens/AccessTokensSection';
import { ReminderSection } from '@/features/reminder/ReminderSection';
import { ZoneNotice } from '@/features/reminder/ZoneNotice';
import { RefusedAdds } from '@/sync/RefusedAdds';
import { UpdatePrompt } from '@/app/UpdatePrompt';
import { WaitingChip, WaitingCount } from '@/sync/SyncStatus';
import { connectivityChanged, entryQueued, sendRefused, storageVolatile } from '@/sync/syncSlice';
import { db, seedSignedInLearner } from '../mocks/db';
import { reminderState } from '../mocks/handlers/reminder';
import { tokensState } from '../mocks/handlers/tokens';
import { FAKE_ENDPOINT, installFakePush } from '../features/reminder/fakePush';
import { renderApp, renderWithProviders, setViewportWidth } from '../utils';
import { inPseudoLocale, untranslated } from './pseudo';

inPseudoLocale();

// A new version of the app is installed and waiting (the update prompt shows).
vi.mock('@/sync/serviceWorker', () => ({
  onUpdateWaiting: (listener: (waiting: boolean) => void) => {
    listener(true);
    return () => {};
  },
  updateNow: () => {},
  registerServiceWorker: () => {},
}));

/** Texts other conversions bring: dates written by `Intl` (the pseudo-locale formats as British English). */
const MONTH = '(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*';
const foreign = new RegExp(
  [
    `^(\\d{1,2} )?${MONTH}( \\d{4})?$`,
    `^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)?,? ?\\d{1,2} ${MONTH} \\d{4}$`,
  ].join('|'),
);
const shownUntranslated = (root: ParentNode) => untranslated(root).filter((text) => !foreign.test(text));

const TIMEOUT = 30_000;

describe('the converted screens show nothing untranslated in the pseudo-locale (Insights, timer, tokens, reminder, banners)', { timeout: TIMEOUT }, () => {
  let uninstall: (() => void) | null = null;
  beforeEach(() => {
    setViewportWidth(1280);
    seedSignedInLearner('Spanish');
  });
  afterEach(() => {
    uninstall?.();
    uninstall = null;
  });

  it('Insights: the chart, its bars, the comparisons, the habits and the balance; then the table', async () => {
    const view = renderApp('/insights');
    const slow = { timeout: 10_000 };
    await screen.findByRole('heading', { level: 1 }, slow);
    await waitFor(() => expect(view.container.querySelectorAll('table').length).toBeGreaterThanOrEqual(3), slow);
    await waitFor(() => expect(view.container.querySelectorAll('dd').length).toBe(6), slow);
    await waitFor(() => expect(view.container.textContent).not.toMatch(/Lóádíñg|Loading/), slow);
    expect(shownUntranslated(view.container)).toEqual([]);
    const [, show] = screen.getAllByRole('group').filter((g) => g.querySelectorAll('button').length === 2);
    await view.user.click(within(show).getAllByRole('button')[1]);
    await waitFor(() => expect(view.container.querySelector('[role="region"][tabindex="0"]')).not.toBeNull(), slow);
    expect(shownUntranslated(view.container)).toEqual([]);
  });

  it('the timer: its bar with a timer forgotten for 9 hours, the start button and the running mark', async () => {
    db.timer = { id: 'pseudo', skill: 'listening', language: 'Spanish', startedAt: new Date(Date.now() - 9 * 3_600_000).toISOString() };
    const view = renderWithProviders(
      <>
        <TimerBar />
        <StartTimerButton skill="reading" />
        <RunningMark skill="listening" />
      </>,
    );
    await screen.findByRole('timer');
    await screen.findByRole('alert');
    expect(shownUntranslated(view.container)).toEqual([]);
    view.unmount();
  });

  it("the timer's questions: switching skills, and a long timer with its end time", async () => {
    const timer: StartTimer = { id: 'pseudo', skill: 'listening', startedAt: new Date(Date.now() - 4 * 3_600_000).toISOString() };
    const noop = () => {};
    const switching = renderWithProviders(<TimerQuestions question={{ kind: 'switch', to: 'reading' }} timer={timer} onFinish={noop} onStop={noop} onCancel={noop} />);
    await screen.findByRole('dialog');
    expect(shownUntranslated(document.body)).toEqual([]);
    switching.unmount();

    const long = renderWithProviders(<TimerQuestions question={{ kind: 'long', then: null }} timer={timer} onFinish={noop} onStop={noop} onCancel={noop} />);
    const dialog = await screen.findByRole('dialog');
    await long.user.click(within(dialog).getByRole('button', { name: /^\[Šét/ }));
    await waitFor(() => expect(dialog.querySelector('input[type="datetime-local"]')).not.toBeNull());
    expect(shownUntranslated(document.body)).toEqual([]);
    long.unmount();
  });

  it('access tokens: the list, the new token form and its refusal, the secret shown once, and the revoke dialog', async () => {
    tokensState().push(
      { id: 'a', name: 'Anki', scope: 'log', createdAt: '2026-11-01T10:00:00.000Z', lastUsedAt: '2026-11-20T08:05:00.000Z', expiresAt: null },
      { id: 'b', name: 'Podcast', scope: 'read', createdAt: '2026-11-02T10:00:00.000Z', lastUsedAt: null, expiresAt: '2027-02-01T10:00:00.000Z' },
    );
    const view = renderWithProviders(<AccessTokensSection />);
    const list = await screen.findByRole('list');
    const form = screen.getByRole('form');
    // The token's own names are the learner's words, not the app's.
    const own = (texts: string[]) => texts.filter((text) => !['Anki', 'Podcast', 'Shortcut'].includes(text));
    expect(own(shownUntranslated(view.container))).toEqual([]);

    await view.user.click(within(form).getByRole('button'));
    await waitFor(() => expect(form.querySelector('p')).not.toBeNull());
    expect(own(shownUntranslated(view.container))).toEqual([]);

    await view.user.click(within(list).getAllByRole('button')[0]);
    await screen.findByRole('dialog');
    expect(own(shownUntranslated(document.body))).toEqual([]);
    await view.user.keyboard('{Escape}');

    await view.user.type(within(form).getByRole('textbox'), 'Shortcut');
    await view.user.type(form.querySelector('input[type="password"]')!, 'correct horse');
    await view.user.click(within(form).getByRole('button'));
    await waitFor(() => expect(view.container.querySelector('input[readonly]')).not.toBeNull());
    expect(own(shownUntranslated(view.container)).filter((text) => !text.includes('Shortcut'))).toEqual([]);
    view.unmount();
  });

  it('the daily reminder: a device that cannot be reminded, and one that is, with the devices and the time zone notice', async () => {
    const unsupported = renderWithProviders(<ReminderSection />);
    await screen.findAllByRole('checkbox');
    expect(shownUntranslated(unsupported.container)).toEqual([]);
    unsupported.unmount();

    const fake = installFakePush();
    uninstall = fake.uninstall;
    reminderState().devices = [
      { endpoint: FAKE_ENDPOINT, createdAt: '2026-11-01T10:00:00.000Z' },
      { endpoint: 'https://push.example.org/other', createdAt: '2026-10-01T10:00:00.000Z' },
    ];
    const ready = renderWithProviders(
      <>
        <ReminderSection />
        <ZoneNotice saved="Pacific/Auckland" device="Europe/Berlin" disabled={false} onSwitch={() => {}} onKeep={() => {}} />
      </>,
    );
    await screen.findAllByRole('checkbox');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByRole('button').length).toBeGreaterThanOrEqual(6));
    const zones = (texts: string[]) => texts.filter((text) => !/^[A-Za-z_]+\/[A-Za-z_]+$/.test(text));
    expect(zones(shownUntranslated(ready.container))).toEqual([]);
    await ready.user.click(screen.getAllByRole('checkbox')[0]);
    await ready.user.click(screen.getByRole('button', { name: /^\[Šét/ }));
    await waitFor(() => expect(screen.getByRole('status').textContent).not.toBe(''));
    expect(zones(shownUntranslated(ready.container))).toEqual([]);
    ready.unmount();
  });

  it('the banners: offline, the server out of reach, data not kept; adds waiting and refused; a new version', async () => {
    const view = renderWithProviders(
      <>
        <NetworkBanner />
        <UpdatePrompt />
        <WaitingCount />
        <WaitingChip date="2026-11-20" skill="listening" />
        <RefusedAdds onEditDay={() => {}} />
      </>,
    );
    act(() => {
      view.store.dispatch(storageVolatile());
      view.store.dispatch(connectivityChanged(false));
      view.store.dispatch(
        entryQueued({ key: 'w', body: { date: '2026-11-20', listeningDailyMins: 5 }, origin: 'tap', state: 'pending', seq: 1, owner: null }),
      );
      view.store.dispatch(
        entryQueued({ key: 'r', body: { date: '2026-11-19', readingDailyMins: 7 }, origin: 'tap', state: 'pending', seq: 2, owner: null }),
      );
      view.store.dispatch(sendRefused({ key: 'r', message: '[x]' }));
    });
    await screen.findAllByRole('status');
    expect(shownUntranslated(view.container)).toEqual([]);
    act(() => {
      view.store.dispatch(outageMet(true));
    });
    expect(shownUntranslated(view.container)).toEqual([]);
    view.unmount();
  });
});
