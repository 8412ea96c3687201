import type { MessageChannel } from '@caredesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import { messageProvidersOf, type Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import type { EventBus } from '../../lib/events/bus.js';
import { createChannelAdapters, type ChannelAdapter } from '../../lib/messaging/index.js';
import type { OutboxWorker } from '../../lib/outbox-worker.js';
import type { VisitSubscriber } from '../visits/index.js';
import type { MoneyMoved } from '../billing/index.js';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.js';
import { channelsFor, owe } from './schedule.js';
import { waitlistOfferSubject } from './waitlist-facts.js';
import { createMessageChanges, type MessageChanges } from './live.js';
import { createMessageSender, type MessageSenderOptions } from './sender.js';
import { createMessageSettingsCache, loadMessageSettings } from './settings.js';
import { messageSubscriber } from './subscriber.js';

export { messageRoutes } from './routes.js';
export { messageWebhookRoutes } from './webhooks.js';
export type { InboundOutcome } from './inbound.js';
export type { MessageChanges } from './live.js';
export type { MessageSenderOptions } from './sender.js';
/** The organisation's message settings with defaults (the patient push reads nextAheadCount, to agree with 'you are next'). */
export { loadMessageSettings } from './settings.js';

/** A desk reply goes to WhatsApp only if the patient has not read it in the app by then. */
export const CHAT_REPLY_DELAY_MS = 2 * 60_000;

export interface PatientMessagesOptions extends MessageSenderOptions {
  /** Tests send through their fakes instead of the configured providers. */
  adapters?: Partial<Record<MessageChannel, ChannelAdapter>>;
}

export interface PatientMessages {
  /** This process's sender (drained by tests, stopped with the app). */
  sender: OutboxWorker;
  /** Tells open consoles their organisation's messages changed; stopped before the bus closes. */
  changes: MessageChanges;
  /** What the visit lifecycle owes the patient. */
  subscriber: VisitSubscriber;
  /** In the transaction of a staff chat message: the patient is owed a WhatsApp copy. */
  onStaffMessage: (tx: Tx, message: { organisationId: string; patientId: string; chatMessageId: string; staffId: string | null }) => Promise<void>;
  /** In the transaction that numbers a receipt or credit note: the patient is owed it, once. */
  onMoneyMoved: (tx: Tx, moved: MoneyMoved) => Promise<void>;
  /** In the transaction that offers a waitlist entry a freed place: the patient is owed word of it, once per offer. */
  onWaitlistOffer: (tx: Tx, offer: WaitlistOffered) => Promise<void>;
}

/** A waitlist entry just marked OFFERED; `offeredAt` is exactly the offered_at written to its row. */
export interface WaitlistOffered {
  organisationId: string;
  patientId: string;
  entryId: string;
  offeredAt: Date;
}

/** Messages to patients (design.md §10), put together once per process by buildApp. */
export function createPatientMessages(deps: { db: Db; config: Config; events: EventBus; log: FastifyBaseLogger }, options: PatientMessagesOptions = {}): PatientMessages {
  const { adapters: given, ...senderOptions } = options;
  const providers = messageProvidersOf(deps.config);
  const adapters = given ?? createChannelAdapters(deps.config, providers, deps.log);
  const changes = createMessageChanges(deps.events, deps.log);
  const sender = createMessageSender({ ...deps, adapters, providers, changes }, senderOptions);
  return {
    sender,
    changes,
    subscriber: messageSubscriber({ db: deps.db, providers, wake: sender.wake, settings: createMessageSettingsCache(deps.events) }),
    async onStaffMessage(tx, message) {
      const settings = await loadMessageSettings(tx, message.organisationId);
      const channels = channelsFor(settings, providers, 'chat-reply');
      if (channels.length === 0) return;
      const [patient] = await tx.execute<{ phone: string }>(sql`select phone from patients where id = ${message.patientId}`).then((result) => rowsOf<{ phone: string }>(result));
      if (!patient) return;
      const now = new Date();
      await owe(
        tx,
        {
          organisationId: message.organisationId,
          patientId: message.patientId,
          subject: `chat:${message.chatMessageId}`,
          event: 'chat-reply',
          dueAt: new Date(now.getTime() + CHAT_REPLY_DELAY_MS),
          toPhone: patient.phone,
          context: { chatMessageId: message.chatMessageId },
          createdByStaffId: message.staffId,
        },
        channels,
        now,
      );
      changes.changed(message.organisationId);
    },
    async onMoneyMoved(tx, moved) {
      const event = moved.kind === 'receipt' ? 'payment-received' : 'refund-issued';
      const settings = await loadMessageSettings(tx, moved.organisationId);
      const channels = channelsFor(settings, providers, event);
      if (channels.length === 0) return;
      const [patient] = await tx.execute<{ phone: string }>(sql`select phone from patients where id = ${moved.patientId}`).then((result) => rowsOf<{ phone: string }>(result));
      if (!patient) return;
      const now = new Date();
      // Keyed by the document: a retried request that found the money already taken, or a second
      // desk, writes another payment or nothing, never a second message about this one.
      await owe(
        tx,
        {
          organisationId: moved.organisationId,
          patientId: moved.patientId,
          subject: `${moved.kind}:${moved.id}`,
          event,
          dueAt: now,
          toPhone: patient.phone,
          context: moved.kind === 'receipt' ? { paymentId: moved.id } : { creditNoteId: moved.id },
          createdByStaffId: moved.staffId,
        },
        channels,
        now,
      );
      changes.changed(moved.organisationId);
    },
    async onWaitlistOffer(tx, offer) {
      const settings = await loadMessageSettings(tx, offer.organisationId);
      const channels = channelsFor(settings, providers, 'waitlist-offer');
      if (channels.length === 0) return;
      const [patient] = await tx
        .execute<{ phone: string }>(sql`select phone from patients where id = ${offer.patientId} and organisation_id = ${offer.organisationId}`)
        .then((result) => rowsOf<{ phone: string }>(result));
      if (!patient) return;
      const now = new Date();
      // Keyed by the offer: the entry and when it was offered. A retried offer owes nothing more; a
      // later offer of the same entry (a place freed again) is news of its own. The sender checks
      // the entry still holds this offer when it sends (sender.ts).
      await owe(
        tx,
        {
          organisationId: offer.organisationId,
          patientId: offer.patientId,
          subject: waitlistOfferSubject(offer.entryId, offer.offeredAt),
          event: 'waitlist-offer',
          dueAt: now,
          toPhone: patient.phone,
          context: { waitlistEntryId: offer.entryId },
        },
        channels,
        now,
      );
      // No wake-up here: the transaction is the caller's and has not committed, so the sender would
      // find nothing. The waitlist wakes it once the offer commits; else its next poll sends it.
      changes.changed(offer.organisationId);
    },
  };
}
