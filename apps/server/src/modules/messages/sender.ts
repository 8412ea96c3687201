import { messageChannelLabels, messageEventLabels, type MessageChannel, type MessageEvent, type MessageLanguage } from '@caredesk/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config, MessageChannelProviders } from '../../config.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { chatMessages, messages, organisations, patients, whatsappContacts, type MessageContext } from '../../db/schema/index.js';
import type { EventBus } from '../../lib/events/bus.js';
import type { ChannelAdapter, SendOutcome } from '../../lib/messaging/index.js';
import { createOutboxWorker, type OutboxWorker } from '../../lib/outbox-worker.js';
import { PATIENT_APP_PREFIX } from '../../lib/web-console.js';
import { moneyDocumentLink, moneyFacts } from '../billing/index.js';
import { privateFileLink } from '../uploads/index.js';
import { quietUntil } from './quiet-hours.js';
import { applyDeliveryReport } from './delivery-reports.js';
import type { MessageChanges } from './live.js';
import { renderMessage, type WaitlistOfferText } from './render.js';
import { withTimelineEntry } from './timeline.js';
import { visitFacts, type VisitFacts } from './visit-facts.js';
import { waitlistOfferFacts, waitlistOfferGone, type WaitlistOfferFacts } from './waitlist-facts.js';
import { whatsappStatus } from '../plans/index.js';
import { loadMessageSettings, templateOf, type EffectiveMessageSettings } from './settings.js';
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

/**
 * Where 'your report is ready' sends the patient: a signed link to the report itself, or for a
 * package (each test has its own report) the app's visits, which open each one.
 */
async function reportLinkOf(db: Db, reportUploadId: string | null, publicUrl: string): Promise<string> {
  if (!reportUploadId) return new URL(`${PATIENT_APP_PREFIX}visits`, publicUrl).toString();
  return new URL((await privateFileLink(db, reportUploadId, REPORT_LINK_TTL_SECONDS)).url, publicUrl).toString();
}

/** How long the link in 'your report is ready' opens the report: a week to get to it. */
export const REPORT_LINK_TTL_SECONDS = 7 * 24 * 3600;

interface ClaimedMessage {
  id: string;
  organisation_id: string;
  patient_id: string | null;
  visit_kind: 'appointment' | 'booking' | null;
  visit_id: string | null;
  event: MessageEvent;
  offset_minutes: number;
  channel: MessageChannel;
  dedupe_key: string;
  to_phone: string;
  context: MessageContext;
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
  const { db, config, adapters, log } = deps;
  const settings = { ...defaults, ...options };
  const { charge, refund } = messageCharges(deps);

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

  /** Whether a message is still owed, and may go now. Read fresh: consent, settings and the visit may have changed since it was owed. */
  async function decide(
    message: ClaimedMessage,
    { org, settings: orgSettings, addon }: OrganisationContext,
    patient: PatientRow | undefined,
    visit: VisitFacts | undefined,
    now: Date,
  ): Promise<Decision> {
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
      const [chat] = await db.select({ readAt: chatMessages.readAt }).from(chatMessages).where(eq(chatMessages.id, message.context.chatMessageId));
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

  /**
   * The organisation's row, message settings and add-on, read once for a burst of its messages
   * (a morning's reminders) rather than once each: a change in Settings applies within seconds.
   */
  const organisations_ = new Map<string, { until: number; context: Promise<OrganisationContext | undefined> }>();
  function organisationContext(organisationId: string): Promise<OrganisationContext | undefined> {
    const cached = organisations_.get(organisationId);
    if (cached && cached.until > Date.now()) return cached.context;
    const context = Promise.all([
      db
        .select({ name: organisations.name, address: organisations.address, city: organisations.city, timeZone: organisations.timeZone })
        .from(organisations)
        .where(eq(organisations.id, organisationId)),
      loadMessageSettings(db, organisationId),
      whatsappStatus(db, organisationId).then((status) => status.isActive),
    ]).then(([[org], orgSettings, addon]) => (org ? { org, settings: orgSettings, addon } : undefined));
    organisations_.set(organisationId, { until: Date.now() + ORGANISATION_CONTEXT_TTL_MS, context });
    // A failed read is not kept.
    context.catch(() => organisations_.delete(organisationId));
    if (organisations_.size > 1000) organisations_.delete(organisations_.keys().next().value!);
    return context;
  }

  async function deliver(message: ClaimedMessage): Promise<void> {
    const now = new Date();
    const [context, [patient], visit] = await Promise.all([
      organisationContext(message.organisation_id),
      message.patient_id
        ? db
            .select({ name: patients.name, phone: patients.phone, messageConsent: patients.messageConsent, messageLanguage: patients.messageLanguage })
            .from(patients)
            .where(eq(patients.id, message.patient_id))
        : Promise.resolve([]),
      message.visit_kind && message.visit_id ? visitFacts(db, message.visit_kind, message.visit_id) : Promise.resolve(undefined),
    ]);
    if (!context) return;
    const { org, settings: orgSettings } = context;
    // Past maxAttempts only when the processes that claimed it died mid-send each time.
    if (message.attempts > settings.maxAttempts) {
      await finish(message.id, 'FAILED', 'Interrupted too many times');
      return;
    }
    const moneyDocument = message.context.paymentId
      ? { kind: 'receipt' as const, id: message.context.paymentId }
      : message.context.creditNoteId
        ? { kind: 'credit-note' as const, id: message.context.creditNoteId }
        : undefined;
    const money = moneyDocument && (await moneyFacts(db, moneyDocument.kind, moneyDocument.id));
    if (moneyDocument && money?.organisationId !== message.organisation_id) return finish(message.id, 'CANCELLED', 'The receipt no longer exists');
    const waitlistEntryId = message.context.waitlistEntryId;
    const offer = waitlistEntryId ? await waitlistOfferFacts(db, waitlistEntryId) : undefined;
    // The offer as it stands now: taken, declined, lapsed, offered again or run out, it is not news.
    const offerGone = waitlistEntryId ? waitlistOfferGone(offer, message, waitlistEntryId, now) : undefined;
    if (offerGone) return finish(message.id, 'CANCELLED', offerGone);
    const decision = await decide(message, context, patient, visit, now);
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
    const language = patient?.messageLanguage ?? orgSettings.defaultLanguage;
    const chatText =
      message.event === 'chat-reply' && message.context.chatMessageId
        ? (await db.select({ text: chatMessages.text }).from(chatMessages).where(eq(chatMessages.id, message.context.chatMessageId)))[0]?.text
        : undefined;
    const reportLink = message.event === 'report-ready' && config.PUBLIC_URL ? await reportLinkOf(db, visit?.reportUploadId ?? null, config.PUBLIC_URL) : undefined;
    const moneyLink =
      moneyDocument && config.PUBLIC_URL ? new URL(await moneyDocumentLink(db, moneyDocument.kind, moneyDocument.id, now), config.PUBLIC_URL).toString() : undefined;
    const rendered = renderMessage({
      event: message.event,
      language,
      template: templateOf(orgSettings, message.event === 'test' ? 'test' : message.event, language),
      timeZone: org.timeZone,
      patientName: patient?.name ?? null,
      organisation: org,
      visit,
      context: message.context,
      chatText,
      reportLink,
      money: money ? { amountPaise: money.amountPaise, number: money.number, link: moneyLink } : undefined,
      waitlist: offer && waitlistText(offer, now),
    });
    const to = patient?.phone ?? message.to_phone;
    const written = { text: rendered.text, language, toPhone: to };
    if (!(await charge(message, written))) return finish(message.id, 'SKIPPED', 'The wallet balance is too low to pay for it', written);
    const insideCustomerWindow =
      message.channel === 'WHATSAPP' &&
      (
        await db
          .select({ at: whatsappContacts.lastInboundAt })
          .from(whatsappContacts)
          .where(
            and(
              eq(whatsappContacts.organisationId, message.organisation_id),
              eq(whatsappContacts.phone, to),
              gt(whatsappContacts.lastInboundAt, new Date(now.getTime() - 24 * 3600_000)),
            ),
          )
      ).length > 0;
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

  /** What a waitlist offer's text says: the held place, the whole minutes left of its hold (at least 1), the app's waitlist. */
  function waitlistText(offer: WaitlistOfferFacts, now: Date): WaitlistOfferText | undefined {
    if (!offer.slotAt || !offer.expiresAt) return undefined;
    return {
      ownerName: offer.ownerName,
      facilityName: offer.facilityName,
      facilityAddress: offer.facilityAddress,
      slotAt: offer.slotAt,
      minutesLeft: Math.max(1, Math.floor((offer.expiresAt.getTime() - now.getTime()) / 60_000)),
      link: config.PUBLIC_URL ? new URL(`${PATIENT_APP_PREFIX}waitlist`, config.PUBLIC_URL).toString() : undefined,
    };
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

/** How long a sender trusts what it read of an organisation. */
const ORGANISATION_CONTEXT_TTL_MS = 2000;

interface OrganisationContext {
  org: OrganisationRow;
  settings: EffectiveMessageSettings;
  addon: boolean;
}

interface OrganisationRow {
  name: string;
  address: string | null;
  city: string | null;
  timeZone: string;
}
interface PatientRow {
  name: string;
  phone: string;
  messageConsent: boolean;
  messageLanguage: MessageLanguage | null;
}
