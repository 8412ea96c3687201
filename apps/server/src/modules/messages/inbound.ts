import { createHash } from 'node:crypto';
import { phoneDigits, searchKey, START_WORDS, STOP_WORDS } from '@caredesk/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conversations, messages, patients, whatsappContacts } from '../../db/schema/index.js';
import type { EventBus } from '../../lib/events/bus.js';
import type { DeliveryReport, InboundMessage } from '../../lib/messaging/index.js';
import { maskPhone } from '../../lib/sms/index.js';
import { receivePatientMessage } from '../chats/index.js';
import { applyDeliveryReport } from './delivery-reports.js';
import { organisationOfWhatsAppNumber } from './settings.js';

const normalised = (text: string) => text.trim().replace(/\s+/g, ' ').toUpperCase();
const isStop = (text: string) => (STOP_WORDS as readonly string[]).includes(normalised(text));
const isStart = (text: string) => (START_WORDS as readonly string[]).includes(normalised(text));

/** A stable UUID from the provider's message id: a webhook delivered twice writes one chat message. */
function clientIdOf(providerMessageId: string): string {
  const hex = createHash('sha256').update(`whatsapp:${providerMessageId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface ConsentChange {
  organisationId: string;
  patientId: string;
}

/**
 * STOP withdraws consent on every record of that phone (in one organisation for WhatsApp, whose
 * number names it; in all for SMS, whose long code is shared); START gives it back. Answers the
 * records changed, for the audit trail.
 */
export async function setConsentByPhone(db: Db, phone: string, organisationId: string | undefined, consent: boolean, by: string): Promise<ConsentChange[]> {
  return db
    .update(patients)
    .set({ messageConsent: consent, messageConsentAt: new Date(), messageConsentBy: by, updatedAt: new Date() })
    .where(and(eq(patients.phoneDigits, phoneDigits(phone)), organisationId ? eq(patients.organisationId, organisationId) : undefined, eq(patients.messageConsent, !consent)))
    .returning({ organisationId: patients.organisationId, patientId: patients.id });
}

/** The record a WhatsApp message from this phone belongs to: the one with the latest conversation, else the latest registered. */
async function patientOfPhone(db: Db, organisationId: string, phone: string): Promise<{ id: string; organisationId: string } | undefined> {
  const [row] = await db
    .select({ id: patients.id, organisationId: patients.organisationId })
    .from(patients)
    .leftJoin(conversations, eq(conversations.patientId, patients.id))
    .where(and(eq(patients.organisationId, organisationId), eq(patients.phoneDigits, phoneDigits(phone))))
    .orderBy(sql`${conversations.lastMessageAt} desc nulls last`, desc(patients.createdAt))
    .limit(1);
  return row;
}

/**
 * A phone no record has: the desk still gets the message, in a conversation with a provisional
 * record named as WhatsApp shows the sender, marked for the desk to complete. Consent to
 * business messages is not implied by writing to us; the desk asks.
 */
async function registerFromWhatsApp(db: Db, organisationId: string, inbound: InboundMessage): Promise<{ id: string; organisationId: string }> {
  const profile =
    inbound.profileName
      ?.replace(/[\p{Cc}\p{Cf}]/gu, '')
      .trim()
      .slice(0, 120) ?? '';
  const name = profile.length >= 2 ? profile : `WhatsApp ${maskPhone(inbound.from)}`;
  const [created] = await db
    .insert(patients)
    .values({
      organisationId,
      name,
      nameKey: searchKey(name),
      phone: inbound.from,
      phoneDigits: phoneDigits(inbound.from),
      gender: 'OTHER',
      notes: 'Registered from a WhatsApp message: confirm the name, gender and date of birth.',
    })
    .returning({ id: patients.id, organisationId: patients.organisationId });
  return created!;
}

export type InboundOutcome =
  | { kind: 'chat'; patientId: string; organisationId: string; created: boolean; registered: boolean }
  | { kind: 'consent'; changes: ConsentChange[] }
  | { kind: 'ignored'; reason: string };

/** A patient's WhatsApp message: STOP/START, else a chat message in the organisation its number belongs to. */
export async function receiveWhatsApp(db: Db, events: EventBus, inbound: InboundMessage): Promise<InboundOutcome> {
  const organisationId = await organisationOfWhatsAppNumber(db, inbound.recipientId);
  if (!organisationId) return { kind: 'ignored', reason: 'no organisation has this WhatsApp number' };
  // The 24-hour customer-service window opens (or stays open) with every message the patient sends.
  await db
    .insert(whatsappContacts)
    .values({ organisationId, phone: inbound.from, lastInboundAt: inbound.at })
    .onConflictDoUpdate({
      target: [whatsappContacts.organisationId, whatsappContacts.phone],
      set: { lastInboundAt: sql`greatest(${whatsappContacts.lastInboundAt}, excluded.last_inbound_at)` },
    });
  if (isStop(inbound.text)) return { kind: 'consent', changes: await setConsentByPhone(db, inbound.from, organisationId, false, 'Patient: STOP by WhatsApp') };
  if (isStart(inbound.text)) return { kind: 'consent', changes: await setConsentByPhone(db, inbound.from, organisationId, true, 'Patient: START by WhatsApp') };
  const known = await patientOfPhone(db, organisationId, inbound.from);
  const patient = known ?? (await registerFromWhatsApp(db, organisationId, inbound));
  const { created } = await receivePatientMessage(db, patient, { text: inbound.text.slice(0, 4000), clientId: clientIdOf(inbound.providerMessageId) }, { events });
  return { kind: 'chat', organisationId: patient.organisationId, patientId: patient.id, created, registered: !known };
}

/** An SMS to our long code: only STOP and START mean anything. */
export async function receiveSms(db: Db, inbound: InboundMessage): Promise<InboundOutcome> {
  if (isStop(inbound.text)) return { kind: 'consent', changes: await setConsentByPhone(db, inbound.from, undefined, false, 'Patient: STOP by SMS') };
  if (isStart(inbound.text)) return { kind: 'consent', changes: await setConsentByPhone(db, inbound.from, undefined, true, 'Patient: START by SMS') };
  return { kind: 'ignored', reason: 'not a STOP or START' };
}

/**
 * A delivery report: by the provider's id; a WhatsApp report for a send whose answer never came
 * back (a timeout after Meta took it) names our id in biz_opaque_callback_data, which ties it.
 * Answers the organisation of the message it moved, if any.
 */
export async function receiveReport(db: Db, provider: string, report: DeliveryReport & { messageId?: string | undefined }): Promise<string | undefined> {
  const matched = await applyDeliveryReport(db, provider, report);
  if (matched) return matched;
  if (!report.messageId || !/^[0-9a-f-]{36}$/.test(report.messageId)) return undefined;
  const [adopted] = await db
    .update(messages)
    // A send still waiting for its retry went through after all: it is sent, and is not sent again.
    .set({
      provider,
      providerMessageId: report.providerMessageId,
      status: sql`case when ${messages.status} = 'SENDING' then 'SENT'::message_status else ${messages.status} end`,
      sentAt: report.at,
    })
    .where(and(eq(messages.id, report.messageId), sql`${messages.providerMessageId} is null`))
    .returning({ id: messages.id });
  return adopted ? applyDeliveryReport(db, provider, report) : undefined;
}
