/**
 * The daily reminder, end to end in Chromium (contract, fourth edition), with a server of its own
 * and a push service this journey runs (server/test/pushService.ts: HTTPS, checks the VAPID
 * signature, decrypts the payload with the device's key). The server trusts that service's
 * certificate through NODE_EXTRA_CA_CERTS and allows its address through PUSH_ENDPOINT_ORIGINS.
 *
 * What is real and what stands in: headless Chromium cannot reach its own push service (the network
 * is closed), so `pushManager.subscribe` is replaced in the page by one that answers a subscription
 * whose endpoint is the local service and whose keys this journey holds; everything else is the app's
 * own: the permission (granted to the context, asked on the tap), the subscription sent to the
 * server, the server's test reminder signed and encrypted by web-push and delivered over HTTPS to
 * the service, which decrypts it. The payload the service received is then handed to the app's
 * service worker as a push message through the DevTools protocol (ServiceWorker.deliverPushMessage),
 * and the notification the worker shows is read back from the registration.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPushService } from '../../../server/test/pushService';
import { checkScreen, expect, LANGUAGE, PASSWORD, test, uniqueEmail } from '../fixtures';
import { freshSqlite, startServer, type RunningServer } from '../support/server';

let push: Awaited<ReturnType<typeof startPushService>>;
let server: RunningServer;
let serverDir: string;

test.beforeAll(async () => {
  push = await startPushService();
  const { dir, databaseUrl } = freshSqlite('e2e-reminder-');
  serverDir = dir;
  const caFile = join(dir, 'push-ca.pem');
  writeFileSync(caFile, push.ca);
  server = await startServer({
    databaseUrl,
    logFile: join(dir, 'server.log'),
    env: { PUSH_ENDPOINT_ORIGINS: push.origin, NODE_EXTRA_CA_CERTS: caFile, VAPID_SUBJECT: 'mailto:e2e@lingualog.test' },
  });
  const { publicKey } = (await (await fetch(`${server.url}/api/push/key`)).json()) as { publicKey: string };
  push.expectKey(publicKey);
});

test.afterAll(async () => {
  await server?.stop();
  await push?.close();
  if (serverDir) rmSync(serverDir, { recursive: true, force: true });
});

test('turn the reminder on, see this device listed, get a test reminder in the worker, turn it off', async ({ page, context }, testInfo) => {
  test.slow();
  const device = push.device(`e2e-${testInfo.project.name}`);
  await context.grantPermissions(['notifications'], { origin: server.url });
  await page.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      let current: PushSubscription | null = null;
      PushManager.prototype.getSubscription = async () => current;
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        current = {
          endpoint,
          expirationTime: null,
          options: { applicationServerKey: options?.applicationServerKey ?? null, userVisibleOnly: true },
          getKey: () => null,
          toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
          unsubscribe: async () => ((current = null), true),
        } as unknown as PushSubscription;
        return current;
      };
    },
    { endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth },
  );

  const email = uniqueEmail(testInfo);
  expect((await page.request.post(`${server.url}/api/auth/register`, { data: { email, password: PASSWORD } })).status()).toBe(201);
  expect((await page.request.post(`${server.url}/api/user/language`, { data: { name: LANGUAGE } })).ok()).toBe(true);

  await page.goto(`${server.url}/settings`);
  const section = page.getByRole('region', { name: 'Daily reminder' });
  await expect(section.getByText('No device will be reminded yet.')).toBeVisible();
  await section.getByRole('checkbox', { name: 'Remind me each day' }).check();
  await section.getByLabel('Time').fill('19:30');
  await section.getByRole('button', { name: 'Set reminder' }).click();
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(section.getByRole('status')).toHaveText(`Reminder on: every day at 19:30, ${zone} time.`);
  await expect(section.getByRole('list', { name: 'Devices reminded' }).getByText('This device')).toBeVisible();
  await checkScreen(page, testInfo, 'settings-reminder');

  const saved = await page.request.get(`${server.url}/api/user/reminder`);
  expect(await saved.json()).toEqual({ enabled: true, time: '19:30', timeZone: zone, skipWhenGoalMet: true });

  // The test reminder: the server signs and encrypts it, our push service receives and decrypts it.
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => registrations.push(...updated));
  await cdp.send('ServiceWorker.enable');
  await section.getByRole('button', { name: 'Send a test reminder' }).click();
  await expect(section.getByRole('status')).toHaveText('Test reminder sent. It should appear on this device within a few seconds.');
  await expect.poll(() => push.arrivals.filter((a) => a.device === device.name).length).toBe(1);
  expect(push.errors).toEqual([]);
  const [arrival] = push.arrivals.filter((a) => a.device === device.name);
  expect(arrival.payload).toEqual({ title: 'LinguaLog', body: `30 minutes to today's goal in ${LANGUAGE}`, url: '/dashboard' });

  // The same payload, delivered to the app's service worker: it shows the notification. A push
  // reaches an active worker (a real one comes through a subscription, which needs one); the app
  // registers its worker after the dashboard's hydration has started, so it may still be installing.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // The registration as last reported (an update reports it again, a removal as deleted).
  const liveRegistration = () => {
    const latest = new Map(registrations.filter((r) => r.scopeURL.startsWith(server.url)).map((r) => [r.registrationId, r]));
    return [...latest.values()].filter((r) => !r.isDeleted).at(-1)?.registrationId;
  };
  await expect.poll(liveRegistration).toBeTruthy();
  // A push delivered while the worker is still taking over can be lost under load: it is delivered
  // again until the notification shows. The reminder's tag keeps one notification however many arrive.
  await expect
    .poll(async () => {
      const shown = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, icon: n.icon, url: (n.data as { url?: string }).url }));
      });
      if (shown.length === 0) await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId: liveRegistration()!, data: JSON.stringify(arrival.payload) });
      return shown;
    })
    .toEqual([{ title: 'LinguaLog', body: `30 minutes to today's goal in ${LANGUAGE}`, icon: `${server.url}/icon-192.png`, url: '/dashboard' }]);

  await section.getByRole('checkbox', { name: 'Remind me each day' }).uncheck();
  await section.getByRole('button', { name: 'Set reminder' }).click();
  await expect(section.getByRole('status')).toHaveText('Reminder off. No device will be reminded.');
  expect((await (await page.request.get(`${server.url}/api/user/reminder`)).json()).enabled).toBe(false);
});
