import type { PushErrorCode } from './errors';

export type PushSupport = { supported: true } | { supported: false; reason: PushErrorCode };

/**
 * SPEC.md §5: push is used only where the browser has service workers, the Push API,
 * notifications, fetch and IndexedDB (iOS Safari has them only in a home-screen app).
 */
export function checkPushSupport(): PushSupport {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return { supported: false, reason: 'only-available-in-window' };
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window) || !('fetch' in window)) {
    return { supported: false, reason: 'unsupported-browser' };
  }
  if (!('indexedDB' in window) || !window.indexedDB) return { supported: false, reason: 'indexed-db-unsupported' };
  return { supported: true };
}

export function isPushSupported(): boolean {
  return checkPushSupport().supported;
}

/** 'default' | 'granted' | 'denied', or 'unsupported' where push cannot work. */
export type PushPermission = NotificationPermission | 'unsupported';

export function pushPermission(): PushPermission {
  return isPushSupported() ? Notification.permission : 'unsupported';
}
