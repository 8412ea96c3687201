// The patient app's service worker, served as /p/sw.js with scope /p/. It keeps the app shell
// (scripts, styles, icons, the offline page) so a repeat visit on a weak connection starts from
// the phone, and answers a page that cannot be reached with the offline page. It never touches
// /api/: visits, codes and tokens are patient data and must never sit in a cache. It also shows
// the queue pushes a patient opted in to (push.ts).

// A module (it imports), so `self` is the worker's scope here rather than the DOM's window.
import { openFromNotification, showPush } from './push';

declare const self: ServiceWorkerGlobalScope;

// Replaced at build (build/service-worker.ts) by the shell's files and a cache name of their hash.
const PRECACHE = '__PRECACHE_MANIFEST__' as unknown as string[];
const CACHE = '__CACHE_NAME__';
const CACHE_PREFIX = 'caredesk-patient-';
const scope = new URL(self.registration.scope);
const OFFLINE_PAGE = new URL('offline.html', scope).pathname;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

async function pageOrOffline(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match(OFFLINE_PAGE)) ?? Response.error();
  }
}

async function cachedOrNetwork(request: Request): Promise<Response> {
  return (await caches.match(request)) ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  // Only our own GETs inside the scope; the API (outside /p/) is never handled, let alone cached.
  if (request.method !== 'GET' || url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname) || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    // Pages always come from the network (index.html is no-cache), the offline page when it fails.
    event.respondWith(pageOrOffline(request));
    return;
  }
  if (PRECACHE.includes(url.pathname)) event.respondWith(cachedOrNetwork(request));
});

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(self.registration, event.data, scope));
});

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openFromNotification(self.clients, event.notification, scope));
});
