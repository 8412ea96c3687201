import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSessionUser } from '../session';
import { enablePushSubscription, ensurePushSubscription, type PushEnableFailure } from './push-client';
import { checkPushSupport, pushPermission, type PushPermission } from './support';

let unsupportedSaid = false;

/**
 * After sign-in, when the permission is already granted, makes sure this browser's subscription
 * is saved for the signed-in user, quietly. It never asks: that waits for a click.
 */
export function usePushSync(): void {
  const userId = useSessionUser()?.id;
  useEffect(() => {
    if (!userId) return;
    const support = checkPushSupport();
    if (!support.supported) {
      if (!unsupportedSaid) console.info(`[push] skipped: messaging/${support.reason}`);
      unsupportedSaid = true;
      return;
    }
    if (Notification.permission === 'granted') void ensurePushSubscription();
  }, [userId]);
}

/**
 * The permission as the 'Enable notifications' prompt needs it, the click that asks, and why the
 * last click failed (null after a success or before any click).
 */
export function usePushPermission(): { permission: PushPermission; pending: boolean; failure: PushEnableFailure | null; enable: () => Promise<boolean> } {
  const [permission, setPermission] = useState<PushPermission>(pushPermission);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<PushEnableFailure | null>(null);
  const enable = useCallback(async () => {
    setPending(true);
    try {
      const result = await enablePushSubscription();
      setFailure(result.enabled ? null : result.reason);
      return result.enabled;
    } finally {
      setPending(false);
      setPermission(pushPermission());
    }
  }, []);
  return { permission, pending, failure, enable };
}

/** The message public/sw.js posts when it cannot navigate the focused window itself. */
export const NAVIGATE_MESSAGE = 'caredesk:navigate';

/** Lets a notification click (public/sw.js) move the open console to its page without a reload. */
export function useServiceWorkerNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const container = navigator.serviceWorker;
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data;
      if (!data || typeof data !== 'object' || !('type' in data) || data.type !== NAVIGATE_MESSAGE || !('url' in data) || typeof data.url !== 'string') return;
      const url = new URL(data.url, window.location.href);
      if (url.origin === window.location.origin) void navigate(`${url.pathname}${url.search}${url.hash}`);
    };
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, [navigate]);
}
