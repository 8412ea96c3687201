import type { PatientLogout, PatientPushConfig, PatientPushSubscriptionSave } from '@caredesk/shared';
import { useSyncExternalStore } from 'react';
import { isLanguage } from '@/i18n/i18n';
import { ApiError, api } from './http';

/**
 * Queue pushes on this phone ('you are next', 'it's your turn'), opt-in: the browser's push
 * subscription, made through the app's service worker (/p/sw.js) with the server's VAPID key and
 * saved to /api/patient/push-subscriptions.
 *
 * - unsupported: no service worker, PushManager or Notification (iOS Safari outside the home screen)
 * - denied: the patient refused notifications; only the browser's settings can undo it
 * - off / on: whether this browser holds a subscription
 */
export type PushState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

const listeners = new Set<() => void>();
let state: PushState = 'checking';

function set(next: PushState): void {
  state = next;
  for (const listener of listeners) listener();
}

function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration(import.meta.env.BASE_URL);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

/** Works out the state; never asks for permission (that is for the tap). */
async function check(): Promise<void> {
  if (!pushSupported()) return set('unsupported');
  if (Notification.permission === 'denied') return set('denied');
  const subscription = await currentSubscription();
  set(subscription && Notification.permission === 'granted' ? 'on' : 'off');
}

function subscribe(listener: () => void): () => void {
  // The first card watching looks again: permission or the subscription may have changed meanwhile (browser settings).
  if (listeners.size === 0) {
    state = 'checking';
    check().catch(() => set('unsupported'));
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** This browser's push state, shared by every visit card on the page. */
export function usePushState(): PushState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

/** base64url (as the server gives the VAPID key) to the bytes PushManager.subscribe() wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replaceAll('-', '+')
    .replaceAll('_', '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

function sameKey(key: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  if (!key) return false;
  const bytes = new Uint8Array(key);
  return bytes.length === wanted.length && bytes.every((byte, index) => byte === wanted[index]);
}

/** A subscription to this VAPID key: the browser's own if it has one, else a new one (a new key orphans the old). */
async function subscribeWith(worker: ServiceWorkerRegistration, publicKey: string, fresh: boolean): Promise<PushSubscription> {
  const applicationServerKey = keyBytes(publicKey);
  const existing = await worker.pushManager.getSubscription();
  if (existing && !fresh && sameKey(existing.options.applicationServerKey, applicationServerKey)) return existing;
  await existing?.unsubscribe();
  return worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
}

function save(subscription: PushSubscription, language: string): Promise<unknown> {
  const { endpoint, keys } = subscription.toJSON();
  const body: PatientPushSubscriptionSave = {
    endpoint: endpoint ?? subscription.endpoint,
    p256dh: keys?.p256dh ?? '',
    auth: keys?.auth ?? '',
    language: isLanguage(language) ? language : 'en',
    userAgent: navigator.userAgent.slice(0, 500),
  };
  return api('/patient/push-subscriptions', { method: 'POST', body });
}

/**
 * 'Notify me when I'm next', at the tap only: asks for permission, subscribes through the
 * service worker and saves the subscription. A 409 (another account saved this browser) is
 * answered by subscribing afresh, which gives the browser an endpoint of its own.
 */
export async function turnPushOn(language: string): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    set(permission === 'denied' ? 'denied' : 'off');
    return state;
  }
  const [{ publicKey }, worker] = await Promise.all([api<PatientPushConfig>('/patient/push-config'), navigator.serviceWorker.ready]);
  try {
    await save(await subscribeWith(worker, publicKey, false), language);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    await save(await subscribeWith(worker, publicKey, true), language);
  }
  set('on');
  return state;
}

/** 'Turn off': the server forgets the browser and the browser drops the subscription, so nothing more arrives. */
export async function turnPushOff(): Promise<void> {
  const subscription = await currentSubscription();
  if (subscription) {
    try {
      await api('/patient/push-subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
    } catch {
      // Offline: the unsubscribe below ends the endpoint, and the server drops it at its next push (410).
    }
    await subscription.unsubscribe();
  }
  set('off');
}

/** What the sign-out sends: this browser's endpoint, so the server forgets it with the session. */
export async function signOutPush(): Promise<PatientLogout> {
  const subscription = await currentSubscription().catch(() => null);
  return subscription ? { pushEndpoint: subscription.endpoint } : {};
}

/** After signing out: the next person on this phone gets none of these pushes. */
export async function unsubscribeAfterSignOut(): Promise<void> {
  const subscription = await currentSubscription().catch(() => null);
  await subscription?.unsubscribe().catch(() => false);
  if (state === 'on') set('off');
}
