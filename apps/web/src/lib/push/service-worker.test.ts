import { pushPayloadSchema, type PushPayload } from '@caredesk/shared';
import { describe, expect, it, vi } from 'vitest';
import source from '../../../public/sw.js?raw';
import { NAVIGATE_MESSAGE } from './use-push';

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
  postMessage: ReturnType<typeof vi.fn>;
}

function fakeWindow(url: string, { controlled = true } = {}): FakeWindow {
  const client: FakeWindow = {
    url,
    focus: vi.fn(async () => client),
    navigate: vi.fn(async (to: string) => {
      if (!controlled) throw new TypeError('not a controlled client');
      return { ...client, url: to };
    }),
    postMessage: vi.fn(),
  };
  return client;
}

/** Runs public/sw.js against a fake ServiceWorkerGlobalScope and dispatches events to it. */
function loadServiceWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const scope = {
    location: new URL('https://console.test/sw.js'),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: vi.fn(),
    registration: { showNotification: vi.fn(async (_title: string, _options: Record<string, unknown>) => undefined) },
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null), claim: vi.fn(async () => undefined) },
  };
  new Function('self', source)(scope);
  async function dispatch(type: string, event: object) {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits);
  }
  const push = (payload: unknown) => dispatch('push', { data: payload === null ? null : { json: () => payload, text: () => JSON.stringify(payload) } });
  const click = (data: unknown) => {
    const notification = { data, close: vi.fn() };
    return dispatch('notificationclick', { notification }).then(() => notification);
  };
  return { scope, push, click, dispatch };
}

const payload: PushPayload = pushPayloadSchema.parse({
  title: 'New appointment',
  body: 'Ravi Kumar booked Dr. Meera Joshi for 24 Nov, 10:30 am',
  icon: '/api/uploads/doctor.png',
  image: '/api/uploads/banner.png',
  url: '/appointments',
  notificationId: '10000000-0000-4000-8000-000000000001',
  type: 'appointment-created',
});

describe('public/sw.js', () => {
  it('shows a push: title, body, icon, image, the url to open, tagged by the notification id', async () => {
    const worker = loadServiceWorker();
    await worker.push(payload);
    expect(worker.scope.registration.showNotification).toHaveBeenCalledWith('New appointment', {
      body: payload.body,
      icon: payload.icon,
      image: payload.image,
      badge: '/icons/badge-72.png',
      tag: payload.notificationId,
      data: { url: '/appointments', notificationId: payload.notificationId, type: 'appointment-created' },
    });
  });

  it("falls back to the console's icon, and shows nothing for an empty push", async () => {
    const worker = loadServiceWorker();
    await worker.push({ ...payload, icon: undefined, image: undefined });
    const options = worker.scope.registration.showNotification.mock.calls[0]![1];
    expect(options.icon).toBe('/icons/icon-192.png');
    expect(options).not.toHaveProperty('image');
    await worker.push(null);
    expect(worker.scope.registration.showNotification).toHaveBeenCalledTimes(1);
  });

  it('takes over at once when installed and activated', async () => {
    const worker = loadServiceWorker();
    await worker.dispatch('install', {});
    await worker.dispatch('activate', {});
    expect(worker.scope.skipWaiting).toHaveBeenCalled();
    expect(worker.scope.clients.claim).toHaveBeenCalled();
  });

  it('on click focuses the open console and navigates it to the url', async () => {
    const open = fakeWindow('https://console.test/patients');
    const worker = loadServiceWorker([open]);
    const notification = await worker.click({ url: '/bookings' });
    expect(notification.close).toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith('https://console.test/bookings');
    expect(worker.scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('asks a window it does not control to navigate itself (the console routes without a reload)', async () => {
    const open = fakeWindow('https://console.test/', { controlled: false });
    const worker = loadServiceWorker([open]);
    await worker.click({ url: '/chats' });
    expect(open.postMessage).toHaveBeenCalledWith({ type: NAVIGATE_MESSAGE, url: 'https://console.test/chats' });
  });

  it('opens a new window when no console is open, and never leaves the console for another site', async () => {
    const elsewhere = fakeWindow('https://other.example/');
    const worker = loadServiceWorker([elsewhere]);
    await worker.click({ url: '/appointments' });
    expect(worker.scope.clients.openWindow).toHaveBeenCalledWith('https://console.test/appointments');
    await worker.click({ url: 'https://evil.example/phish' });
    expect(worker.scope.clients.openWindow).toHaveBeenLastCalledWith('https://console.test/');
    expect(elsewhere.focus).not.toHaveBeenCalled();
  });
});
