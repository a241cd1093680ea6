/**
 * Issue #42: a device that signs out stops being reminded for that learner. Its subscription leaves
 * the server (while the session still holds) and the browser, then the learner is signed out.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedSignedInLearner } from '../../mocks/db';
import { reminderState } from '../../mocks/handlers/reminder';
import { setViewportWidth } from '../../utils';
import { openSettings, recordRequests, writes } from '../settings/helpers';
import { FAKE_ENDPOINT, installFakePush } from './fakePush';

let fake: ReturnType<typeof installFakePush> | null = null;
afterEach(() => {
  fake?.uninstall();
  fake = null;
});

async function logOut() {
  const result = await openSettings();
  await result.user.click(screen.getByRole('button', { name: 'Logout' }));
  const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to logout?' });
  await result.user.click(within(dialog).getByRole('button', { name: 'Logout' }));
  await waitFor(() => expect(result.router.state.location.pathname).toBe('/login'), { timeout: 5000 });
}

describe('signing out of a reminded device', { timeout: 30000 }, () => {
  beforeEach(() => {
    setViewportWidth(1280);
    seedSignedInLearner('Spanish');
  });

  it("takes this device off the learner's reminded devices and ends its subscription, then signs out", async () => {
    fake = installFakePush({ permission: 'granted' });
    fake.subscribed();
    const other = 'https://push.example.org/send/the-laptop';
    reminderState().devices = [
      { endpoint: FAKE_ENDPOINT, createdAt: '2026-11-20T18:00:00.000Z' },
      { endpoint: other, createdAt: '2026-11-21T18:00:00.000Z' },
    ];
    const log = recordRequests();
    await logOut();
    expect(writes(log)).toEqual(['DELETE /user/push-subscriptions', 'POST /auth/logout']);
    expect(reminderState().devices.map((d) => d.endpoint)).toEqual([other]);
    expect(await fake.pushManager.getSubscription()).toBeNull();
  });

  it('signs out as before on a device that was never reminded', async () => {
    fake = installFakePush({ permission: 'granted' });
    const log = recordRequests();
    await logOut();
    expect(writes(log)).toEqual(['POST /auth/logout']);
  });
});
