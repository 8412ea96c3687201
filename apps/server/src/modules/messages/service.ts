import {
  messageChannelLabels,
  messageEventLabels,
  messageStatusLabels,
  WAITLIST_HOLD_MINUTES,
  type ConfigurableMessageEvent,
  type MessageListQuery,
  type MessageLogItem,
  type MessageLanguage,
} from '@caredesk/shared';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { messages, organisations, patients } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { inBatches, rupees, type CsvColumn } from '../../lib/csv.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { offsetOf } from '../../lib/list-query.js';
import { maskPhone } from '../../lib/sms/index.js';
import { renderMessage } from './render.js';
import { owe } from './schedule.js';
import { withTimelineEntry } from './timeline.js';

const itemColumns = {
  id: messages.id,
  patientId: messages.patientId,
  patientName: patients.name,
  visitId: messages.visitId,
  visitKind: messages.visitKind,
  event: messages.event,
  offsetMinutes: messages.offsetMinutes,
  channel: messages.channel,
  status: messages.status,
  language: messages.language,
  toPhone: messages.toPhone,
  text: messages.text,
  dueAt: messages.dueAt,
  sentAt: messages.sentAt,
  costPaise: messages.costPaise,
  failureReason: messages.failureReason,
  attempts: messages.attempts,
  timeline: messages.timeline,
  createdAt: messages.createdAt,
};
type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

/** The full number never leaves the server in the log: `to` is masked. */
function toItem(row: ItemRow): MessageLogItem {
  const { toPhone, ...rest } = row;
  return {
    ...rest,
    event: row.event as MessageLogItem['event'],
    to: maskPhone(toPhone),
    dueAt: row.dueAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function matching(caller: StaffContext, query: Omit<MessageListQuery, 'page' | 'pageSize'>): SQL {
  const conditions: SQL[] = [eq(messages.organisationId, caller.organisationId)];
  if (query.patientId) conditions.push(eq(messages.patientId, query.patientId));
  if (query.visitId) conditions.push(eq(messages.visitId, query.visitId));
  if (query.event) conditions.push(eq(messages.event, query.event));
  if (query.channel) conditions.push(eq(messages.channel, query.channel));
  if (query.status) conditions.push(eq(messages.status, query.status));
  return and(...conditions)!;
}

function selectItems(db: Db) {
  return db.select(itemColumns).from(messages).leftJoin(patients, eq(patients.id, messages.patientId));
}

/** GET /api/messages: the organisation's message log, newest first. */
export async function listMessages(db: Db, caller: StaffContext, query: MessageListQuery) {
  const where = matching(caller, query);
  const [rows, totals] = await Promise.all([
    selectItems(db).where(where).orderBy(desc(messages.createdAt), desc(messages.id)).limit(query.pageSize).offset(offsetOf(query)),
    db.select({ n: count() }).from(messages).where(where),
  ]);
  return { data: rows.map((row) => toItem(row)), total: totals[0]?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

export async function getMessage(db: Db, caller: StaffContext, id: string): Promise<MessageLogItem> {
  const [row] = await selectItems(db).where(and(eq(messages.id, id), eq(messages.organisationId, caller.organisationId)));
  if (!row) throw new NotFoundError('Message not found');
  return toItem(row);
}

export async function* exportMessages(db: Db, caller: StaffContext, query: Omit<MessageListQuery, 'page' | 'pageSize'>): AsyncGenerator<MessageLogItem[]> {
  const where = matching(caller, query);
  yield* inBatches(async (offset, limit) =>
    (await selectItems(db).where(where).orderBy(desc(messages.createdAt), desc(messages.id)).limit(limit).offset(offset)).map((row) => toItem(row)),
  );
}

export const messageCsvColumns: CsvColumn<MessageLogItem>[] = [
  { header: 'Created', value: (m) => m.createdAt },
  { header: 'Due', value: (m) => m.dueAt },
  { header: 'Sent', value: (m) => m.sentAt },
  { header: 'Patient', value: (m) => m.patientName },
  { header: 'To', value: (m) => m.to },
  { header: 'Event', value: (m) => messageEventLabels[m.event] },
  { header: 'Channel', value: (m) => messageChannelLabels[m.channel] },
  { header: 'Status', value: (m) => messageStatusLabels[m.status] },
  { header: 'Reason', value: (m) => m.failureReason },
  { header: 'Cost (₹)', value: (m) => rupees(m.costPaise) },
  { header: 'Attempts', value: (m) => m.attempts },
  { header: 'Text', value: (m) => m.text },
];

/**
 * POST /api/messages/{id}/retry: a failed or skipped message is owed again, now. Its charge was
 * refunded (or never made), so it is charged again when it goes; the timeline keeps its history.
 */
export async function retryMessage(db: Db, caller: StaffContext, id: string): Promise<MessageLogItem> {
  const now = new Date();
  const [row] = await db
    .update(messages)
    .set({
      status: 'SCHEDULED',
      attempts: 0,
      nextAttemptAt: now,
      chargedAt: null,
      failureReason: null,
      timeline: withTimelineEntry('SCHEDULED', now, 'Retried from the console'),
      updatedAt: now,
    })
    .where(and(eq(messages.id, id), eq(messages.organisationId, caller.organisationId), inArray(messages.status, ['FAILED', 'SKIPPED'])))
    .returning({ id: messages.id });
  if (!row) {
    await getMessage(db, caller, id);
    throw new ConflictError('Only a failed or unsent message can be retried');
  }
  return getMessage(db, caller, id);
}

/** POST /api/messages/test: the admin's own phone gets the test text on one channel. */
export async function sendTestMessage(db: Db, caller: StaffContext, input: { channel: 'WHATSAPP' | 'SMS'; phone: string }): Promise<MessageLogItem> {
  const now = new Date();
  const [id] = await owe(
    db,
    {
      organisationId: caller.organisationId,
      patientId: null,
      subject: `test:${crypto.randomUUID()}`,
      event: 'test',
      dueAt: now,
      toPhone: input.phone,
      createdByStaffId: caller.id,
    },
    [input.channel],
    now,
  );
  return getMessage(db, caller, id!);
}

/** The preview's sample patient, room, reason and chat message, in the language being previewed. */
const previewSamples: Record<MessageLanguage, { patient: string; room: string; cancelReason: string; chatText: string }> = {
  en: { patient: 'Sunita Sharma', room: 'Room 4', cancelReason: 'the doctor is on leave', chatText: 'Your report will be ready tomorrow morning.' },
  hi: { patient: 'सुनीता शर्मा', room: 'कक्ष 4', cancelReason: 'डॉक्टर छुट्टी पर हैं', chatText: 'आपकी रिपोर्ट कल सुबह तैयार होगी।' },
  kn: { patient: 'ಸುನೀತಾ ಶರ್ಮಾ', room: 'ಕೊಠಡಿ 4', cancelReason: 'ವೈದ್ಯರು ರಜೆಯಲ್ಲಿದ್ದಾರೆ', chatText: 'ನಿಮ್ಮ ರಿಪೋರ್ಟ್ ನಾಳೆ ಬೆಳಿಗ್ಗೆ ಸಿದ್ಧವಾಗುತ್ತದೆ.' },
  ta: { patient: 'சுனிதா சர்மா', room: 'அறை 4', cancelReason: 'மருத்துவர் விடுப்பில் இருக்கிறார்', chatText: 'உங்கள் ரிப்போர்ட் நாளை காலை தயாராகும்.' },
};

/** POST /api/messages/preview: the template with sample values, as a patient would read it. */
export async function previewMessage(
  db: Db,
  caller: StaffContext,
  input: { event: ConfigurableMessageEvent; language: MessageLanguage; template: string },
): Promise<{ text: string }> {
  const [org] = await db
    .select({ name: organisations.name, address: organisations.address, city: organisations.city, timeZone: organisations.timeZone })
    .from(organisations)
    .where(eq(organisations.id, caller.organisationId));
  const slotAt = new Date(Date.now() + 24 * 3600_000);
  const sample = previewSamples[input.language];
  const { text } = renderMessage({
    event: input.event,
    language: input.language,
    template: input.template,
    timeZone: org!.timeZone,
    patientName: sample.patient,
    organisation: org!,
    visit: {
      status: 'BOOKED',
      awaitingConfirmation: false,
      slotAt,
      date: '',
      startTime: '',
      tokenNumber: 7,
      tokenPrefix: 'A',
      ownerName: 'Dr Asha Rao',
      room: sample.room,
      facilityName: null,
      facilityAddress: null,
      cancelReason: sample.cancelReason,
      checkedInAt: null,
      calledAt: null,
      reportUploadId: null,
    },
    reportLink: 'https://care.example.in/api/uploads/private/…',
    context: { ahead: 2 },
    chatText: sample.chatText,
    // A whole hold left, as when the offer has just been made.
    waitlist:
      input.event === 'waitlist-offer'
        ? { ownerName: 'Dr Asha Rao', facilityName: null, facilityAddress: null, slotAt, minutesLeft: WAITLIST_HOLD_MINUTES, link: 'https://care.example.in/p/waitlist' }
        : undefined,
  });
  return { text };
}
