/**
 * A browser with Web Push, for jsdom (which has none): Notification with a permission the test
 * sets and a prompt that answers it, a service worker registration whose pushManager subscribes
 * with a fixed endpoint. `uninstall()` puts jsdom back as it was.
 */
import { vi } from 'vitest';

export const FAKE_ENDPOINT = 'https://push.example.org/send/this-device';

export function installFakePush({ permission = 'default', answer = 'granted' }: { permission?: NotificationPermission; answer?: NotificationPermission } = {}) {
  let current: NotificationPermission = permission;
  let subscription: PushSubscription | null = null;
  const requestPermission = vi.fn(async () => {
    current = answer;
    return answer;
  });
  const makeSubscription = (endpoint: string, key: BufferSource | null): PushSubscription =>
    ({
      endpoint,
      expirationTime: null,
      options: { applicationServerKey: key, userVisibleOnly: true },
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: `B${'p'.repeat(86)}`, auth: 'a'.repeat(22) } }),
      unsubscribe: vi.fn(async () => {
        subscription = null;
        return true;
      }),
    }) as unknown as PushSubscription;
  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
      subscription = makeSubscription(FAKE_ENDPOINT, (options.applicationServerKey as BufferSource) ?? null);
      return subscription;
    }),
  };
  const NotificationStub = Object.defineProperties(function Notification() {}, {
    permission: { get: () => current },
    requestPermission: { value: requestPermission },
  });
  vi.stubGlobal('Notification', NotificationStub);
  vi.stubGlobal('PushManager', function PushManager() {});
  const registration = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve(registration), getRegistration: async () => registration } });
  return {
    requestPermission,
    pushManager,
    /** This device already subscribed (an earlier visit). */
    subscribed(endpoint = FAKE_ENDPOINT) {
      subscription = makeSubscription(endpoint, null);
    },
    uninstall() {
      vi.unstubAllGlobals();
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    },
  };
}
