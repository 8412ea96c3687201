import { PUSH_REFRESH_AFTER_DAYS } from '@caredesk/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from '@/features/auth/api/logout';
import { installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { fakeServerKey, installFakePushBrowser, type FakePushBrowser } from '@/test/fake-push';
import { bytesToBase64Url } from './base64url';
import { ensurePushSubscription, removePushSubscription, SERVICE_WORKER_ACTIVATION_WAIT_MS } from './push-client';
import { PUSH_RECORD_KEY, readPushRecord, writePushRecord } from './registration-record';
import { isPushSupported } from './support';

const KEY = fakeServerKey(4);
const OTHER_KEY = fakeServerKey(7);
const DAY = 24 * 60 * 60 * 1000;

let browser: FakePushBrowser | undefined;
let restoreApi: (() => void) | undefined;
let info: ReturnType<typeof vi.spyOn>;
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  browser?.restore();
  browser = undefined;
  restoreApi?.();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function withApi(routes: Record<string, FakeRoute> = {}) {
  const api = installFakeApi({ 'GET /fcm/config': { data: { publicKey: KEY } }, 'POST /fcm/save': { status: 204 }, 'POST /fcm/remove': { status: 204 }, ...routes });
  restoreApi = api.restore;
  return api;
}

function pushBrowser(options: Parameters<typeof installFakePushBrowser>[0] = {}) {
  browser = installFakePushBrowser(options);
  return browser;
}

/** A subscription made `ageDays` ago with `key`, recorded as this console records it. */
function subscribedEarlier(push: FakePushBrowser, key: string, ageDays: number) {
  const existing = push.pushManager.existing(key);
  writePushRecord({
    token: existing.endpoint,
    createTime: Date.now() - ageDays * DAY,
    subscriptionOptions: { endpoint: existing.endpoint, auth: 'a', p256dh: 'p', swScope: '/', vapidKey: key },
  });
  return existing;
}

const posts = (api: ReturnType<typeof withApi>, url: string) => api.calls.filter((call) => call.method === 'POST' && call.url === url).map((call) => call.body);

describe('the push support check', () => {
  it.each(['serviceWorker', 'PushManager', 'Notification'] as const)('skips quietly without %s: an info line, no call, no subscription', async (missing) => {
    const api = withApi();
    pushBrowser({ without: [missing] });
    expect(isPushSupported()).toBe(false);
    await expect(ensurePushSubscription({ askPermission: true })).resolves.toBeNull();
    expect(info).toHaveBeenCalledWith(expect.stringContaining('messaging/unsupported-browser'));
    expect(warn).not.toHaveBeenCalled();
    expect(api.calls).toEqual([]);
  });

  it('skips quietly without IndexedDB', async () => {
    const api = withApi();
    pushBrowser({ without: ['indexedDB'] });
    await expect(ensurePushSubscription()).resolves.toBeNull();
    expect(info).toHaveBeenCalledWith(expect.stringContaining('messaging/indexed-db-unsupported'));
    expect(api.calls).toEqual([]);
  });
});

describe('the permission', () => {
  it('is never asked for without a click: undecided answers null and subscribes nothing', async () => {
    const api = withApi();
    const push = pushBrowser({ permission: 'default' });
    await expect(ensurePushSubscription()).resolves.toBeNull();
    expect(push.notification.requestPermission).not.toHaveBeenCalled();
    expect(push.pushManager.subscribed).toEqual([]);
    expect(api.calls).toEqual([]);
  });

  it('asked on a click and refused: null, one info line, no subscription and no retry', async () => {
    const api = withApi();
    const push = pushBrowser({ permission: 'default', answer: 'denied' });
    await expect(ensurePushSubscription({ askPermission: true })).resolves.toBeNull();
    expect(push.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith(expect.stringContaining('messaging/permission-blocked'));
    await expect(ensurePushSubscription({ askPermission: true })).resolves.toBeNull();
    expect(push.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(push.pushManager.subscribed).toEqual([]);
    expect(api.calls).toEqual([]);
  });

  it('asked on a click and granted: subscribes', async () => {
    withApi();
    const push = pushBrowser({ permission: 'default', answer: 'granted' });
    await expect(ensurePushSubscription({ askPermission: true })).resolves.not.toBeNull();
    expect(push.pushManager.subscribed).toHaveLength(1);
  });
});

describe('ensurePushSubscription with the permission granted', () => {
  it("registers /sw.js at scope '/', subscribes with the server's key and saves endpoint, keys and user agent", async () => {
    const api = withApi();
    const push = pushBrowser();
    const subscription = await ensurePushSubscription();
    expect(push.serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(push.pushManager.subscribed).toHaveLength(1);
    expect(push.pushManager.subscribed[0]!.userVisibleOnly).toBe(true);
    expect(bytesToBase64Url((push.pushManager.subscribed[0]!.applicationServerKey as Uint8Array<ArrayBuffer>).buffer)).toBe(KEY);
    expect(posts(api, '/fcm/save')).toEqual([
      {
        endpoint: subscription!.endpoint,
        p256dh: bytesToBase64Url(new Uint8Array(65).fill(0xbb).buffer),
        auth: bytesToBase64Url(new Uint8Array(16).fill(0xaa).buffer),
        userAgent: navigator.userAgent,
      },
    ]);
    const record = readPushRecord();
    expect(record).toMatchObject({ token: subscription!.endpoint, subscriptionOptions: { endpoint: subscription!.endpoint, vapidKey: KEY, swScope: 'http://localhost:3000/' } });
    expect(Date.now() - record!.createTime).toBeLessThan(5000);
  });

  it('reuses a subscription younger than 7 days made with the same key (and saves it for this user)', async () => {
    const api = withApi();
    const push = pushBrowser();
    const existing = subscribedEarlier(push, KEY, PUSH_REFRESH_AFTER_DAYS - 1);
    await expect(ensurePushSubscription()).resolves.toBe(existing);
    expect(existing.unsubscribed).toBe(false);
    expect(push.pushManager.subscribed).toEqual([]);
    expect(posts(api, '/fcm/remove')).toEqual([]);
    expect(posts(api, '/fcm/save')).toEqual([expect.objectContaining({ endpoint: existing.endpoint })]);
  });

  it('refreshes one older than 7 days: unsubscribes it, the server forgets it, and a new one is saved', async () => {
    const api = withApi();
    const push = pushBrowser();
    const existing = subscribedEarlier(push, KEY, PUSH_REFRESH_AFTER_DAYS + 1);
    const fresh = await ensurePushSubscription();
    expect(existing.unsubscribed).toBe(true);
    expect(fresh).not.toBe(existing);
    expect(push.pushManager.subscribed).toHaveLength(1);
    expect(posts(api, '/fcm/remove')).toEqual([{ endpoint: existing.endpoint }]);
    expect(posts(api, '/fcm/save')).toEqual([expect.objectContaining({ endpoint: fresh!.endpoint })]);
    expect(Date.now() - readPushRecord()!.createTime).toBeLessThan(5000);
  });

  it("subscribes afresh when the server keeps the endpoint for another organisation's sign-in (409)", async () => {
    let saves = 0;
    const api = withApi({
      'POST /fcm/save': () => (saves++ === 0 ? { status: 409, data: { statusCode: 409, error: 'Conflict', message: 'Registered elsewhere' } } : { status: 201 }),
    });
    const push = pushBrowser();
    const existing = subscribedEarlier(push, KEY, 1);
    const fresh = await ensurePushSubscription();
    expect(existing.unsubscribed).toBe(true);
    expect(fresh).not.toBe(existing);
    expect(posts(api, '/fcm/save')).toEqual([expect.objectContaining({ endpoint: existing.endpoint }), expect.objectContaining({ endpoint: fresh!.endpoint })]);
    // Not ours to remove on the server: the push service ends the old endpoint.
    expect(posts(api, '/fcm/remove')).toEqual([]);
    expect(readPushRecord()!.token).toBe(fresh!.endpoint);
    expect(warn).not.toHaveBeenCalled();
  });

  it('replaces one made with another server key, however young', async () => {
    const api = withApi();
    const push = pushBrowser();
    const existing = subscribedEarlier(push, OTHER_KEY, 0);
    const fresh = await ensurePushSubscription();
    expect(existing.unsubscribed).toBe(true);
    expect(bytesToBase64Url(fresh!.options.applicationServerKey)).toBe(KEY);
    expect(posts(api, '/fcm/remove')).toEqual([{ endpoint: existing.endpoint }]);
    expect(readPushRecord()!.subscriptionOptions.vapidKey).toBe(KEY);
  });

  it('replaces one this console has no record of (its age is unknown)', async () => {
    withApi();
    const push = pushBrowser();
    const existing = push.pushManager.existing(KEY);
    localStorage.removeItem(PUSH_RECORD_KEY);
    const fresh = await ensurePushSubscription();
    expect(existing.unsubscribed).toBe(true);
    expect(fresh).not.toBe(existing);
  });

  it('shares one run between calls made at the same time', async () => {
    withApi();
    const push = pushBrowser();
    const [first, second] = await Promise.all([ensurePushSubscription(), ensurePushSubscription()]);
    expect(first).toBe(second);
    expect(push.pushManager.subscribed).toHaveLength(1);
  });
});

describe('failures are one console line and null, never an exception', () => {
  it('missing configuration value: the server has no public key', async () => {
    withApi({ 'GET /fcm/config': { data: { publicKey: null } } });
    const push = pushBrowser();
    await expect(ensurePushSubscription()).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('messaging/missing-app-config-values'));
    expect(push.serviceWorker.register).not.toHaveBeenCalled();
  });

  it('service worker registration failed', async () => {
    withApi();
    const push = pushBrowser();
    push.serviceWorker.register.mockRejectedValue(new TypeError('bad MIME type'));
    await expect(ensurePushSubscription()).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/messaging\/failed-service-worker-registration.*TypeError: bad MIME type/));
  });

  it('a service worker that does not activate within 10 s', async () => {
    vi.useFakeTimers();
    withApi();
    const push = pushBrowser();
    const installing = Object.assign(new EventTarget(), { state: 'installing' });
    push.serviceWorker.register.mockResolvedValue({ ...push.registration, active: null, installing });
    const result = ensurePushSubscription();
    await vi.advanceTimersByTimeAsync(SERVICE_WORKER_ACTIVATION_WAIT_MS);
    await expect(result).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/failed-service-worker-registration.*did not activate within 10000 ms/));
  });

  it('waits for an installing service worker to activate, then subscribes', async () => {
    withApi();
    const push = pushBrowser();
    const installing = Object.assign(new EventTarget(), { state: 'installing' });
    push.serviceWorker.register.mockResolvedValue({ ...push.registration, active: null, installing });
    const result = ensurePushSubscription();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(push.pushManager.subscribed).toHaveLength(0);
    installing.state = 'activated';
    installing.dispatchEvent(new Event('statechange'));
    await expect(result).resolves.not.toBeNull();
  });

  it('subscribe failed, and update failed when refreshing', async () => {
    withApi();
    const push = pushBrowser();
    push.pushManager.failWith = new DOMException('push service not available', 'AbortError');
    await expect(ensurePushSubscription()).resolves.toBeNull();
    expect(warn).toHaveBeenLastCalledWith(expect.stringMatching(/messaging\/token-subscribe-failed.*AbortError: push service not available/));
    subscribedEarlier(push, KEY, PUSH_REFRESH_AFTER_DAYS + 2);
    await expect(ensurePushSubscription()).resolves.toBeNull();
    expect(warn).toHaveBeenLastCalledWith(expect.stringContaining('messaging/token-update-failed'));
  });

  it('subscribe returned no token', async () => {
    withApi();
    const push = pushBrowser();
    vi.spyOn(push.pushManager, 'subscribe').mockResolvedValue({ endpoint: '' } as never);
    await expect(ensurePushSubscription()).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('messaging/token-subscribe-no-token'));
  });
});

describe('removing the subscription', () => {
  it('tells the server, unsubscribes and forgets the record', async () => {
    const api = withApi();
    const push = pushBrowser();
    const subscription = await ensurePushSubscription();
    await removePushSubscription();
    expect(posts(api, '/fcm/remove')).toEqual([{ endpoint: subscription!.endpoint }]);
    expect(push.pushManager.current).toBeNull();
    expect(readPushRecord()).toBeNull();
  });

  it('on logout, before the session is dropped: the remove call still carries the access token', async () => {
    const api = withApi({ 'POST /auth/logout': { status: 204 } });
    const push = pushBrowser();
    storeSession(makeUser(), 'the-access-token');
    const subscription = await ensurePushSubscription();
    await logout();
    const urls = api.calls.map((call) => call.url);
    expect(urls.indexOf('/fcm/remove')).toBeLessThan(urls.indexOf('/auth/logout'));
    expect(api.calls.find((call) => call.url === '/fcm/remove')).toMatchObject({ body: { endpoint: subscription!.endpoint }, authorization: 'Bearer the-access-token' });
    expect(push.pushManager.current).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('signs out all the same when the server cannot be reached, logging the failure', async () => {
    const api = withApi({ 'POST /fcm/remove': { status: 503 }, 'POST /auth/logout': { status: 204 } });
    const push = pushBrowser();
    storeSession(makeUser());
    await ensurePushSubscription();
    await logout();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('messaging/token-unsubscribe-failed'));
    expect(push.pushManager.current).toBeNull();
    expect(api.calls.some((call) => call.url === '/auth/logout')).toBe(true);
  });

  it('does nothing where push is unsupported', async () => {
    const api = withApi();
    pushBrowser({ without: ['serviceWorker'] });
    await removePushSubscription();
    expect(api.calls).toEqual([]);
  });
});
