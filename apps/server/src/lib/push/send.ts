import { notificationRoutes, pushPayloadSchema, type NotificationType, type PushPayload } from '@caredesk/shared';
import webpush from 'web-push';
import type { NotificationDetails } from '../../db/schema/index.js';
import type { VapidDetails } from './vapid.js';

/** The icon the console ships for notifications (apps/web/public/icons). */
export const PUSH_ICON = '/icons/icon-192.png';
/** A push nobody could receive within a day is stale news: the front desk has moved on. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

export interface PushNotification {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  details: NotificationDetails;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the push service said, as far as the sender cares. */
export type PushOutcome =
  | { kind: 'sent'; status: number }
  /** 404 or 410: the subscription has expired or was unsubscribed; forget it. */
  | { kind: 'gone'; status: number }
  /** A network failure, a timeout, 429 or 5xx: worth another try later. */
  | { kind: 'retry'; status: number | undefined; reason: string; retryAfterSeconds: number | undefined }
  /** Any other answer (400, 401, 403, 413…): the same request would fail again. */
  | { kind: 'rejected'; status: number };

/** What the service worker shows (packages/shared pushPayloadSchema), and where a click leads. */
export function pushPayloadOf(notification: PushNotification): PushPayload {
  return pushPayloadSchema.parse({
    title: notification.title,
    body: notification.message,
    icon: PUSH_ICON,
    ...(notification.details.img ? { image: notification.details.img } : {}),
    url: notificationRoutes[notification.type],
    notificationId: notification.id,
    type: notification.type,
  });
}

/** Only the host: the rest of an endpoint is the browser's capability URL, never logged. */
export function endpointHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'invalid-endpoint';
  }
}

/**
 * One push, encrypted (aes128gcm, RFC 8291) and VAPID-signed by web-push, sent with fetch: web-push's
 * own sender speaks https only and has no overall deadline, and a stuck push service must not
 * hold a sender slot for long.
 */
export async function sendPush(target: PushTarget, payload: PushPayload, vapid: VapidDetails, timeoutMs: number): Promise<PushOutcome> {
  const request = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
    vapidDetails: vapid,
    TTL: PUSH_TTL_SECONDS,
    urgency: 'high',
    contentEncoding: 'aes128gcm',
    // The same topic on a retry replaces an undelivered copy at the push service instead of adding one.
    topic: payload.notificationId.replaceAll('-', ''),
  });
  // fetch sets Content-Length from the body itself.
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'content-length').map(([name, value]) => [name, String(value)]));
  let response: Response;
  try {
    response = await fetch(request.endpoint, { method: 'POST', headers, body: request.body, signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
  } catch (error) {
    return { kind: 'retry', status: undefined, reason: failureReason(error), retryAfterSeconds: undefined };
  }
  const status = response.status;
  if (status >= 200 && status < 300) return { kind: 'sent', status };
  if (status === 404 || status === 410) return { kind: 'gone', status };
  if (status === 429 || status >= 500) return { kind: 'retry', status, reason: `HTTP ${status}`, retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')) };
  return { kind: 'rejected', status };
}

/** 'timeout', or the system error code (ECONNREFUSED, ENOTFOUND…): never a message that may quote the URL. */
function failureReason(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'timeout';
  const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return typeof code === 'string' ? code : 'network error';
}

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3). */
function retryAfterSeconds(header: string | null): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
