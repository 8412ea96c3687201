import { vi } from 'vitest';

/** The VAPID public key the fake server hands out: an uncompressed P-256 point (65 bytes), base64url. */
export const VAPID_PUBLIC_KEY = `BA${'x'.repeat(85)}`;

export interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null; userVisibleOnly: boolean };
  toJSON(): { endpoint: string; keys: { p256dh: string; auth: string } };
  unsubscribe: ReturnType<typeof vi.fn<() => Promise<boolean>>>;
}

interface FakePushOptions {
  /** Notification.permission as the page finds it. */
  permission?: NotificationPermission;
  /** What the prompt answers at the tap. */
  answer?: NotificationPermission;
  /** No PushManager: a browser that cannot push. */
  unsupported?: boolean;
  /** The browser opted in on an earlier visit (permission granted, a subscription held). */
  subscribed?: boolean;
}

/**
 * A browser's push side, faked: Notification (permission and its prompt), PushManager and the
 * service worker registration with its pushManager. Each subscribe() gets a new endpoint, as a
 * browser's does.
 */
export function fakePush(options: FakePushOptions = {}) {
  const notification = {
    permission: options.permission ?? 'default',
    requestPermission: vi.fn(async () => {
      notification.permission = options.answer ?? 'granted';
      return notification.permission;
    }),
  };
  vi.stubGlobal('Notification', notification);
  if (!options.unsupported) vi.stubGlobal('PushManager', function PushManager() {});
  let count = 0;
  let current: FakeSubscription | null = null;
  const make = (subscribeOptions: PushSubscriptionOptionsInit): FakeSubscription => {
    count += 1;
    const endpoint = `https://fcm.googleapis.com/fcm/send/browser-${count}`;
    const key = subscribeOptions.applicationServerKey as Uint8Array;
    const subscription: FakeSubscription = {
      endpoint,
      options: { applicationServerKey: key.slice().buffer, userVisibleOnly: subscribeOptions.userVisibleOnly ?? false },
      toJSON: () => ({ endpoint, keys: { p256dh: `p256dh-${count}`, auth: `auth-${count}` } }),
      unsubscribe: vi.fn(async () => {
        if (current === subscription) current = null;
        return true;
      }),
    };
    current = subscription;
    return subscription;
  };
  const subscribe = vi.fn(async (subscribeOptions: PushSubscriptionOptionsInit) => make(subscribeOptions));
  if (options.subscribed) {
    notification.permission = 'granted';
    make({ userVisibleOnly: true, applicationServerKey: new Uint8Array(65) });
  }
  const registration = { pushManager: { getSubscription: vi.fn(async () => current), subscribe } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: vi.fn(async () => registration), ready: Promise.resolve(registration) },
  });
  return {
    notification,
    subscribe,
    get subscription() {
      return current;
    },
  };
}

/** Takes the fake away again (jsdom has no navigator.serviceWorker of its own). */
export function removeFakePush(): void {
  Reflect.deleteProperty(navigator, 'serviceWorker');
}
