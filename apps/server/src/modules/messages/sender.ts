import { messageChannelLabels, messageEventLabels, type MessageChannel, type MessageEvent } from '@caredesk/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config, MessageChannelProviders } from '../../config.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { messages } from '../../db/schema/index.js';
import type { EventBus } from '../../lib/events/bus.js';
import type { ChannelAdapter, SendOutcome } from '../../lib/messaging/index.js';
import { createOutboxWorker, type OutboxWorker } from '../../lib/outbox-worker.js';
import { quietUntil } from './quiet-hours.js';
import { applyDeliveryReport } from './delivery-reports.js';
import type { MessageChanges } from './live.js';
import { createMessageFacts, type MessageFacts, type MessageSubject } from './message-facts.js';
import { renderMessage } from './render.js';
import { withTimelineEntry } from './timeline.js';
import { waitlistOfferGone } from './waitlist-facts.js';
import { templateOf } from './settings.js';
import { messageCharges } from './charges.js';

export interface MessageSenderOptions {
  concurrency?: number;
  /** How long a claimed message belongs to its process; past it (the process died) another claims it. */
  leaseSeconds?: number;
  maxAttempts?: number;
  retryBaseSeconds?: number;
  retryMaxSeconds?: number;
  pollIntervalMs?: number;
}

const defaults = {
  concurrency: 20,
  leaseSeconds: 60,
  maxAttempts: 6,
  retryBaseSeconds: 30,
  retryMaxSeconds: 60 * 60,
  pollIntervalMs: 15_000,
} satisfies Required<MessageSenderOptions>;

interface ClaimedMessage extends MessageSubject {
  id: string;
  offset_minutes: number;
  channel: MessageChannel;
  dedupe_key: string;
  to_phone: string;
  due_at: Date | string;
  attempts: number;
  charged_at: Date | string | null;
  cost_paise: number;
}

export interface MessageSenderDeps {
  db: Db;
  /** Every claimed message changes (at least to SENDING and back): the console is told. */
  changes: MessageChanges;
  config: Config;
  events: EventBus;
  adapters: Partial<Record<MessageChannel, ChannelAdapter>>;
  providers: MessageChannelProviders;
  log: FastifyBaseLogger;
}

/**
 * Queue calls are not held by quiet hours: the patient is in the waiting room now. Nor is a
 * waitlist offer: its place is held for minutes (WAITLIST_HOLD_MINUTES), so one held until quiet
 * hours end would tell of a hold already run out and a place already offered to the next patient.
 */
const NOT_QUIET: readonly MessageEvent[] = ['next', 'serving', 'waitlist-offer', 'test'];

type Decision = { kind: 'send' } | { kind: 'skip'; reason: string } | { kind: 'cancel'; reason: string } | { kind: 'hold'; until: Date; reason: string };

/**
 * The messages outbox's sender (design.md §10), one per process on lib/outbox-worker. A message
 * is claimed by one process at a time (FOR UPDATE SKIP LOCKED and a lease); it is charged to the
 * wallet once (chargedAt, and the ledger's unique message id) before it goes out, refunded if it
 * never does, and recorded with the provider's id so delivery reports find it.
 */
export function createMessageSender(deps: MessageSenderDeps, options: MessageSenderOptions = {}): OutboxWorker {
  const { db, adapters, log } = deps;
  const settings = { ...defaults, ...options };
  const { charge, refund } = messageCharges(deps);
  const reader = createMessageFacts(deps);

  async function claim(limit: number): Promise<ClaimedMessage[]> {
    const now = new Date();
    const leaseEnd = new Date(now.getTime() + settings.leaseSeconds * 1000);
    const result = await db.execute(sql`
      with due as (
        select id from ${messages}
        where status in ('SCHEDULED', 'SENDING') and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at limit ${limit} for update skip locked
      )
      update ${messages} m set status = 'SENDING', attempts = m.attempts + 1, next_attempt_at = ${leaseEnd.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
      from due where m.id = due.id
      returning m.id, m.organisation_id, m.patient_id, m.visit_kind, m.visit_id, m.event, m.offset_minutes, m.channel, m.dedupe_key, m.to_phone,
                m.context, m.due_at, m.attempts, m.charged_at, m.cost_paise`);
    return rowsOf<ClaimedMessage>(result);
  }

  async function finish(id: string, status: 'SENT' | 'FAILED' | 'SKIPPED' | 'CANCELLED', detail: string | null, set: Partial<typeof messages.$inferInsert> = {}): Promise<void> {
    const now = new Date();
    await db
      .update(messages)
      .set({
        status,
        failureReason: status === 'SENT' ? null : detail,
        timeline: withTimelineEntry(status, now, status === 'SENT' ? null : detail),
        updatedAt: now,
        ...set,
      })
      .where(eq(messages.id, id));
  }

  /** Whether a message is still owed, and may go now, on facts read fresh (message-facts.ts). */
  function decide(message: ClaimedMessage, { organisation, patient, visit, moneyDocument, money, offer, chat }: MessageFacts, now: Date): Decision {
    const { org, settings: orgSettings, addon } = organisation;
    if (moneyDocument && money?.organisationId !== message.organisation_id) return { kind: 'cancel', reason: 'The receipt no longer exists' };
    // The offer as it stands now: taken, declined, lapsed, offered again or run out, it is not news.
    const offerGone = message.context.waitlistEntryId ? waitlistOfferGone(offer, message, message.context.waitlistEntryId, now) : undefined;
    if (offerGone) return { kind: 'cancel', reason: offerGone };
    if (message.visit_id) {
      if (!visit) return { kind: 'cancel', reason: 'The visit no longer exists' };
      const cancelled = visit.status === 'CANCELLED';
      if (message.event !== 'cancelled' && cancelled) return { kind: 'cancel', reason: 'The visit was cancelled' };
      if (message.event === 'reminder') {
        if (visit.checkedInAt || visit.status !== 'BOOKED') return { kind: 'cancel', reason: 'The patient has already arrived' };
        if (!message.dedupe_key.includes(`:${visit.slotAt.toISOString()}:`)) return { kind: 'cancel', reason: 'The visit moved' };
        if (visit.slotAt.getTime() <= now.getTime()) return { kind: 'cancel', reason: 'The visit time has passed' };
      }
      if (message.event === 'next' && (visit.calledAt || visit.status !== 'CHECKED_IN')) return { kind: 'cancel', reason: 'The patient has already been called' };
    }
    if (message.event === 'chat-reply' && message.context.chatMessageId) {
      if (!chat) return { kind: 'cancel', reason: 'The chat message was deleted' };
      if (chat.readAt) return { kind: 'cancel', reason: 'The patient read it in the app' };
    }
    if (message.event !== 'test') {
      if (!patient) return { kind: 'cancel', reason: 'The patient record no longer exists' };
      if (!patient.messageConsent) return { kind: 'skip', reason: 'The patient has not agreed to messages' };
      if (!orgSettings.events[message.event].WHATSAPP && message.channel === 'WHATSAPP') return { kind: 'skip', reason: 'Turned off in Settings → Messages' };
      if (!orgSettings.events[message.event].SMS && message.channel === 'SMS') return { kind: 'skip', reason: 'Turned off in Settings → Messages' };
    }
    const provider = deps.providers[message.channel];
    if (!provider || !adapters[message.channel]) return { kind: 'skip', reason: `${messageChannelLabels[message.channel]} is not set up on this server` };
    if (message.channel === 'WHATSAPP' && !addon) return { kind: 'skip', reason: 'The WhatsApp add-on is not active (Plan)' };
    if (message.channel === 'SMS' && provider === 'msg91' && message.event !== 'test' && !orgSettings.smsTemplateIds[message.event])
      return { kind: 'skip', reason: `No DLT template id for '${messageEventLabels[message.event]}' (Settings → Messages)` };
    if (!NOT_QUIET.includes(message.event) && orgSettings.quietHours) {
      const until = quietUntil(orgSettings.quietHours, org.timeZone, now);
      if (until) {
        if (message.event === 'reminder' && visit && until.getTime() >= visit.slotAt.getTime()) return { kind: 'skip', reason: 'Quiet hours last until the visit' };
        return { kind: 'hold', until, reason: `Held for quiet hours until ${orgSettings.quietHours.end}` };
      }
    }
    return { kind: 'send' };
  }

  async function record(message: ClaimedMessage, outcome: SendOutcome): Promise<void> {
    const now = new Date();
    switch (outcome.kind) {
      case 'accepted': {
        const provider = deps.providers[message.channel]!;
        await finish(message.id, 'SENT', null, { provider, providerMessageId: outcome.providerMessageId, sentAt: now });
        // The log provider delivers at once: the demo's log shows the whole life of a message.
        if (provider === 'log') await applyDeliveryReport(db, provider, { providerMessageId: outcome.providerMessageId, status: 'DELIVERED', at: now });
        return;
      }
      case 'rejected':
        await finish(message.id, 'FAILED', outcome.reason);
        await refund(message);
        return;
      case 'retry': {
        if (message.attempts >= settings.maxAttempts) {
          await finish(message.id, 'FAILED', `Gave up after ${message.attempts} attempts: ${outcome.reason}`);
          await refund(message);
          return;
        }
        const backoff = Math.min(settings.retryBaseSeconds * 2 ** (message.attempts - 1), settings.retryMaxSeconds);
        const delay = Math.min(Math.max(backoff, outcome.retryAfterSeconds ?? 0), settings.retryMaxSeconds);
        await db
          .update(messages)
          .set({
            nextAttemptAt: new Date(now.getTime() + delay * 1000),
            failureReason: outcome.reason,
            timeline: withTimelineEntry('SENDING', now, `Retry in ${delay} s: ${outcome.reason}`),
            updatedAt: now,
          })
          .where(eq(messages.id, message.id));
        return;
      }
    }
  }

  async function deliver(message: ClaimedMessage): Promise<void> {
    const now = new Date();
    const facts = await reader.read(message);
    if (!facts) return;
    const { org, settings: orgSettings } = facts.organisation;
    // Past maxAttempts only when the processes that claimed it died mid-send each time.
    if (message.attempts > settings.maxAttempts) {
      await finish(message.id, 'FAILED', 'Interrupted too many times');
      return;
    }
    const decision = decide(message, facts, now);
    if (decision.kind === 'skip') return finish(message.id, 'SKIPPED', decision.reason);
    if (decision.kind === 'cancel') return finish(message.id, 'CANCELLED', decision.reason);
    if (decision.kind === 'hold') {
      await db
        .update(messages)
        .set({
          status: 'SCHEDULED',
          attempts: sql`${messages.attempts} - 1`,
          nextAttemptAt: decision.until,
          timeline: withTimelineEntry('SCHEDULED', now, decision.reason),
          updatedAt: now,
        })
        .where(eq(messages.id, message.id));
      return;
    }
    const { patient, visit } = facts;
    const language = patient?.messageLanguage ?? orgSettings.defaultLanguage;
    const rendered = renderMessage({
      event: message.event,
      language,
      template: templateOf(orgSettings, message.event === 'test' ? 'test' : message.event, language),
      timeZone: org.timeZone,
      patientName: patient?.name ?? null,
      organisation: org,
      visit,
      context: message.context,
      ...(await reader.content(message, facts, now)),
    });
    const to = patient?.phone ?? message.to_phone;
    const written = { text: rendered.text, language, toPhone: to };
    if (!(await charge(message, written))) return finish(message.id, 'SKIPPED', 'The wallet balance is too low to pay for it', written);
    const insideCustomerWindow = message.channel === 'WHATSAPP' && (await reader.insideCustomerWindow(message.organisation_id, to, now));
    const templateName = message.channel === 'WHATSAPP' ? rendered.template.name : message.event === 'test' ? '' : (orgSettings.smsTemplateIds[message.event] ?? '');
    const outcome = await adapters[message.channel]!.send({
      id: message.id,
      to,
      text: rendered.text,
      template: { name: templateName, language, variables: rendered.template.variables },
      insideCustomerWindow,
      senderId: orgSettings.whatsappPhoneNumberId ?? undefined,
    });
    await record(message, outcome);
  }

  return createOutboxWorker<ClaimedMessage>({
    name: 'messages',
    claim,
    deliver: (message) => deliver(message).finally(() => deps.changes.changed(message.organisation_id)),
    describe: (message) => ({ messageId: message.id, channel: message.channel, event: message.event }),
    concurrency: settings.concurrency,
    pollIntervalMs: settings.pollIntervalMs,
    // Whoever owes a message wakes this process's sender (MessagesService.owed); the others find it by the poll.
    log,
  });
}
