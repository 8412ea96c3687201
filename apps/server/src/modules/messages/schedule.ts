import type { MessageChannel, MessageEvent } from '@caredesk/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { messages, type MessageContext } from '../../db/schema/index.js';
import type { MessageChannelProviders } from '../../config.js';
import type { EffectiveMessageSettings } from './settings.js';
import { timelineEntry, withTimelineEntry } from './timeline.js';

/** What one owed message needs at the time it is owed; the sender reads the rest when it sends. */
export interface OwedMessage {
  organisationId: string;
  patientId: string | null;
  visit?: { kind: 'appointment' | 'booking'; id: string } | undefined;
  /** What the message is about when it is not a visit: a chat message, a test. */
  subject?: string;
  event: MessageEvent;
  offsetMinutes?: number;
  /** Tells apart messages of one visit and event that are each owed: a reminder of another visit time. */
  version?: string;
  dueAt: Date;
  toPhone: string;
  context?: MessageContext;
  createdByStaffId?: string | null;
}

/**
 * Writes owed messages, one per channel, in the caller's transaction. The dedupe key makes each
 * owed once: a retried request, a second process handling the same event, or an event delivered
 * twice finds the row already there and adds nothing.
 */
export async function owe(tx: Db | Tx, message: OwedMessage, channels: readonly MessageChannel[], now: Date): Promise<string[]> {
  return oweAll(tx, [{ message, channels }], now);
}

/** owe() for several messages in one statement (a booking's confirmation and its reminders). */
export async function oweAll(tx: Db | Tx, owed: readonly { message: OwedMessage; channels: readonly MessageChannel[] }[], now: Date): Promise<string[]> {
  const rows = owed.flatMap(({ message, channels }) => {
    const subject = message.visit?.id ?? message.subject ?? crypto.randomUUID();
    return channels.map((channel) => ({
      organisationId: message.organisationId,
      patientId: message.patientId,
      visitKind: message.visit?.kind ?? null,
      visitId: message.visit?.id ?? null,
      event: message.event,
      offsetMinutes: message.offsetMinutes ?? 0,
      channel,
      dedupeKey: [subject, message.event, message.offsetMinutes ?? 0, message.version ?? '', channel].join(':'),
      toPhone: message.toPhone,
      context: message.context ?? {},
      dueAt: message.dueAt,
      nextAttemptAt: message.dueAt,
      timeline: [timelineEntry('SCHEDULED', now)],
      createdByStaffId: message.createdByStaffId ?? null,
    }));
  });
  if (rows.length === 0) return [];
  const inserted = await tx.insert(messages).values(rows).onConflictDoNothing().returning({ id: messages.id });
  return inserted.map((row) => row.id);
}

/** The channels an event goes out on: turned on by the organisation and sent by this server. */
export function channelsFor(settings: EffectiveMessageSettings, providers: MessageChannelProviders, event: Exclude<MessageEvent, 'test'>): MessageChannel[] {
  return (['WHATSAPP', 'SMS'] as const).filter((channel) => settings.events[event][channel] && providers[channel] !== null);
}

/** Messages still waiting for their time stop being owed: their visit moved or was cancelled. */
export async function cancelWaiting(tx: Db | Tx, organisationId: string, visitId: string, events: readonly MessageEvent[], reason: string, now: Date): Promise<void> {
  await tx
    .update(messages)
    .set({ status: 'CANCELLED', failureReason: reason, timeline: withTimelineEntry('CANCELLED', now, reason), updatedAt: now })
    .where(and(eq(messages.organisationId, organisationId), eq(messages.visitId, visitId), eq(messages.status, 'SCHEDULED'), inArray(messages.event, [...events])));
}

/** The reminders of a visit at its current time, those still ahead of now. */
export function remindersOf(settings: EffectiveMessageSettings, slotAt: Date, now: Date): { offsetMinutes: number; dueAt: Date }[] {
  return settings.reminderOffsetsMinutes
    .map((offsetMinutes) => ({ offsetMinutes, dueAt: new Date(slotAt.getTime() - offsetMinutes * 60_000) }))
    .filter((reminder) => reminder.dueAt.getTime() > now.getTime());
}
