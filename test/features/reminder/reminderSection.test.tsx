/** Settings' "Daily reminder" (contract, fourth edition), as the learner sees and uses it. */
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@common/apiPaths';
import { seedSignedInLearner } from '../../mocks/db';
import { reminderState } from '../../mocks/handlers/reminder';
import { api, apiError } from '../../mocks/http';
import { server } from '../../mocks/server';
import { setViewportWidth } from '../../utils';
import { openSettings, recordRequests, writes } from '../settings/helpers';
import { FAKE_ENDPOINT, installFakePush } from './fakePush';

const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const otherZone = deviceZone === 'Pacific/Auckland' ? 'America/New_York' : 'Pacific/Auckland';

const section = async () => screen.findByRole('region', { name: 'Daily reminder' });
const status = async () => within(await section()).getByRole('status');

let fake: ReturnType<typeof installFakePush> | null = null;
afterEach(() => {
  fake?.uninstall();
  fake = null;
  vi.unstubAllGlobals();
});

describe('settings: daily reminder', { timeout: 30000 }, () => {
  beforeEach(() => {
    setViewportWidth(1280);
    seedSignedInLearner('Spanish');
  });

  it('shows the saved reminder (off, 20:00) and never asks for permission on load', async () => {
    fake = installFakePush();
    await openSettings();
    const region = await section();
    expect(await within(region).findByRole('checkbox', { name: 'Remind me each day' })).not.toBeChecked();
    expect(within(region).getByLabelText('Time')).toHaveValue('20:00');
    expect(within(region).getByRole('checkbox', { name: 'Only when I have not met my goal' })).toBeChecked();
    expect(within(region).getByText('No device will be reminded yet.')).toBeInTheDocument();
    expect(fake.requestPermission).not.toHaveBeenCalled();
  });

  it('turning it on asks permission on the tap, adds this device and saves the time in the device zone', async () => {
    fake = installFakePush();
    const log = recordRequests();
    const { user } = await openSettings();
    const region = await section();
    await user.click(await within(region).findByRole('checkbox', { name: 'Remind me each day' }));
    const time = within(region).getByLabelText('Time');
    await user.clear(time);
    await user.type(time, '07:30');
    expect(fake.requestPermission).not.toHaveBeenCalled();
    await user.click(within(region).getByRole('button', { name: 'Set reminder' }));
    expect(await status()).toHaveTextContent(`Reminder on: every day at 07:30, ${deviceZone} time.`);
    expect(fake.requestPermission).toHaveBeenCalledTimes(1);
    expect(reminderState().reminder).toEqual({ enabled: true, time: '07:30', timeZone: deviceZone, skipWhenGoalMet: true });
    expect(writes(log)).toEqual(['POST /user/push-subscriptions', 'PUT /user/reminder']);
    const devices = await within(region).findByRole('list', { name: 'Devices reminded' });
    expect(await within(devices).findByText('This device')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Send a test reminder' })).toBeInTheDocument();
    expect(within(region).getByLabelText('Time')).toHaveAccessibleDescription(`${deviceZone} time (this device)`);
  });

  it('"Send a test reminder" sends to this device and says so', async () => {
    fake = installFakePush({ permission: 'granted' });
    fake.subscribed();
    reminderState().devices = [{ endpoint: FAKE_ENDPOINT, createdAt: '2026-11-01T10:00:00.000Z' }, { endpoint: 'https://push.example.org/other', createdAt: '2026-10-01T10:00:00.000Z' }];
    const { user } = await openSettings();
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Send a test reminder' }));
    expect(await status()).toHaveTextContent('Test reminder sent. It should appear on this device within a few seconds.');
    expect(reminderState().tests).toEqual([FAKE_ENDPOINT]);
    expect(within(region).getByRole('button', { name: 'Remove Another device, added 1 Oct 2026' })).toBeInTheDocument();
  });

  it('too many test reminders in a minute: says to wait, in words', async () => {
    fake = installFakePush({ permission: 'granted' });
    fake.subscribed();
    reminderState().devices = [{ endpoint: FAKE_ENDPOINT, createdAt: '2026-11-01T10:00:00.000Z' }];
    server.use(http.post(api(API_PATHS.reminderTest), () => apiError(429, 'RATE_LIMITED', 'Too many attempts.')));
    const { user } = await openSettings();
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Send a test reminder' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('Several test reminders went out just now. Wait a minute, then try again.');
  });

  it('a test reminder the push service calls gone removes this device and says how to add it again', async () => {
    fake = installFakePush({ permission: 'granted' });
    fake.subscribed();
    reminderState().devices = [{ endpoint: FAKE_ENDPOINT, createdAt: '2026-11-01T10:00:00.000Z' }];
    reminderState().testResult = 'gone';
    const { user } = await openSettings();
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Send a test reminder' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(/stopped accepting reminders and was removed/);
    expect(await within(region).findByText('No device will be reminded yet.')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Remind this device' })).toBeInTheDocument();
  });

  it('Remove takes this device off the list and unsubscribes it here', async () => {
    fake = installFakePush({ permission: 'granted' });
    fake.subscribed();
    reminderState().devices = [{ endpoint: FAKE_ENDPOINT, createdAt: '2026-11-01T10:00:00.000Z' }];
    const { user } = await openSettings();
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Remove this device' }));
    expect(await status()).toHaveTextContent('This device will no longer be reminded.');
    expect(reminderState().devices).toEqual([]);
    expect(await fake.pushManager.getSubscription()).toBeNull();
  });

  it('a refused permission still saves the reminder, and says how to allow notifications', async () => {
    fake = installFakePush({ answer: 'denied' });
    const { user } = await openSettings();
    const region = await section();
    await user.click(await within(region).findByRole('checkbox', { name: 'Remind me each day' }));
    await user.click(within(region).getByRole('button', { name: 'Set reminder' }));
    expect(await status()).toHaveTextContent('This device will not be reminded: notifications are not allowed.');
    expect(within(region).getByText(/Notifications are blocked for LinguaLog in this browser/)).toHaveTextContent(/set Notifications to Allow/);
    expect(reminderState().devices).toEqual([]);
    expect(reminderState().reminder.enabled).toBe(true);
  });

  it('a browser without Web Push says so in words, and offers no device to add', async () => {
    await openSettings();
    const region = await section();
    expect(await within(region).findByText(/This browser cannot show reminders/)).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Remind this device' })).not.toBeInTheDocument();
  });

  it('an iPhone in a Safari tab is told to add the app to the Home Screen, and how', async () => {
    fake = installFakePush();
    const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1';
    Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => iPhone });
    // A Safari tab, not the Home Screen app (the test set-up's matchMedia matches any query without a width).
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query.includes('display-mode') ? false : matchMedia(query).matches });
    try {
      await openSettings();
      const region = await section();
      expect(await within(region).findByText(/tap Share, then Add to Home Screen/)).toBeInTheDocument();
      expect(within(region).queryByRole('button', { name: 'Remind this device' })).not.toBeInTheDocument();
    } finally {
      window.matchMedia = matchMedia;
      delete (navigator as { userAgent?: string }).userAgent;
    }
  });

  it('a learner whose device moved to another zone sees it, and may switch or keep the saved zone', async () => {
    fake = installFakePush({ permission: 'granted' });
    reminderState().reminder = { enabled: true, time: '21:00', timeZone: otherZone, skipWhenGoalMet: true };
    const { user } = await openSettings();
    const region = await section();
    const notice = await within(region).findByRole('group', { name: 'Time zone changed' });
    expect(notice).toHaveTextContent(`This device is on ${deviceZone} time, but your reminder goes by ${otherZone} time.`);
    expect(within(region).getByLabelText('Time')).toHaveAccessibleDescription(`${otherZone} time`);
    await user.click(within(notice).getByRole('button', { name: `Keep ${otherZone} time` }));
    expect(within(region).queryByRole('group', { name: 'Time zone changed' })).not.toBeInTheDocument();
    expect(reminderState().reminder.timeZone).toBe(otherZone);
  });

  it('"Use <device zone> time" saves the reminder in this device zone', async () => {
    fake = installFakePush({ permission: 'granted' });
    reminderState().reminder = { enabled: true, time: '21:00', timeZone: otherZone, skipWhenGoalMet: false };
    const { user } = await openSettings();
    const notice = await within(await section()).findByRole('group', { name: 'Time zone changed' });
    await user.click(within(notice).getByRole('button', { name: `Use ${deviceZone} time` }));
    await waitFor(() => expect(reminderState().reminder).toEqual({ enabled: true, time: '21:00', timeZone: deviceZone, skipWhenGoalMet: false }));
    expect(await status()).toHaveTextContent(`Reminder now goes by ${deviceZone} time.`);
  });

  it('turning it off saves it off, keeping the time', async () => {
    fake = installFakePush({ permission: 'granted' });
    fake.subscribed();
    reminderState().reminder = { enabled: true, time: '19:45', timeZone: deviceZone, skipWhenGoalMet: true };
    reminderState().devices = [{ endpoint: FAKE_ENDPOINT, createdAt: '2026-11-01T10:00:00.000Z' }];
    const { user } = await openSettings();
    const region = await section();
    await user.click(await within(region).findByRole('checkbox', { name: 'Remind me each day' }));
    await user.click(within(region).getByRole('button', { name: 'Set reminder' }));
    expect(await status()).toHaveTextContent('Reminder off. No device will be reminded.');
    expect(reminderState().reminder).toEqual({ enabled: false, time: '19:45', timeZone: deviceZone, skipWhenGoalMet: true });
  });
});
