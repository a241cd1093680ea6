/**
 * The daily reminder (contract, fourth edition), end to end against a push service of the test's
 * own (pushService.ts): what arrives is signed with the server's VAPID key and decrypted with the
 * device's key, so every arrival counted here is a push a browser would show.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeDb, sharedDatabase, signUp, withLanguage, type TestApp } from './helper';
import { startPushService, type Device } from './pushService';
import { caller, expectError, manualClock, type Caller } from './requests';

let push: Awaited<ReturnType<typeof startPushService>>;
let h: TestApp;
const clock = manualClock('2026-03-08T12:00:00Z');

beforeAll(async () => {
  push = await startPushService();
  h = await buildTestApp({ now: clock.now, push: { scheduler: false, ca: push.ca, endpointOrigins: [push.origin] } });
  push.expectKey((await h.app.inject({ method: 'GET', url: '/api/push/key' })).json<{ publicKey: string }>().publicKey);
});
afterAll(async () => {
  await h?.close();
  await push?.close();
});

const at = (iso: string) => {
  const ms = Date.parse(iso);
  clock.advance(ms - clock.now().getTime());
  return new Date(ms);
};
const tick = (app: FastifyInstance, iso: string) => app.reminders.tick(at(iso));
const arrivalsOf = (device: Device) => push.arrivals.filter((a) => a.device === device.name);

type Setup = { zone: string; time?: string; skipWhenGoalMet?: boolean; language?: string | null };

/** A learner with a reminder in `zone` and one device; the device it was given. */
async function remindedLearner(app: FastifyInstance, { zone, time = '20:00', skipWhenGoalMet = true, language = 'Spanish' }: Setup) {
  const { cookie } = await signUp(app);
  if (language) await withLanguage(app, cookie, language);
  const api = caller(app, cookie);
  const device = push.device();
  expect((await api.post('/api/user/push-subscriptions', { endpoint: device.endpoint, keys: device.keys })).statusCode).toBe(201);
  const res = await api.put('/api/user/reminder', { enabled: true, time, timeZone: zone, skipWhenGoalMet });
  expect(res.statusCode, res.body).toBe(200);
  return { api, device, cookie };
}

describeDb('GET /api/push/key', () => {
  it('answers the VAPID public key without a session: 65 bytes, an uncompressed P-256 point, base64url', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/push/key' });
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json<{ publicKey: string }>();
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
    const point = Buffer.from(publicKey, 'base64url');
    expect(point.length).toBe(65);
    expect(point[0]).toBe(4);
  });

  it('is one key pair for every process on one database, even when they start at once', async () => {
    const shared = await sharedDatabase({ push: { scheduler: false } });
    try {
      // The schema first (migrations are not what this test races), then a database without a key pair.
      const first = await shared.open();
      await first.db.deleteFrom('push_keys').execute();
      const apps = await Promise.all([shared.open(), shared.open(), shared.open()]);
      const keys = await Promise.all(apps.map(async (app) => (await app.inject({ method: 'GET', url: '/api/push/key' })).json<{ publicKey: string }>().publicKey));
      expect(new Set(keys).size).toBe(1);
      expect(await first.db.selectFrom('push_keys').select('public_key').execute()).toEqual([{ public_key: keys[0] }]);
      const later = await shared.open();
      expect((await later.inject({ method: 'GET', url: '/api/push/key' })).json()).toEqual({ publicKey: keys[0] });
    } finally {
      await shared.close();
    }
  });
});

describeDb('GET and PUT /api/user/reminder', () => {
  let api: Caller;
  beforeAll(async () => {
    api = caller(h.app, (await signUp(h.app)).cookie);
  });

  it('is off at 20:00 UTC, skipping a met goal, for a new learner', async () => {
    const res = await api.get('/api/user/reminder');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: false, time: '20:00', timeZone: 'UTC', skipWhenGoalMet: true });
  });

  it('saves all four fields and answers them; GET reads them back', async () => {
    const value = { enabled: true, time: '07:05', timeZone: 'America/New_York', skipWhenGoalMet: false };
    const res = await api.put('/api/user/reminder', value);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(value);
    expect((await api.get('/api/user/reminder')).json()).toEqual(value);
  });

  it('refuses a time outside 00:00–23:59 or not HH:MM, and a zone that is not an IANA name: 400 INVALID_INPUT', async () => {
    const good = { enabled: true, time: '20:00', timeZone: 'Europe/Berlin', skipWhenGoalMet: true };
    for (const time of ['24:00', '7:00', '20:60', '20:00:00', '', 'noon']) expectError(await api.put('/api/user/reminder', { ...good, time }), 400, 'INVALID_INPUT');
    for (const timeZone of ['Mars/Olympus_Mons', 'Europe/Berlinn', '', '+02:00', '../../etc/passwd']) {
      expectError(await api.put('/api/user/reminder', { ...good, timeZone }), 400, 'INVALID_INPUT');
    }
    expect((await api.get('/api/user/reminder')).json()).toEqual({ enabled: true, time: '07:05', timeZone: 'America/New_York', skipWhenGoalMet: false });
  });

  it('needs all four fields: 400 INVALID_INPUT', async () => {
    expectError(await api.put('/api/user/reminder', { enabled: true, time: '20:00', timeZone: 'UTC' }), 400, 'INVALID_INPUT');
    expectError(await api.put('/api/user/reminder', { enabled: 'yes', time: '20:00', timeZone: 'UTC', skipWhenGoalMet: true }), 400, 'INVALID_INPUT');
  });

  it('needs a session: 401 UNAUTHENTICATED', async () => {
    expectError(await caller(h.app).get('/api/user/reminder'), 401, 'UNAUTHENTICATED');
  });
});

describeDb('/api/user/push-subscriptions', () => {
  it('adds a device (201) and lists it with createdAt, never its keys', async () => {
    const api = caller(h.app, (await signUp(h.app)).cookie);
    const device = push.device();
    const res = await api.post('/api/user/push-subscriptions', { endpoint: device.endpoint, expirationTime: null, keys: device.keys });
    expect(res.statusCode, res.body).toBe(201);
    const list = await api.get('/api/user/push-subscriptions');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([{ endpoint: device.endpoint, createdAt: clock.now().toISOString() }]);
    expect(list.body).not.toContain(device.keys.p256dh);
  });

  it('the same endpoint again replaces its keys: one device, and pushes use the new keys', async () => {
    const { cookie } = await signUp(h.app);
    const api = caller(h.app, cookie);
    const first = push.device();
    await api.post('/api/user/push-subscriptions', { endpoint: first.endpoint, keys: first.keys });
    const renewed = push.device(first.name); // the browser made new keys for the same endpoint
    expect((await api.post('/api/user/push-subscriptions', { endpoint: renewed.endpoint, keys: renewed.keys })).statusCode).toBe(201);
    expect((await api.get('/api/user/push-subscriptions')).json()).toHaveLength(1);
    const before = push.arrivals.length;
    const res = await api.post('/api/user/reminder/test', { endpoint: renewed.endpoint });
    expect(res.json()).toEqual({ result: 'sent' });
    expect(push.arrivals.length).toBe(before + 1);
    expect(push.errors).toEqual([]);
  });

  it('keeps at most 10 devices per learner: the 11th drops the oldest', async () => {
    const api = caller(h.app, (await signUp(h.app)).cookie);
    const devices = Array.from({ length: 11 }, () => push.device());
    for (const device of devices) expect((await api.post('/api/user/push-subscriptions', { endpoint: device.endpoint, keys: device.keys })).statusCode).toBe(201);
    const listed = (await api.get('/api/user/push-subscriptions')).json<{ endpoint: string }[]>().map((d) => d.endpoint);
    expect(listed).toEqual(devices.slice(1).map((d) => d.endpoint));
  });

  it('DELETE with {endpoint} removes that device: 204, and it is no longer listed', async () => {
    const { cookie } = await signUp(h.app);
    const api = caller(h.app, cookie);
    const [kept, removed] = [push.device(), push.device()];
    for (const d of [kept, removed]) await api.post('/api/user/push-subscriptions', { endpoint: d.endpoint, keys: d.keys });
    const res = await h.app.inject({ method: 'DELETE', url: '/api/user/push-subscriptions', headers: { cookie }, payload: { endpoint: removed.endpoint } });
    expect(res.statusCode, res.body).toBe(204);
    expect((await api.get('/api/user/push-subscriptions')).json<{ endpoint: string }[]>().map((d) => d.endpoint)).toEqual([kept.endpoint]);
  });

  it('refuses keys that are not a P-256 point on the curve and a 16-byte secret: 400 INVALID_INPUT', async () => {
    const api = caller(h.app, (await signUp(h.app)).cookie);
    const device = push.device();
    const offCurve = Buffer.from(device.keys.p256dh, 'base64url');
    offCurve[64] ^= 1;
    const compressed = Buffer.concat([Buffer.from([2]), Buffer.from(device.keys.p256dh, 'base64url').subarray(1, 33)]);
    for (const keys of [
      { ...device.keys, p256dh: offCurve.toString('base64url') },
      { ...device.keys, p256dh: compressed.toString('base64url') },
      { ...device.keys, p256dh: 'not base64!' },
      { ...device.keys, auth: Buffer.alloc(32).toString('base64url') },
      { p256dh: device.keys.p256dh },
    ]) {
      expectError(await api.post('/api/user/push-subscriptions', { endpoint: device.endpoint, keys }), 400, 'INVALID_INPUT');
    }
    expect((await api.get('/api/user/push-subscriptions')).json()).toEqual([]);
  });
});

describeDb('Sending: once per learner day, at the first minute at or after the time in the learner zone', () => {
  it('New York on the day DST starts (2026-03-08): 20:00 EDT is 00:00 UTC, not a minute before; body names the language and what is left', async () => {
    at('2026-03-08T12:00:00Z');
    const { device } = await remindedLearner(h.app, { zone: 'America/New_York' });
    await tick(h.app, '2026-03-08T23:59:00Z');
    expect(arrivalsOf(device)).toEqual([]);
    await tick(h.app, '2026-03-09T00:00:00Z');
    expect(arrivalsOf(device)).toHaveLength(1);
    const [arrival] = arrivalsOf(device);
    expect(arrival.payload).toEqual({ title: expect.any(String), body: "30 minutes to today's goal in Spanish", url: '/dashboard' });
    expect(arrival.ttl).toBeGreaterThan(0);
    expect(arrival.ttl).toBeLessThanOrEqual(24 * 60 * 60);
    await tick(h.app, '2026-03-09T00:01:00Z');
    await tick(h.app, '2026-03-09T00:09:00Z');
    expect(arrivalsOf(device)).toHaveLength(1);
    // The next day, an hour earlier in UTC than the day before DST (01:00Z on the 7th → 00:00Z on the 10th).
    await tick(h.app, '2026-03-09T23:59:00Z');
    expect(arrivalsOf(device)).toHaveLength(1);
    await tick(h.app, '2026-03-10T00:00:00Z');
    expect(arrivalsOf(device)).toHaveLength(2);
  });

  it('Berlin across its DST start (2026-03-29) and Auckland across its DST end (2026-04-05): each at 20:00 local', async () => {
    at('2026-03-28T12:00:00Z');
    const berlin = (await remindedLearner(h.app, { zone: 'Europe/Berlin' })).device;
    await tick(h.app, '2026-03-28T19:00:00Z'); // 20:00 CET
    expect(arrivalsOf(berlin)).toHaveLength(1);
    await tick(h.app, '2026-03-29T17:59:00Z'); // 19:59 CEST
    expect(arrivalsOf(berlin)).toHaveLength(1);
    await tick(h.app, '2026-03-29T18:00:00Z'); // 20:00 CEST
    expect(arrivalsOf(berlin)).toHaveLength(2);

    at('2026-04-04T00:00:00Z');
    const auckland = (await remindedLearner(h.app, { zone: 'Pacific/Auckland' })).device;
    await tick(h.app, '2026-04-04T06:59:00Z');
    expect(arrivalsOf(auckland)).toHaveLength(0);
    await tick(h.app, '2026-04-04T07:00:00Z'); // 20:00 NZDT (+13)
    expect(arrivalsOf(auckland)).toHaveLength(1);
    await tick(h.app, '2026-04-05T07:00:00Z'); // 19:00 NZST: DST ended that night
    expect(arrivalsOf(auckland)).toHaveLength(1);
    await tick(h.app, '2026-04-05T08:00:00Z'); // 20:00 NZST (+12)
    expect(arrivalsOf(auckland)).toHaveLength(2);
  });

  it('a time the clocks skip (02:30 on the night DST starts in New York) fires when they jump, at 03:00 EDT', async () => {
    at('2026-03-07T12:00:00Z');
    const { device } = await remindedLearner(h.app, { zone: 'America/New_York', time: '02:30' });
    await tick(h.app, '2026-03-08T06:59:00Z');
    expect(arrivalsOf(device)).toHaveLength(0);
    await tick(h.app, '2026-03-08T07:00:00Z');
    expect(arrivalsOf(device)).toHaveLength(1);
  });

  it('a skipped time with a late day boundary still fires once on each day around the DST start', async () => {
    at('2026-03-06T12:00:00Z');
    const { api, device } = await remindedLearner(h.app, { zone: 'America/New_York', time: '02:30' });
    expect((await api.post('/api/user/day-boundary', { dayEndsAtHour: 3 })).statusCode).toBe(200);
    await tick(h.app, '2026-03-07T07:30:00Z'); // 02:30 EST
    await tick(h.app, '2026-03-08T07:00:00Z'); // 03:00 EDT: 02:30 did not exist
    await tick(h.app, '2026-03-09T06:30:00Z'); // 02:30 EDT
    expect(arrivalsOf(device)).toHaveLength(3);
  });

  it('is never sent more than 10 minutes late (a server that was down sends nothing at 3 am), and fires again the next day', async () => {
    at('2026-05-01T12:00:00Z');
    const { device } = await remindedLearner(h.app, { zone: 'UTC' });
    await tick(h.app, '2026-05-01T20:11:00Z');
    expect(arrivalsOf(device)).toHaveLength(0);
    await tick(h.app, '2026-05-02T03:00:00Z');
    expect(arrivalsOf(device)).toHaveLength(0);
    await tick(h.app, '2026-05-02T20:10:00Z'); // 10 minutes late is still in time
    expect(arrivalsOf(device)).toHaveLength(1);
  });

  it("skips a learner whose minutes today in the current language reach today's goal; not one who turned skipping off", async () => {
    at('2026-05-03T12:00:00Z');
    const skipping = await remindedLearner(h.app, { zone: 'UTC' });
    const always = await remindedLearner(h.app, { zone: 'UTC', skipWhenGoalMet: false });
    const short = await remindedLearner(h.app, { zone: 'UTC' });
    for (const { api } of [skipping, always]) expect((await api.post('/api/user/daily-activity', { date: '2026-05-03', readingDailyMins: 30 })).statusCode).toBe(200);
    await short.api.post('/api/user/daily-activity', { date: '2026-05-03', readingDailyMins: 18 });
    await tick(h.app, '2026-05-03T20:00:00Z');
    expect(arrivalsOf(skipping.device)).toEqual([]);
    expect(arrivalsOf(always.device)).toHaveLength(1);
    expect(arrivalsOf(always.device)[0].payload.body).toContain('Spanish');
    expect(arrivalsOf(short.device).map((a) => a.payload.body)).toEqual(["12 minutes to today's goal in Spanish"]);
  });

  it('counts only the current language: minutes in another language do not meet the goal', async () => {
    at('2026-05-04T12:00:00Z');
    const { api, device } = await remindedLearner(h.app, { zone: 'UTC' });
    await api.post('/api/user/language', { name: 'French' });
    await api.post('/api/user/daily-activity', { date: '2026-05-04', readingDailyMins: 30 });
    await api.post('/api/user/language', { name: 'Spanish' });
    await tick(h.app, '2026-05-04T20:00:00Z');
    expect(arrivalsOf(device).map((a) => a.payload.body)).toEqual(["30 minutes to today's goal in Spanish"]);
  });

  it('sends nothing on a rest day (a rest weekday or a break), and sends again after it', async () => {
    at('2026-05-05T12:00:00Z'); // a Tuesday
    const weekday = await remindedLearner(h.app, { zone: 'UTC' });
    const onBreak = await remindedLearner(h.app, { zone: 'UTC' });
    await weekday.api.post('/api/user/rest-days', { weekdays: [2], periods: [] });
    await onBreak.api.post('/api/user/rest-days', { weekdays: [], periods: [{ from: '2026-05-05', to: '2026-05-05' }] });
    await tick(h.app, '2026-05-05T20:00:00Z');
    expect([...arrivalsOf(weekday.device), ...arrivalsOf(onBreak.device)]).toEqual([]);
    await tick(h.app, '2026-05-06T20:00:00Z');
    expect(arrivalsOf(weekday.device)).toHaveLength(1);
    expect(arrivalsOf(onBreak.device)).toHaveLength(1);
  });

  it("goes by the learner's day boundary: at 01:00 with a day ending at 03:00 it is still yesterday, whose goal is met", async () => {
    at('2026-05-07T12:00:00Z');
    const nightOwl = await remindedLearner(h.app, { zone: 'UTC', time: '01:00' });
    const early = await remindedLearner(h.app, { zone: 'UTC', time: '01:00' });
    expect((await nightOwl.api.post('/api/user/day-boundary', { dayEndsAtHour: 3 })).statusCode).toBe(200);
    for (const { api } of [nightOwl, early]) await api.post('/api/user/daily-activity', { date: '2026-05-07', readingDailyMins: 30 });
    await tick(h.app, '2026-05-08T01:00:00Z');
    expect(arrivalsOf(nightOwl.device)).toEqual([]); // its today is 2026-05-07: goal met
    expect(arrivalsOf(early.device)).toHaveLength(1); // its today is 2026-05-08: nothing yet
    await tick(h.app, '2026-05-09T01:00:00Z');
    expect(arrivalsOf(nightOwl.device)).toHaveLength(1); // 2026-05-08 had nothing
  });

  it('sends nothing to a learner who turned the reminder off, or removed the device', async () => {
    at('2026-05-10T12:00:00Z');
    const off = await remindedLearner(h.app, { zone: 'UTC' });
    await off.api.put('/api/user/reminder', { enabled: false, time: '20:00', timeZone: 'UTC', skipWhenGoalMet: true });
    const removed = await remindedLearner(h.app, { zone: 'UTC' });
    await h.app.inject({ method: 'DELETE', url: '/api/user/push-subscriptions', headers: { cookie: removed.cookie }, payload: { endpoint: removed.device.endpoint } });
    await tick(h.app, '2026-05-10T20:00:00Z');
    expect([...arrivalsOf(off.device), ...arrivalsOf(removed.device)]).toEqual([]);
  });

  it('a push service answering 410 or 404 deletes that device; the others still get it, and it gets nothing more', async () => {
    at('2026-05-11T12:00:00Z');
    const { api, device: alive } = await remindedLearner(h.app, { zone: 'UTC' });
    const [gone, notFound] = [push.device(), push.device()];
    for (const d of [gone, notFound]) await api.post('/api/user/push-subscriptions', { endpoint: d.endpoint, keys: d.keys });
    push.answer(gone, 410);
    push.answer(notFound, 404);
    await tick(h.app, '2026-05-11T20:00:00Z');
    expect(arrivalsOf(alive)).toHaveLength(1);
    expect((await api.get('/api/user/push-subscriptions')).json<{ endpoint: string }[]>().map((d) => d.endpoint)).toEqual([alive.endpoint]);
    const requestsBefore = push.requests.filter((name) => name === gone.name || name === notFound.name).length;
    await tick(h.app, '2026-05-12T20:00:00Z');
    expect(push.requests.filter((name) => name === gone.name || name === notFound.name).length).toBe(requestsBefore);
    expect(arrivalsOf(alive)).toHaveLength(2);
  });

  it('a test reminder goes to this device now, whatever the goal, and does not count as the day\'s', async () => {
    at('2026-05-13T19:00:00Z');
    const { api, device } = await remindedLearner(h.app, { zone: 'UTC' });
    await api.post('/api/user/daily-activity', { date: '2026-05-13', readingDailyMins: 10 });
    const res = await api.post('/api/user/reminder/test', { endpoint: device.endpoint });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: 'sent' });
    expect(arrivalsOf(device).map((a) => a.payload)).toEqual([{ title: expect.any(String), body: "20 minutes to today's goal in Spanish", url: '/dashboard' }]);
    await tick(h.app, '2026-05-13T20:00:00Z');
    expect(arrivalsOf(device)).toHaveLength(2);
  });

  it("a test reminder to a device that is not the learner's: 400 INVALID_INPUT, nothing sent", async () => {
    const mine = await remindedLearner(h.app, { zone: 'UTC' });
    const other = await remindedLearner(h.app, { zone: 'UTC' });
    const before = push.requests.length;
    expectError(await mine.api.post('/api/user/reminder/test', { endpoint: other.device.endpoint }), 400, 'INVALID_INPUT');
    expect(push.requests.length).toBe(before);
  });

  it('at most 5 test reminders a minute per learner: then 429 RATE_LIMITED with Retry-After, nothing sent', async () => {
    at('2026-05-14T10:00:00Z');
    const { api, device } = await remindedLearner(h.app, { zone: 'UTC' });
    for (let i = 0; i < 5; i++) expect((await api.post('/api/user/reminder/test', { endpoint: device.endpoint })).json()).toEqual({ result: 'sent' });
    const refused = await api.post('/api/user/reminder/test', { endpoint: device.endpoint });
    expectError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(arrivalsOf(device)).toHaveLength(5);
    at('2026-05-14T10:01:00Z');
    expect((await api.post('/api/user/reminder/test', { endpoint: device.endpoint })).json()).toEqual({ result: 'sent' });
  });

  it('account deletion deletes the reminder and every device', async () => {
    const { api } = await remindedLearner(h.app, { zone: 'UTC' });
    const userCount = async (table: 'reminders' | 'push_subscriptions') => (await h.db.selectFrom(table).select('user_id').execute()).length;
    const [reminders, devices] = [await userCount('reminders'), await userCount('push_subscriptions')];
    expect((await api.del('/api/user')).statusCode).toBe(204);
    expect(await userCount('reminders')).toBe(reminders - 1);
    expect(await userCount('push_subscriptions')).toBe(devices - 1);
  });
});

describeDb('Exactly once across server processes on one database', () => {
  it('two processes ticking at the same minute send each learner one push', async () => {
    const shared = await sharedDatabase({ now: clock.now, push: { scheduler: false, ca: push.ca, endpointOrigins: [push.origin] } });
    try {
      const one = await shared.open();
      const two = await shared.open();
      push.expectKey(one.reminders.publicKey);
      at('2026-06-01T12:00:00Z');
      const learners = await Promise.all(Array.from({ length: 8 }, () => remindedLearner(one, { zone: 'Europe/Berlin' })));
      const due = new Date('2026-06-01T18:00:00Z'); // 20:00 CEST
      const results = await Promise.all([one.reminders.tick(due), two.reminders.tick(due), one.reminders.tick(due), two.reminders.tick(due)]);
      expect(results.reduce((sum, r) => sum + r.claimed, 0)).toBe(learners.length);
      for (const { device } of learners) expect(arrivalsOf(device)).toHaveLength(1);
    } finally {
      await shared.close();
    }
  });
});
