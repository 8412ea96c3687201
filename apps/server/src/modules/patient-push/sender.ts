import type { MessageLanguage, PatientPushKind } from '@caredesk/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { patientPushOutbox, patientPushSubscriptions } from '../../db/schema/index.js';
import { createOutboxWorker, type OutboxWorker } from '../../lib/outbox-worker.js';
import type { PushEndpointPolicy } from '../../lib/push/endpoints.js';
import { endpointHost, sendWebPush, type PushOutcome } from '../../lib/push/send.js';
import { pushRetryDelaySeconds, type PushSenderOptions } from '../../lib/push/sender.js';
import type { VapidDetails } from '../../lib/push/vapid.js';
import { visitTable, type VisitKind } from './owe.js';
import { patientPushPayload, type PatientPushFacts } from './render.js';

/**
 * 'You are next' an hour late is wrong news: a push service keeps it for a phone that is off for
 * half an hour at most.
 */
export const PATIENT_PUSH_TTL_SECONDS = 30 * 60;

interface ClaimedPush {
  id: string;
  attempts: number;
  kind: PatientPushKind;
  visit_kind: VisitKind;
  visit_id: string;
  subscription_id: string;
  account_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: MessageLanguage;
}

interface VisitRow {
  status: string;
  token_number: number;
  token_prefix: string | null;
  room: string | null;
  organisation_name: string;
  /** The subscription's account still carries the visit's patient's phone. */
  own: boolean;
}

const defaults = {
  concurrency: 10,
  sendTimeoutMs: 10_000,
  leaseSeconds: 60,
  maxAttempts: 5,
  retryBaseSeconds: 30,
  retryMaxSeconds: 10 * 60,
  pollIntervalMs: 30_000,
} satisfies Required<PushSenderOptions>;

/** The visit statuses a push still fits: waiting for 'next', being seen for 'called'. */
const fitting: Record<PatientPushKind, readonly string[]> = {
  next: ['CHECKED_IN'],
  called: ['IN_CONSULTATION', 'IN_PROGRESS'],
};

/**
 * The per-process sender of the patient push outbox, on lib/outbox-worker like the staff's
 * (lib/push/sender.ts): claimed with FOR UPDATE SKIP LOCKED and a lease, so one process sends
 * each push; encrypted and sent by sendWebPush, which checks the endpoint policy again. What it
 * says is read at send time, and a push the visit has outgrown (called before 'you are next'
 * went out, the phone changed at the desk) is dropped.
 */
export function createPatientPushSender(db: Db, vapid: VapidDetails, endpoints: PushEndpointPolicy, log: FastifyBaseLogger, options: PushSenderOptions = {}): OutboxWorker {
  const settings = { ...defaults, ...options };

  async function claim(limit: number): Promise<ClaimedPush[]> {
    const result = await db.execute(sql`
      with due as (
        select id from patient_push_outbox where done_at is null and next_attempt_at <= now()
        order by next_attempt_at limit ${limit} for update skip locked
      ), claimed as (
        update patient_push_outbox o set attempts = o.attempts + 1, next_attempt_at = now() + make_interval(secs => ${settings.leaseSeconds})
        from due where o.id = due.id
        returning o.id, o.attempts, o.kind, o.visit_kind, o.visit_id, o.subscription_id
      )
      select c.id, c.attempts, c.kind::text as kind, c.visit_kind, c.visit_id, c.subscription_id,
             s.account_id, s.endpoint, s.p256dh, s.auth, s.language::text as language
      from claimed c join patient_push_subscriptions s on s.id = c.subscription_id`);
    return rowsOf<ClaimedPush>(result);
  }

  async function factsOf(push: ClaimedPush): Promise<(PatientPushFacts & { status: string; own: boolean }) | undefined> {
    const [owners, ownerColumn] = push.visit_kind === 'appointment' ? ['doctors', 'doctor_id'] : ['services', 'service_id'];
    const result = await db.execute(sql`
      select v.status::text as status, v.token_number, w.token_prefix, w.room, o.name as organisation_name,
             exists (select 1 from patient_accounts a where a.id = ${push.account_id} and a.phone = '+' || p.phone_digits) as own
      from ${visitTable(push.visit_kind)} v
      join organisations o on o.id = v.organisation_id
      join patients p on p.id = v.patient_id
      join ${sql.identifier(owners)} w on w.id = v.${sql.identifier(ownerColumn)}
      where v.id = ${push.visit_id}`);
    const [row] = rowsOf<VisitRow>(result);
    if (!row) return undefined;
    return { status: row.status, own: row.own, organisationName: row.organisation_name, tokenNumber: row.token_number, tokenPrefix: row.token_prefix, room: row.room };
  }

  // The row stays, done: its unique key keeps the push from being owed again by the next queue move.
  const done = (push: ClaimedPush, outcome: string) =>
    db
      .update(patientPushOutbox)
      .set({ doneAt: sql`now()`, outcome })
      .where(eq(patientPushOutbox.id, push.id));

  async function failed(push: ClaimedPush): Promise<void> {
    await db
      .update(patientPushSubscriptions)
      .set({ failureCount: sql`${patientPushSubscriptions.failureCount} + 1` })
      .where(eq(patientPushSubscriptions.id, push.subscription_id));
  }

  async function record(push: ClaimedPush, outcome: PushOutcome): Promise<void> {
    const where = { pushHost: endpointHost(push.endpoint), pushId: push.id, attempt: push.attempts };
    switch (outcome.kind) {
      case 'sent':
        await done(push, 'sent');
        await db
          .update(patientPushSubscriptions)
          .set({ lastSuccessAt: sql`now()`, failureCount: 0 })
          .where(eq(patientPushSubscriptions.id, push.subscription_id));
        return;
      case 'gone':
        // Its pushes go with it (cascade). The endpoint check keeps a browser that saved a fresh endpoint meanwhile.
        await db.delete(patientPushSubscriptions).where(and(eq(patientPushSubscriptions.id, push.subscription_id), eq(patientPushSubscriptions.endpoint, push.endpoint)));
        log.info({ ...where, status: outcome.status }, 'patient push subscription expired; removed');
        return;
      case 'rejected':
        await done(push, 'rejected');
        await failed(push);
        log.warn({ ...where, status: outcome.status }, 'patient push refused by the push service; not retried');
        return;
      case 'blocked':
        await done(push, 'blocked');
        await failed(push);
        log.warn({ ...where, reason: outcome.reason }, 'patient push not sent: the endpoint is not an allowed public push service');
        return;
      case 'retry': {
        if (push.attempts >= settings.maxAttempts) {
          await done(push, 'gave-up');
          await failed(push);
          log.warn({ ...where, status: outcome.status, reason: outcome.reason }, 'patient push failed; giving up');
          return;
        }
        const delay = pushRetryDelaySeconds(push.attempts, outcome.retryAfterSeconds, settings);
        await db
          .update(patientPushOutbox)
          .set({ nextAttemptAt: sql`now() + make_interval(secs => ${delay})` })
          .where(eq(patientPushOutbox.id, push.id));
        await failed(push);
        log.warn({ ...where, status: outcome.status, reason: outcome.reason, retryInSeconds: delay }, 'patient push failed; will retry');
        return;
      }
    }
  }

  async function deliver(push: ClaimedPush): Promise<void> {
    // Past maxAttempts only when the processes that claimed it died mid-send each time.
    if (push.attempts > settings.maxAttempts) {
      await done(push, 'gave-up');
      return;
    }
    const facts = await factsOf(push);
    if (!facts?.own || !fitting[push.kind].includes(facts.status)) {
      await done(push, 'outgrown');
      return;
    }
    const payload = patientPushPayload(push.kind, push.visit_id, facts, push.language);
    // Per visit: 'it's your turn' replaces a 'you are next' still undelivered at the push service.
    const outcome = await sendWebPush(push, { payload, topic: push.visit_id.replaceAll('-', ''), ttlSeconds: PATIENT_PUSH_TTL_SECONDS }, vapid, settings.sendTimeoutMs, endpoints);
    await record(push, outcome);
  }

  return createOutboxWorker<ClaimedPush>({
    name: 'patient-push',
    claim,
    deliver,
    describe: (push) => ({ pushHost: endpointHost(push.endpoint), pushId: push.id }),
    concurrency: settings.concurrency,
    pollIntervalMs: settings.pollIntervalMs,
    // No live event wakes it: the process that owed a push wakes its own sender, and any other
    // finds what is left (retries, a dead process's claims) by the poll.
    log,
  });
}
