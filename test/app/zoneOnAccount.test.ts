/**
 * The account keeps the device's time zone (contract, fifth edition; issue #54): the server draws
 * the learner's day from it for a device that has not named its zone. The app sends the zone
 * whenever it is not the one this device last sent: after a journey, and once on a device that
 * never sent one (it signed in before the account kept a zone).
 */
import { describe, expect, it } from 'vitest';
import { sendZoneIfChanged } from '@/api/preferences';
import { makeStore } from '@/app/store';
import { rememberSentZone } from '@/i18n/startLocale';
import { db, seedSignedInLearner } from '../mocks/db';

const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

describe("the account's time zone", () => {
  it('is sent once by a device that never sent one', async () => {
    window.localStorage.clear();
    seedSignedInLearner('Spanish');
    db.preferences.timeZone = null;
    const store = makeStore();
    await store.dispatch(sendZoneIfChanged());
    expect(db.preferences.timeZone).toBe(deviceZone);
    // Sent: the next check asks nothing of the server, even if the account's zone changed elsewhere.
    db.preferences.timeZone = 'Asia/Tokyo';
    await store.dispatch(sendZoneIfChanged());
    expect(db.preferences.timeZone).toBe('Asia/Tokyo');
  });

  it("is sent again when the device's zone is no longer the one it last sent", async () => {
    seedSignedInLearner('Spanish');
    rememberSentZone(deviceZone === 'Asia/Tokyo' ? 'Europe/Berlin' : 'Asia/Tokyo');
    db.preferences.timeZone = null;
    await makeStore().dispatch(sendZoneIfChanged());
    expect(db.preferences.timeZone).toBe(deviceZone);
  });
});
