import { vi } from 'vitest';
import { base64UrlToBytes, bytesToBase64Url } from '@/lib/push/base64url';

/** A VAPID-shaped public key (65 bytes, base64url) whose bytes are all `fill`. */
export function fakeServerKey(fill: number): string {
  return bytesToBase64Url(new Uint8Array(65).fill(fill).buffer);
}

let endpoints = 0;

export class FakeSubscription {
  unsubscribed = false;
  readonly options: { applicationServerKey: ArrayBuffer | null; userVisibleOnly: boolean };
  constructor(
    private readonly manager: FakePushManager,
    readonly endpoint: string,
    applicationServerKey: BufferSource | null,
  ) {
    const bytes =
      applicationServerKey instanceof ArrayBuffer
        ? new Uint8Array(applicationServerKey)
        : applicationServerKey
          ? new Uint8Array(applicationServerKey.buffer, applicationServerKey.byteOffset, applicationServerKey.byteLength)
          : null;
    this.options = { applicationServerKey: bytes ? bytes.slice().buffer : null, userVisibleOnly: true };
  }
  getKey(name: 'p256dh' | 'auth'): ArrayBuffer {
    return new Uint8Array(name === 'auth' ? 16 : 65).fill(name === 'auth' ? 0xaa : 0xbb).buffer;
  }
  async unsubscribe(): Promise<boolean> {
    this.unsubscribed = true;
    if (this.manager.current === this) this.manager.current = null;
    return true;
  }
}

/** A stand-in for PushManager: remembers what was subscribed, and can fail on demand. */
export class FakePushManager {
  current: FakeSubscription | null = null;
  subscribed: PushSubscriptionOptionsInit[] = [];
  failWith: Error | null = null;
  async getSubscription(): Promise<FakeSubscription | null> {
    return this.current;
  }
  async subscribe(options: PushSubscriptionOptionsInit): Promise<FakeSubscription> {
    if (this.failWith) throw this.failWith;
    this.subscribed.push(options);
    endpoints += 1;
    const key = options.applicationServerKey;
    this.current = new FakeSubscription(this, `https://push.example.test/send/${endpoints}`, typeof key === 'string' ? base64UrlToBytes(key) : (key ?? null));
    return this.current;
  }
  /** A subscription made earlier (another session, another server key). */
  existing(key: string): FakeSubscription {
    endpoints += 1;
    this.current = new FakeSubscription(this, `https://push.example.test/send/${endpoints}`, base64UrlToBytes(key));
    return this.current;
  }
}

export interface FakePushBrowser {
  pushManager: FakePushManager;
  registration: { scope: string; active: object | null; installing: null; waiting: null; pushManager: FakePushManager };
  serviceWorker: { register: ReturnType<typeof vi.fn>; getRegistration: ReturnType<typeof vi.fn>; addEventListener: () => void; removeEventListener: () => void };
  notification: { permission: NotificationPermission; requestPermission: ReturnType<typeof vi.fn> };
  restore: () => void;
}

/**
 * Installs a browser with push: navigator.serviceWorker, PushManager, Notification and
 * IndexedDB, as fakes the test drives. `without` leaves pieces out (an unsupported browser).
 */
export function installFakePushBrowser(
  options: { permission?: NotificationPermission; answer?: NotificationPermission; without?: ('serviceWorker' | 'PushManager' | 'Notification' | 'indexedDB')[] } = {},
): FakePushBrowser {
  const without = new Set(options.without ?? []);
  const pushManager = new FakePushManager();
  const registration = { scope: 'http://localhost:3000/', active: {}, installing: null, waiting: null, pushManager };
  const notification = {
    permission: options.permission ?? 'granted',
    requestPermission: vi.fn(async () => {
      notification.permission = options.answer ?? 'granted';
      return notification.permission;
    }),
  };
  const serviceWorker = {
    register: vi.fn(async () => registration),
    getRegistration: vi.fn(async () => registration),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
  if (!without.has('serviceWorker')) Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  if (!without.has('PushManager')) vi.stubGlobal('PushManager', FakePushManager);
  if (!without.has('Notification')) vi.stubGlobal('Notification', notification);
  if (!without.has('indexedDB')) vi.stubGlobal('indexedDB', {});
  return {
    pushManager,
    registration,
    serviceWorker,
    notification,
    restore: () => {
      vi.unstubAllGlobals();
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    },
  };
}
