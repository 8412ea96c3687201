import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { notificationHref, pushPayloadSchema, type NotificationType, type PushPayload } from '@caredesk/shared';
import webpush from 'web-push';
import type { NotificationDetails } from '../../db/schema/index.js';
import { endpointProblem, resolveEndpoint, type PushEndpointPolicy } from './endpoints.js';
import type { VapidDetails } from './vapid.js';
import { retryAfterSeconds } from '../retry-after.js';

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
  /** Any other answer (400, 401, 403, 413, a redirect…): the same request would fail again. */
  | { kind: 'rejected'; status: number }
  /** Not sent: the endpoint is not an allowed push service, or its host resolves to a non-public address. */
  | { kind: 'blocked'; reason: string };

/** What the service worker shows (packages/shared pushPayloadSchema), and where a click leads. */
export function pushPayloadOf(notification: PushNotification): PushPayload {
  return pushPayloadSchema.parse({
    title: notification.title,
    body: notification.message,
    icon: PUSH_ICON,
    ...(notification.details.img ? { image: notification.details.img } : {}),
    url: notificationHref(notification),
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

/** What one push carries, whoever it is for: the JSON the service worker reads, and how the push service keeps it. */
export interface WebPushMessage {
  payload: object;
  /** Replaces an undelivered push of the same topic at the push service (base64url, at most 32 characters). */
  topic: string;
  /** How long the push service keeps it for a browser that is offline. */
  ttlSeconds: number;
}

/** A staff notification's push (lib/push/sender.ts). */
export function sendPush(target: PushTarget, payload: PushPayload, vapid: VapidDetails, timeoutMs: number, policy: PushEndpointPolicy): Promise<PushOutcome> {
  // The same topic on a retry replaces an undelivered copy at the push service instead of adding one.
  return sendWebPush(target, { payload, topic: payload.notificationId.replaceAll('-', ''), ttlSeconds: PUSH_TTL_SECONDS }, vapid, timeoutMs, policy);
}

/**
 * One push, encrypted (aes128gcm, RFC 8291) and VAPID-signed by web-push, sent with node:http(s)
 * rather than web-push's sender (https only, no overall deadline) or fetch (follows redirects, and
 * resolves the host again itself). The endpoint must pass the policy again here (a subscription
 * saved before it, or the list narrowed since), and the request goes to the one checked address,
 * never following a redirect.
 */
export async function sendWebPush(target: PushTarget, message: WebPushMessage, vapid: VapidDetails, timeoutMs: number, policy: PushEndpointPolicy): Promise<PushOutcome> {
  if (endpointProblem(target.endpoint, policy)) return { kind: 'blocked', reason: 'endpoint not allowed' };
  const request = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(message.payload), {
    vapidDetails: vapid,
    TTL: message.ttlSeconds,
    urgency: 'high',
    contentEncoding: 'aes128gcm',
    topic: message.topic,
  });
  const body = Buffer.from(request.body);
  const headers = Object.fromEntries(
    Object.entries(request.headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
  headers['Content-Length'] = String(body.length);
  const url = new URL(target.endpoint);
  let answer: { status: number; retryAfter: string | undefined };
  try {
    const resolved = await withDeadline(resolveEndpoint(url, policy), timeoutMs);
    if (resolved.kind === 'blocked') return resolved;
    answer = await post(url, { address: resolved.address, family: resolved.family }, headers, body, timeoutMs);
  } catch (error) {
    return { kind: 'retry', status: undefined, reason: failureReason(error), retryAfterSeconds: undefined };
  }
  const { status } = answer;
  if (status >= 200 && status < 300) return { kind: 'sent', status };
  if (status === 404 || status === 410) return { kind: 'gone', status };
  if (status === 429 || status >= 500) return { kind: 'retry', status, reason: `HTTP ${status}`, retryAfterSeconds: retryAfterSeconds(answer.retryAfter ?? null) };
  return { kind: 'rejected', status };
}

// Kept-alive connections: each was opened to an address checked when it was opened.
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

class TimeoutError extends Error {
  override name = 'TimeoutError';
}

function withDeadline<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError('timeout')), timeoutMs);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** POSTs to `url` connecting to `pinned` only (TLS still checks the certificate against the host name). */
function post(
  url: URL,
  pinned: { address: string; family: 4 | 6 },
  headers: Record<string, string>,
  body: Buffer,
  timeoutMs: number,
): Promise<{ status: number; retryAfter: string | undefined }> {
  const pinnedLookup = ((_hostname, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  }) as LookupFunction;
  const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
  return new Promise((resolve, reject) => {
    const request = (protocol === 'https:' ? https : http).request(url, { method: 'POST', headers, agent: agents[protocol], lookup: pinnedLookup }, (response) => {
      // Only the status and Retry-After matter; the rest of the answer is drained unread.
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'] }));
      response.on('error', reject);
    });
    const timer = setTimeout(() => request.destroy(new TimeoutError('timeout')), timeoutMs);
    request.on('close', () => clearTimeout(timer));
    request.on('error', reject);
    request.end(body);
  });
}

/** 'timeout', or the system error code (ECONNREFUSED, ENOTFOUND…): never a message that may quote the URL. */
function failureReason(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'timeout';
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : 'network error';
}
