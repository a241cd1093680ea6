/**
 * The server sends requests to the endpoints learners give it, so it must never become a way into
 * the host's own network: an endpoint is https, on no loopback, private, link-local, shared,
 * multicast or other internal address in any notation, unless PUSH_ENDPOINT_ORIGINS lists its
 * origin; at send time every address its name resolves to is checked again, and a redirect is
 * never followed.
 */
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { buildTestApp, describeDb, signUp, type TestApp } from './helper';
import { startPushService } from './pushService';
import { caller, expectError, manualClock, type Caller } from './requests';

let push: Awaited<ReturnType<typeof startPushService>>;
let h: TestApp;
let api: Caller;
let userId: number;
const clock = manualClock('2026-07-01T12:00:00Z');

beforeAll(async () => {
  push = await startPushService();
  h = await buildTestApp({ now: clock.now, push: { scheduler: false, ca: push.ca, endpointOrigins: [push.origin] } });
  push.expectKey(h.app.reminders.publicKey);
  const { cookie, email } = await signUp(h.app);
  api = caller(h.app, cookie);
  userId = Number((await h.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id);
});
afterAll(async () => {
  await h?.close();
  await push?.close();
});

const keys = () => push.device().keys;
const subscribe = (endpoint: string) => api.post('/api/user/push-subscriptions', { endpoint, keys: keys() });

describeDb('POST /api/user/push-subscriptions: the endpoint guard', () => {
  it('accepts https endpoints of public push services', async () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://[2606:4700:4700::1111]/push/x',
    ]) {
      expect((await subscribe(endpoint)).statusCode, endpoint).toBe(201);
    }
  });

  it('refuses anything but https: 400 INVALID_INPUT', async () => {
    for (const endpoint of ['http://fcm.googleapis.com/fcm/send/abc', 'ftp://push.example.com/x', 'file:///etc/passwd', 'not a url', 'https://user:pw@push.example.com/x']) {
      expectError(await subscribe(endpoint), 400, 'INVALID_INPUT');
    }
  });

  it('refuses loopback, private, link-local, CGNAT, "this network", multicast and reserved IPv4, in every notation', async () => {
    for (const host of [
      '127.0.0.1', '127.1.2.3', '10.0.0.1', '172.16.0.1', '172.31.255.254', '192.168.1.1', '169.254.169.254', '100.64.0.1', '100.127.255.254',
      '0.0.0.0', '224.0.0.251', '255.255.255.255', '198.18.0.1',
      '2130706433', '0x7f000001', '0177.0.0.1', '0x7f.1', '127.1', '017700000001', '0xa9.0xfe.0xa9.0xfe',
    ]) {
      expectError(await subscribe(`https://${host}/push/x`), 400, 'INVALID_INPUT');
    }
  });

  it('refuses IPv6 loopback, unspecified, unique-local, link-local, multicast and IPv4-mapped addresses', async () => {
    for (const host of ['[::1]', '[::]', '[fc00::1]', '[fd12:3456::1]', '[fe80::1]', '[ff02::1]', '[::ffff:127.0.0.1]', '[::ffff:10.0.0.1]', '[::ffff:7f00:1]', '[0:0:0:0:0:ffff:a9fe:a9fe]']) {
      expectError(await subscribe(`https://${host}/push/x`), 400, 'INVALID_INPUT');
    }
  });

  it('refuses localhost and names that only exist inside a network', async () => {
    for (const host of ['localhost', 'LOCALHOST', 'localhost.', 'push.localhost', 'printer.local', 'metadata.google.internal', 'router']) {
      expectError(await subscribe(`https://${host}/push/x`), 400, 'INVALID_INPUT');
    }
  });

  it('refuses a host the two URL parsers read differently: %, @, backslash, tabs and newlines in the host', async () => {
    for (const endpoint of [
      'https://127.0.0.1%21.example.com/x',
      'https://10.0.0.5%2f.example.com/x',
      'https://169.254.169.254%23.example.com/x',
      'https://push.example.com%40127.0.0.1/x',
      'https://push.example.com\\@127.0.0.1/x',
      'https://push.example.com\\127.0.0.1/x',
      'https://push.exa\tmple.com/x',
      'https://push.exa\nmple.com/x',
      'https://push.example.com\r/x',
      'https://push example.com/x',
    ]) {
      expectError(await subscribe(endpoint), 400, 'INVALID_INPUT');
    }
  });

  it('refuses a host ending in more than one dot; one trailing dot is the same name', async () => {
    for (const endpoint of ['https://localhost../x', 'https://push.example.com../x', 'https://push.example.com.../x']) {
      expectError(await subscribe(endpoint), 400, 'INVALID_INPUT');
    }
    expect((await subscribe('https://push.example.com./x')).statusCode).toBe(201);
  });

  it('reads IPv4-compatible IPv6 (::/96) as the IPv4 address it holds', async () => {
    for (const host of ['[::127.0.0.1]', '[::10.0.0.1]', '[::a9fe:a9fe]', '[::7f00:1]', '[::c0a8:101]', '[::6440:1]']) {
      expectError(await subscribe(`https://${host}/push/x`), 400, 'INVALID_INPUT');
    }
  });

  it('refuses any port but the default https one unless the origin is listed', async () => {
    for (const endpoint of ['https://push.example.com:22/x', 'https://push.example.com:6379/x', 'https://push.example.com:8443/x', 'https://8.8.8.8:25/x']) {
      expectError(await subscribe(endpoint), 400, 'INVALID_INPUT');
    }
    expect((await subscribe('https://push.example.com:443/x')).statusCode).toBe(201);
  });

  it('accepts an internal address when PUSH_ENDPOINT_ORIGINS lists its origin, and only that origin', async () => {
    expect((await subscribe(`${push.origin}/push/allowed`)).statusCode).toBe(201);
    const port = Number(new URL(push.origin).port);
    expectError(await subscribe(`https://127.0.0.1:${port + 1}/push/x`), 400, 'INVALID_INPUT');
    expectError(await subscribe(`http://127.0.0.1:${port}/push/x`), 400, 'INVALID_INPUT');
  });
});

describeDb('Sending: the addresses are checked again, and no redirect is followed', () => {
  it('sends nothing to a name that resolves to an internal address now (DNS rebinding), though it was stored', async () => {
    const port = new URL(push.origin).port;
    const device = push.device();
    // As if the name had been public when the learner subscribed: stored without the POST's guard.
    await h.db
      .insertInto('push_subscriptions')
      .values({ user_id: userId, endpoint: `https://localhost:${port}/push/${device.name}`, p256dh: device.keys.p256dh, auth: device.keys.auth, created_at: 0 })
      .execute();
    const res = await api.post('/api/user/reminder/test', { endpoint: `https://localhost:${port}/push/${device.name}` });
    expect(res.json()).toEqual({ result: 'failed' });
    expect(push.requests).not.toContain(device.name);
  });

  it('opens no connection to a stored endpoint whose host is an internal IP literal, in any notation', async () => {
    // A plain TCP listener on loopback: any connection the sender opens to it is counted.
    let connections = 0;
    const listener = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as AddressInfo).port;
    try {
      for (const host of [`127.0.0.1:${port}`, `[::ffff:127.0.0.1]:${port}`, `2130706433:${port}`, `0x7f.1:${port}`]) {
        const device = push.device();
        const endpoint = `https://${host}/push/${device.name}`;
        await h.db.insertInto('push_subscriptions').values({ user_id: userId, endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth, created_at: 0 }).execute();
        expect((await api.post('/api/user/reminder/test', { endpoint })).json(), host).toEqual({ result: 'failed' });
        clock.advance(15_000); // the test call's budget is five a minute
      }
      expect(connections).toBe(0);
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
    clock.advance(61_000);
  });

  it('sends nothing to a public-looking name that resolves to a private address at send time (resolver stub)', async () => {
    const asked: string[] = [];
    const answers: Record<string, string> = { 'push.rebound.example.com': '10.0.0.5', 'push.mapped.example.com': '::ffff:169.254.169.254', 'push.cgnat.example.com': '100.64.0.9' };
    const stubbed = await buildTestApp({
      now: clock.now,
      push: {
        scheduler: false,
        resolver: (hostname, _options, callback) => {
          asked.push(hostname);
          const address = answers[hostname];
          callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
        },
      },
    });
    try {
      const { cookie } = await signUp(stubbed.app);
      const mine = caller(stubbed.app, cookie);
      for (const host of Object.keys(answers)) {
        const endpoint = `https://${host}/push/x`;
        expect((await mine.post('/api/user/push-subscriptions', { endpoint, keys: keys() })).statusCode, host).toBe(201);
        expect((await mine.post('/api/user/reminder/test', { endpoint })).json(), host).toEqual({ result: 'failed' });
      }
      expect(asked).toEqual(Object.keys(answers));
    } finally {
      await stubbed.close();
    }
  });

  it('sends to the same name when its origin is allowed (the check, not the name, stopped it above)', async () => {
    const port = new URL(push.origin).port;
    const allowed = await buildTestApp({ now: clock.now, push: { scheduler: false, ca: push.ca, endpointOrigins: [`https://localhost:${port}`] } });
    try {
      push.expectKey(allowed.app.reminders.publicKey);
      const { cookie } = await signUp(allowed.app);
      const device = push.device();
      const endpoint = `https://localhost:${port}/push/${device.name}`;
      const mine = caller(allowed.app, cookie);
      expect((await mine.post('/api/user/push-subscriptions', { endpoint, keys: device.keys })).statusCode).toBe(201);
      expect((await mine.post('/api/user/reminder/test', { endpoint })).json()).toEqual({ result: 'sent' });
      expect(push.arrivals.filter((a) => a.device === device.name)).toHaveLength(1);
    } finally {
      await allowed.close();
    }
  });

  it('does not follow a redirect from the push service: one request, the target gets nothing, the device stays', async () => {
    const [redirecting, target] = [push.device(), push.device()];
    push.answer(redirecting, 307, target.endpoint);
    expect((await api.post('/api/user/push-subscriptions', { endpoint: redirecting.endpoint, keys: redirecting.keys })).statusCode).toBe(201);
    const res = await api.post('/api/user/reminder/test', { endpoint: redirecting.endpoint });
    expect(res.json()).toEqual({ result: 'failed' });
    expect(push.requests.filter((name) => name === redirecting.name)).toHaveLength(1);
    expect(push.requests).not.toContain(target.name);
    expect((await api.get('/api/user/push-subscriptions')).json<{ endpoint: string }[]>().map((d) => d.endpoint)).toContain(redirecting.endpoint);
  });
});

describe('VAPID_SUBJECT and PUSH_ENDPOINT_ORIGINS from the environment', () => {
  it('reads the origins (a bare host:port is https) and a mailto: or https: subject', () => {
    const { push: settings } = loadConfig({ PUSH_ENDPOINT_ORIGINS: 'https://push.example.org:8443/, 127.0.0.1:9000', VAPID_SUBJECT: 'mailto:ops@example.org' }).app;
    expect(settings).toEqual({ subject: 'mailto:ops@example.org', endpointOrigins: ['https://push.example.org:8443', 'https://127.0.0.1:9000'] });
    expect(loadConfig({ VAPID_SUBJECT: 'https://lingualog.example.org/contact' }).app.push?.subject).toBe('https://lingualog.example.org/contact');
    expect(loadConfig({}).app.push).toEqual({ subject: undefined, endpointOrigins: [] });
  });

  it('refuses a subject push services cannot use, at start', () => {
    for (const subject of ['ops@example.org', 'http://lingualog.example.org', 'mailto:']) expect(() => loadConfig({ VAPID_SUBJECT: subject })).toThrow(/VAPID_SUBJECT/);
  });
});
