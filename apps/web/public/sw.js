/*
 * CareDesk's service worker (PUSH_SERVICE_WORKER_PATH '/sw.js', scope '/'), written by hand: it
 * only shows Web Push messages and opens the console where a clicked one leads. It has no fetch
 * handler and caches nothing, so a new console build is never hidden behind a stale copy.
 * The payload is packages/shared pushPayloadSchema: {title, body, icon?, image?, url, notificationId, type}.
 */
const DEFAULT_ICON = '/icons/icon-192.png';
const BADGE_ICON = '/icons/badge-72.png';
const NAVIGATE_MESSAGE = 'caredesk:navigate';

self.addEventListener('install', () => {
  // Nothing to pre-cache: take over at once so a new version handles the next push.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

function readPayload(event) {
  if (!event.data) return null;
  try {
    const payload = event.data.json();
    return payload && typeof payload === 'object' ? payload : null;
  } catch {
    return { title: 'CareDesk', body: event.data.text() };
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  if (!payload) return;
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'CareDesk';
  const options = {
    body: typeof payload.body === 'string' ? payload.body : '',
    icon: payload.icon || DEFAULT_ICON,
    badge: BADGE_ICON,
    data: { url: typeof payload.url === 'string' && payload.url ? payload.url : '/', notificationId: payload.notificationId, type: payload.type },
  };
  if (payload.image) options.image = payload.image;
  // One OS notification per CareDesk notification: a repeated delivery replaces, not stacks.
  if (payload.notificationId) options.tag = payload.notificationId;
  event.waitUntil(self.registration.showNotification(title, options));
});

async function openConsoleAt(path) {
  const url = new URL(path, self.location.origin);
  // Only the console's own pages: a payload cannot send the user to another site.
  if (url.origin !== self.location.origin) url.href = new URL('/', self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (!open) {
    await self.clients.openWindow(url.href);
    return;
  }
  const focused = await open.focus().catch(() => open);
  const target = focused || open;
  try {
    // navigate() works for windows this worker controls; the console takes the message otherwise.
    const navigated = await target.navigate(url.href);
    if (navigated) return;
  } catch {
    // not controlled by this worker
  }
  target.postMessage({ type: NAVIGATE_MESSAGE, url: url.href });
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  event.waitUntil(openConsoleAt(typeof data.url === 'string' ? data.url : '/'));
});
