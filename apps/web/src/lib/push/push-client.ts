import { PUSH_REFRESH_AFTER_DAYS, PUSH_SERVICE_WORKER_PATH, PUSH_SERVICE_WORKER_SCOPE } from '@caredesk/shared';
import { errorStatus } from '../http';
import { getPushConfig, removePushSubscriptionOnServer, savePushSubscription } from './api';
import { base64UrlToBytes, bytesToBase64Url, sameBytes } from './base64url';
import { PushError, logPushError, type PushErrorCode } from './errors';
import { clearPushRecord, readPushRecord, writePushRecord, type PushRegistrationRecord } from './registration-record';
import { checkPushSupport } from './support';

/** SPEC.md §9: how long a freshly registered service worker may take to activate. */
export const SERVICE_WORKER_ACTIVATION_WAIT_MS = 10_000;
const REFRESH_AFTER_MS = PUSH_REFRESH_AFTER_DAYS * 24 * 60 * 60 * 1000;
/** Logout waits this long at most for the server to forget the subscription. */
const REMOVE_ON_SERVER_WAIT_MS = 3_000;

function waitUntilActive(registration: ServiceWorkerRegistration, timeoutMs: number): Promise<void> {
  if (registration.active) return Promise.resolve();
  const worker = registration.installing ?? registration.waiting;
  const failed = (reason: string) => new PushError('failed-service-worker-registration', new Error(reason));
  if (!worker) return Promise.reject(failed('the registration has no service worker'));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(failed(`the service worker did not activate within ${timeoutMs} ms`)), timeoutMs);
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') {
        clearTimeout(timer);
        resolve();
      } else if (worker.state === 'redundant') {
        clearTimeout(timer);
        reject(failed('the service worker became redundant while installing'));
      }
    });
  });
}

/** Registers public/sw.js at its fixed path and scope and waits until it is active. */
export async function registerPushServiceWorker(): Promise<ServiceWorkerRegistration> {
  let registration: ServiceWorkerRegistration;
  try {
    registration = await navigator.serviceWorker.register(PUSH_SERVICE_WORKER_PATH, { scope: PUSH_SERVICE_WORKER_SCOPE });
  } catch (error) {
    throw new PushError('failed-service-worker-registration', error);
  }
  await waitUntilActive(registration, SERVICE_WORKER_ACTIVATION_WAIT_MS);
  return registration;
}

async function subscribe(registration: ServiceWorkerRegistration, key: Uint8Array<ArrayBuffer>, refreshing: boolean): Promise<PushSubscription> {
  let subscription: PushSubscription | null | undefined;
  try {
    subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (error) {
    throw new PushError(refreshing ? 'token-update-failed' : 'token-subscribe-failed', error);
  }
  if (!subscription?.endpoint) throw new PushError(refreshing ? 'token-update-no-token' : 'token-subscribe-no-token');
  return subscription;
}

/** Unsubscribes in the browser and tells the server to forget the endpoint; failures are logged only. */
async function dropSubscription(subscription: PushSubscription): Promise<void> {
  try {
    if (!(await subscription.unsubscribe())) throw new Error('unsubscribe() answered false');
  } catch (error) {
    logPushError(new PushError('token-unsubscribe-failed', error));
  }
  await removePushSubscriptionOnServer(subscription.endpoint).catch((error: unknown) => logPushError(new PushError('token-unsubscribe-failed', error)));
}

function recordOf(subscription: PushSubscription, registration: ServiceWorkerRegistration, publicKey: string, now: number): PushRegistrationRecord {
  return {
    token: subscription.endpoint,
    createTime: now,
    subscriptionOptions: {
      endpoint: subscription.endpoint,
      auth: bytesToBase64Url(subscription.getKey('auth')),
      p256dh: bytesToBase64Url(subscription.getKey('p256dh')),
      swScope: registration.scope,
      vapidKey: publicKey,
    },
  };
}

/**
 * SPEC.md §4 on the Push API: a stored subscription is reused while its server key matches and
 * it is younger than 7 days; an older one is refreshed (unsubscribe + subscribe); one made with
 * another key, or of unknown age, is replaced.
 */
async function currentSubscription(registration: ServiceWorkerRegistration, publicKey: string, now: number): Promise<PushSubscription> {
  const key = base64UrlToBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  const record = readPushRecord();
  let refreshing = false;
  if (existing) {
    const known = record?.token === existing.endpoint ? record : null;
    const keyOfExisting = existing.options.applicationServerKey ?? (known ? base64UrlToBytes(known.subscriptionOptions.vapidKey) : null);
    const keyMatches = sameBytes(keyOfExisting, key);
    if (keyMatches && known && now - known.createTime < REFRESH_AFTER_MS) return existing;
    refreshing = keyMatches && Boolean(known);
    await dropSubscription(existing);
  }
  clearPushRecord();
  const subscription = await subscribe(registration, key, refreshing);
  writePushRecord(recordOf(subscription, registration, publicKey, now));
  return subscription;
}

export interface EnsurePushOptions {
  /** Ask for the permission when undecided: only from a user's click, never on page load. */
  askPermission?: boolean;
}

async function ensure({ askPermission = false }: EnsurePushOptions): Promise<PushSubscription | null> {
  const support = checkPushSupport();
  if (!support.supported) throw new PushError(support.reason);
  let permission = Notification.permission;
  if (permission === 'default' && askPermission) permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushError('permission-blocked');
  if (permission !== 'granted') return null;

  let publicKey: string | null;
  try {
    publicKey = await getPushConfig();
  } catch (error) {
    throw new PushError('missing-app-config-values', error);
  }
  if (!publicKey) throw new PushError('missing-app-config-values');

  const registration = await registerPushServiceWorker();
  let subscription = await currentSubscription(registration, publicKey, Date.now());
  const save = (saved: PushSubscription) =>
    savePushSubscription({
      endpoint: saved.endpoint,
      p256dh: bytesToBase64Url(saved.getKey('p256dh')),
      auth: bytesToBase64Url(saved.getKey('auth')),
      userAgent: navigator.userAgent.slice(0, 500),
    });
  // Saved every time (the server upserts by endpoint): this browser may now be signed in as someone else.
  try {
    await save(subscription);
  } catch (error) {
    if (errorStatus(error) !== 409) throw error;
    // Another organisation's sign-in still holds this endpoint and the server keeps it theirs. A fresh
    // subscription has a new endpoint, and unsubscribing ends the old one, so their pushes stop here too.
    await subscription.unsubscribe().catch((failure: unknown) => logPushError(new PushError('token-unsubscribe-failed', failure)));
    clearPushRecord();
    subscription = await subscribe(registration, base64UrlToBytes(publicKey), false);
    writePushRecord(recordOf(subscription, registration, publicKey, Date.now()));
    await save(subscription);
  }
  return subscription;
}

let inFlight: Promise<PushSubscription | null> | null = null;

/**
 * Makes sure this browser has a push subscription saved for the signed-in user, or answers null:
 * unsupported, permission not granted, or any failure, which is logged and never thrown.
 */
export function ensurePushSubscription(options: EnsurePushOptions = {}): Promise<PushSubscription | null> {
  inFlight ??= ensure(options)
    .catch((error: unknown) => {
      logPushError(error);
      return null;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** Why 'Enable notifications' did not turn push on: a push error, or the browser's prompt closed undecided. */
export type PushEnableFailure = PushErrorCode | 'permission-dismissed';
export type EnablePushResult = { enabled: true } | { enabled: false; reason: PushEnableFailure };

/**
 * The 'Enable notifications' click: asks for the permission and subscribes, and says why not when
 * it fails (logged too), so the prompt can tell the person instead of quietly disappearing.
 */
export async function enablePushSubscription(): Promise<EnablePushResult> {
  try {
    // ensure() throws on a refusal ('permission-blocked') and answers null when the prompt was closed undecided.
    return (await ensure({ askPermission: true })) ? { enabled: true } : { enabled: false, reason: 'permission-dismissed' };
  } catch (error) {
    logPushError(error);
    return { enabled: false, reason: error instanceof PushError ? error.code : 'token-subscribe-failed' };
  }
}

async function withinTime(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/**
 * On logout, while the access token is still there: the server forgets this browser's
 * subscription (waiting at most 3 s), then the browser unsubscribes. Never throws.
 */
export async function removePushSubscription(): Promise<void> {
  if (!checkPushSupport().supported) return;
  const record = readPushRecord();
  clearPushRecord();
  try {
    const registration = await navigator.serviceWorker.getRegistration(PUSH_SERVICE_WORKER_SCOPE);
    const subscription = (await registration?.pushManager.getSubscription()) ?? null;
    const endpoint = subscription?.endpoint ?? record?.token;
    if (endpoint) {
      await withinTime(
        removePushSubscriptionOnServer(endpoint).catch((error: unknown) => logPushError(new PushError('token-unsubscribe-failed', error))),
        REMOVE_ON_SERVER_WAIT_MS,
      );
    }
    if (subscription && !(await subscription.unsubscribe())) throw new Error('unsubscribe() answered false');
  } catch (error) {
    logPushError(error, 'token-unsubscribe-failed');
  }
}
