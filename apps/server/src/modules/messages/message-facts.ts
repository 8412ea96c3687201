import type { MessageEvent, MessageLanguage } from '@caredesk/shared';
import { and, eq, gt } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { chatMessages, organisations, patients, whatsappContacts, type MessageContext } from '../../db/schema/index.js';
import { PATIENT_APP_PREFIX } from '../../lib/web-console.js';
import { moneyDocumentLink, moneyFacts, type MoneyDocumentKind } from '../billing/index.js';
import { whatsappStatus } from '../plans/index.js';
import { privateFileLink } from '../uploads/index.js';
import type { WaitlistOfferText } from './render.js';
import { loadMessageSettings, type EffectiveMessageSettings } from './settings.js';
import { visitFacts, type VisitFacts } from './visit-facts.js';
import { waitlistOfferFacts, type WaitlistOfferFacts } from './waitlist-facts.js';

/** How long the link in 'your report is ready' opens the report: a week to get to it. */
export const REPORT_LINK_TTL_SECONDS = 7 * 24 * 3600;

/** How long a sender trusts what it read of an organisation. */
const ORGANISATION_CONTEXT_TTL_MS = 2000;

/** What an outbox row says a message is about: the rest of it is the sender's. */
export interface MessageSubject {
  organisation_id: string;
  patient_id: string | null;
  visit_kind: 'appointment' | 'booking' | null;
  visit_id: string | null;
  event: MessageEvent;
  context: MessageContext;
}

export interface OrganisationContext {
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

interface MoneyDocument {
  kind: MoneyDocumentKind;
  id: string;
}

/**
 * Everything the sender decides on, read fresh when a message is claimed: consent, settings, the
 * visit, the receipt and the waitlist offer may all have changed since the message was owed.
 */
export interface MessageFacts {
  organisation: OrganisationContext;
  patient: PatientRow | undefined;
  visit: VisitFacts | undefined;
  /** The receipt or credit note a message about money tells of, and what it says (undefined once it is gone). */
  moneyDocument: MoneyDocument | undefined;
  money: Awaited<ReturnType<typeof moneyFacts>>;
  /** The waitlist entry an offer message tells of, as it stands now. */
  offer: WaitlistOfferFacts | undefined;
  /** The chat message a chat-reply forwards. */
  chat: { readAt: Date | null; text: string } | undefined;
}

/** What a message that goes says beyond its facts; the links are signed only for a message that goes. */
export interface MessageContent {
  chatText: string | undefined;
  reportLink: string | undefined;
  money: { amountPaise: number; number: string; link: string | undefined } | undefined;
  waitlist: WaitlistOfferText | undefined;
}

export interface MessageFactsReader {
  /** The message's facts; undefined once its organisation is gone. */
  read(message: MessageSubject): Promise<MessageFacts | undefined>;
  content(message: MessageSubject, facts: MessageFacts, now: Date): Promise<MessageContent>;
  /** Whether the patient wrote to this WhatsApp number in the last 24 hours: free text may go, not only a template. */
  insideCustomerWindow(organisationId: string, phone: string, now: Date): Promise<boolean>;
}

/** What messages to patients read of the rest of the product, for one sender (its organisations cached briefly). */
export function createMessageFacts(deps: { db: Db; config: Config }): MessageFactsReader {
  const { db, config } = deps;

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

  async function read(message: MessageSubject): Promise<MessageFacts | undefined> {
    const moneyDocument = moneyDocumentOf(message.context);
    const { chatMessageId, waitlistEntryId } = message.context;
    const [organisation, [patient], visit, money, offer, [chat]] = await Promise.all([
      organisationContext(message.organisation_id),
      message.patient_id
        ? db
            .select({ name: patients.name, phone: patients.phone, messageConsent: patients.messageConsent, messageLanguage: patients.messageLanguage })
            .from(patients)
            .where(eq(patients.id, message.patient_id))
        : Promise.resolve([]),
      message.visit_kind && message.visit_id ? visitFacts(db, message.visit_kind, message.visit_id) : Promise.resolve(undefined),
      moneyDocument ? moneyFacts(db, moneyDocument.kind, moneyDocument.id) : Promise.resolve(undefined),
      waitlistEntryId ? waitlistOfferFacts(db, waitlistEntryId) : Promise.resolve(undefined),
      message.event === 'chat-reply' && chatMessageId
        ? db.select({ readAt: chatMessages.readAt, text: chatMessages.text }).from(chatMessages).where(eq(chatMessages.id, chatMessageId))
        : Promise.resolve([]),
    ]);
    if (!organisation) return undefined;
    return { organisation, patient, visit, moneyDocument, money, offer, chat };
  }

  async function content(message: MessageSubject, facts: MessageFacts, now: Date): Promise<MessageContent> {
    const { visit, moneyDocument, money, offer } = facts;
    const reportLink = message.event === 'report-ready' && config.PUBLIC_URL ? await reportLinkOf(visit?.reportUploadId ?? null, config.PUBLIC_URL) : undefined;
    const moneyLink =
      moneyDocument && config.PUBLIC_URL ? new URL(await moneyDocumentLink(db, moneyDocument.kind, moneyDocument.id, now), config.PUBLIC_URL).toString() : undefined;
    return {
      chatText: facts.chat?.text,
      reportLink,
      money: money ? { amountPaise: money.amountPaise, number: money.number, link: moneyLink } : undefined,
      waitlist: offer && waitlistText(offer, now),
    };
  }

  /**
   * Where 'your report is ready' sends the patient: a signed link to the report itself, or for a
   * package (each test has its own report) the app's visits, which open each one.
   */
  async function reportLinkOf(reportUploadId: string | null, publicUrl: string): Promise<string> {
    if (!reportUploadId) return new URL(`${PATIENT_APP_PREFIX}visits`, publicUrl).toString();
    return new URL((await privateFileLink(db, reportUploadId, REPORT_LINK_TTL_SECONDS)).url, publicUrl).toString();
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

  async function insideCustomerWindow(organisationId: string, phone: string, now: Date): Promise<boolean> {
    const contacts = await db
      .select({ at: whatsappContacts.lastInboundAt })
      .from(whatsappContacts)
      .where(
        and(eq(whatsappContacts.organisationId, organisationId), eq(whatsappContacts.phone, phone), gt(whatsappContacts.lastInboundAt, new Date(now.getTime() - 24 * 3600_000))),
      );
    return contacts.length > 0;
  }

  return { read, content, insideCustomerWindow };
}

function moneyDocumentOf(context: MessageContext): MoneyDocument | undefined {
  if (context.paymentId) return { kind: 'receipt', id: context.paymentId };
  if (context.creditNoteId) return { kind: 'credit-note', id: context.creditNoteId };
  return undefined;
}
