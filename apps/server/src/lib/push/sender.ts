import type { NotificationType } from '@caredesk/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { pushOutbox, pushSubscriptions, type NotificationDetails } from '../../db/schema/index.js';
import type { EventBus } from '../events/bus.js';
import { createOutboxWorker, type OutboxWorker } from '../outbox-worker.js';
import type { PushEndpointPolicy } from './endpoints.js';
import { endpointHost, pushPayloadOf, sendPush, type PushOutcome } from './send.js';
import type { VapidDetails } from './vapid.js';

export interface PushSenderOptions {
  /** Sends in flight at once, per process. */
  concurrency?: number;
  /** A send still unanswered after this is abandoned and retried. */
  sendTimeoutMs?: number;
  /**
   * How long a claimed push belongs to its process. Past it (the process died mid-send) any
   * process may claim it again, so it must exceed the send timeout.
   */
  leaseSeconds?: number;
  /** Sends of one push before it is given up. */
  maxAttempts?: number;
  /** Wait before the first retry; doubles with every further one. */
  retryBaseSeconds?: number;
  /** Longest wait between tries (also caps a push service's Retry-After). */
  retryMaxSeconds?: number;
  /** How often due pushes are looked for without a wake-up: retries, and a dead process's claims. */
  pollIntervalMs?: number;
}

/** wake (on every notification.created), drain (tests), stop (app close): lib/outbox-worker.ts. */
export type PushSender = OutboxWorker;

/**
 * Seconds before the next try of a push tried `attempts` times: the base doubling with every try,
 * or the push service's Retry-After when longer, both capped at retryMaxSeconds.
 */
export function pushRetryDelaySeconds(
  attempts: number,
  retryAfterSeconds: number | undefined,
  settings: Pick<Required<PushSenderOptions>, 'retryBaseSeconds' | 'retryMaxSeconds'>,
): number {
  const backoff = Math.min(settings.retryBaseSeconds * 2 ** (attempts - 1), settings.retryMaxSeconds);
  return Math.min(Math.max(backoff, retryAfterSeconds ?? 0), settings.retryMaxSeconds);
}

interface ClaimedPush {
  id: string;
  attempts: number;
  subscription_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  deliverable: boolean;
  notification_id: string;
  type: NotificationType;
  title: string;
  message: string;
  details: NotificationDetails;
}

const defaults = {
  concurrency: 10,
  sendTimeoutMs: 10_000,
  leaseSeconds: 60,
  maxAttempts: 5,
  retryBaseSeconds: 30,
  retryMaxSeconds: 60 * 60,
  pollIntervalMs: 30_000,
} satisfies Required<PushSenderOptions>;

/**
 * The per-process sender of the push outbox (design.md §7). Requests only write outbox rows (in
 * the transaction of their notifications) and never wait for a push service. Every process runs
 * one sender, woken by notification.created from the event bus (which reaches all processes) and
 * by a slow poll; a push is claimed with FOR UPDATE SKIP LOCKED and a lease, so exactly one
 * process sends it, and a push a dead process had claimed is sent by another once the lease ends.
 */
export function createPushSender(
  db: Db,
  events: Pick<EventBus, 'subscribe' | 'onReconnect'>,
  vapid: VapidDetails,
  endpoints: PushEndpointPolicy,
  log: FastifyBaseLogger,
  options: PushSenderOptions = {},
): PushSender {
  const settings = { ...defaults, ...options };

  /** Claims up to `limit` due pushes, leasing them to this process; one statement, so one snapshot. */
  async function claim(limit: number): Promise<ClaimedPush[]> {
    const result = await db.execute(sql`
      with due as (
        select id from ${pushOutbox} where next_attempt_at <= now()
        order by next_attempt_at limit ${limit} for update skip locked
      ), claimed as (
        update ${pushOutbox} o set attempts = o.attempts + 1, next_attempt_at = now() + make_interval(secs => ${settings.leaseSeconds})
        from due where o.id = due.id
        returning o.id, o.attempts, o.notification_id, o.subscription_id
      )
      select c.id, c.attempts, c.subscription_id, s.endpoint, s.p256dh, s.auth,
             -- A browser another staff member signed in on since, or a deactivated recipient, gets nothing.
             (s.staff_id = n.recipient_staff_id and st.active) as deliverable,
             n.id as notification_id, n.type, n.title, n.message, n.details
      from claimed c
      join notifications n on n.id = c.notification_id
      join push_subscriptions s on s.id = c.subscription_id
      join staff st on st.id = n.recipient_staff_id`);
    return (result as unknown as { rows: ClaimedPush[] }).rows;
  }

  const done = (id: string) => db.delete(pushOutbox).where(eq(pushOutbox.id, id));

  async function failed(push: ClaimedPush): Promise<void> {
    await db
      .update(pushSubscriptions)
      .set({ failureCount: sql`${pushSubscriptions.failureCount} + 1` })
      .where(eq(pushSubscriptions.id, push.subscription_id));
  }

  async function record(push: ClaimedPush, outcome: PushOutcome): Promise<void> {
    const where = { pushHost: endpointHost(push.endpoint), notificationId: push.notification_id, attempt: push.attempts };
    switch (outcome.kind) {
      case 'sent':
        await done(push.id);
        await db
          .update(pushSubscriptions)
          .set({ lastSuccessAt: sql`now()`, failureCount: 0 })
          .where(eq(pushSubscriptions.id, push.subscription_id));
        return;
      case 'gone':
        // The endpoint check keeps a browser that saved a fresh endpoint meanwhile.
        await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, push.subscription_id), eq(pushSubscriptions.endpoint, push.endpoint)));
        log.info({ ...where, status: outcome.status }, 'push subscription expired; removed');
        return;
      case 'rejected':
        await done(push.id);
        await failed(push);
        log.warn({ ...where, status: outcome.status }, 'push refused by the push service; not retried');
        return;
      case 'blocked':
        await done(push.id);
        await failed(push);
        log.warn({ ...where, reason: outcome.reason }, 'push not sent: the endpoint is not an allowed public push service');
        return;
      case 'retry': {
        if (push.attempts >= settings.maxAttempts) {
          await done(push.id);
          await failed(push);
          log.warn({ ...where, status: outcome.status, reason: outcome.reason }, 'push failed; giving up');
          return;
        }
        const delay = pushRetryDelaySeconds(push.attempts, outcome.retryAfterSeconds, settings);
        await db
          .update(pushOutbox)
          .set({ nextAttemptAt: sql`now() + make_interval(secs => ${delay})` })
          .where(eq(pushOutbox.id, push.id));
        await failed(push);
        log.warn({ ...where, status: outcome.status, reason: outcome.reason, retryInSeconds: delay }, 'push failed; will retry');
        return;
      }
    }
  }

  async function deliver(push: ClaimedPush): Promise<void> {
    // Past maxAttempts only when the processes that claimed it died mid-send each time.
    if (!push.deliverable || push.attempts > settings.maxAttempts) {
      await done(push.id);
      return;
    }
    const outcome = await sendPush(push, pushPayloadOf({ ...push, id: push.notification_id }), vapid, settings.sendTimeoutMs, endpoints);
    await record(push, outcome);
  }

  // One notification.created per recipient: the worker turns a burst into one claim.
  return createOutboxWorker<ClaimedPush>({
    name: 'push',
    claim,
    deliver,
    describe: (push) => ({ pushHost: endpointHost(push.endpoint), notificationId: push.notification_id }),
    concurrency: settings.concurrency,
    pollIntervalMs: settings.pollIntervalMs,
    events,
    wakeOn: (type) => type === 'notification.created',
    log,
  });
}
