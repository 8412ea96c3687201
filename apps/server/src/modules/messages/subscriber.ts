import type { MessageChannel, MessageEvent } from '@caredesk/shared';
import type { MessageChannelProviders } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { getQueue } from '../token-queue/index.js';
import type { VisitLifecycleEvent, VisitSubscriber } from '../visits/index.js';
import { cancelWaiting, channelsFor, owe as oweMessage, oweAll, remindersOf, type OwedMessage } from './schedule.js';
import { loadMessageSettings, type MessageSettingsCache } from './settings.js';
import { visitFacts } from './visit-facts.js';

export interface MessageSubscriberDeps {
  db: Db;
  providers: MessageChannelProviders;
  /** Wakes this process's sender once owed messages are committed. */
  wake: () => void;
  /** The organisations' settings remembered (createPatientMessages); read every time without. */
  settings?: MessageSettingsCache | undefined;
}

/** The steps whose transaction owed at least one message: only these wake the sender after commit. */
const owedMessages = new WeakSet<VisitLifecycleEvent>();

/** The messages a visit's step owes the patient, written in the step's own transaction. */
async function oweForStep(tx: Tx, deps: MessageSubscriberDeps, event: VisitLifecycleEvent): Promise<void> {
  // The queue moved: 'you are next' is worked out after commit (oweNext).
  if (event.type === 'checked-in' || event.type === 'completed') return;
  const now = new Date();
  const settings = await (deps.settings?.read(tx, event.organisationId) ?? loadMessageSettings(tx, event.organisationId));
  const channels = (name: Exclude<MessageEvent, 'test'>): MessageChannel[] => channelsFor(settings, deps.providers, name);
  // A step that only owes messages, on channels all off, has nothing to write: no need to read its
  // visit (for a booking, a statement fewer under the owner's lock).
  const owes: Partial<Record<VisitLifecycleEvent['type'], Exclude<MessageEvent, 'test'>[]>> = {
    booked: ['booked', 'reminder'],
    confirmed: ['booked', 'reminder'],
    'report-ready': ['report-ready'],
  };
  if (owes[event.type]?.every((name) => channels(name).length === 0)) return;
  const visit = await visitFacts(tx, event.kind, event.visitId);
  if (!visit) return;
  const base = {
    organisationId: event.organisationId,
    patientId: visit.patientId,
    visit: { kind: event.kind, id: event.visitId },
    toPhone: visit.phone,
    createdByStaffId: event.actorStaffId,
  };
  const slot = visit.slotAt.toISOString();
  const reminders = () =>
    remindersOf(settings, visit.slotAt, now).map((reminder) => ({
      message: { ...base, event: 'reminder' as const, offsetMinutes: reminder.offsetMinutes, version: slot, dueAt: reminder.dueAt },
      channels: channels('reminder'),
    }));
  const owe = async (message: OwedMessage, on: readonly MessageChannel[], also: ReturnType<typeof reminders> = []) => {
    // The step's messages in one statement: its own and the visit's reminders.
    if ((await oweAll(tx, [{ message, channels: on }, ...also], now)).length > 0) owedMessages.add(event);
  };
  switch (event.type) {
    case 'booked':
    case 'confirmed':
      // A visit awaiting the desk's confirmation is not yet promised: its confirmation and reminders
      // are owed when the desk confirms it, under the same dedupe keys, so never twice.
      if (visit.awaitingConfirmation) return;
      await owe({ ...base, event: 'booked', dueAt: now }, channels('booked'), reminders());
      return;
    case 'rescheduled':
      await cancelWaiting(tx, event.organisationId, event.visitId, ['reminder', 'next'], 'The visit moved', now);
      await owe({ ...base, event: 'rescheduled', version: slot, dueAt: now }, channels('rescheduled'), visit.awaitingConfirmation ? [] : reminders());
      return;
    case 'cancelled':
      await cancelWaiting(tx, event.organisationId, event.visitId, ['booked', 'reminder', 'rescheduled', 'next', 'serving'], 'The visit was cancelled', now);
      await owe({ ...base, event: 'cancelled', dueAt: now }, channels('cancelled'));
      return;
    case 'called':
      await cancelWaiting(tx, event.organisationId, event.visitId, ['next', 'reminder'], 'The patient was called in', now);
      await owe({ ...base, event: 'serving', dueAt: now }, channels('serving'));
      return;
    case 'report-ready':
      await owe({ ...base, event: 'report-ready', dueAt: now }, channels('report-ready'));
      return;
  }
}

/**
 * 'You are next': after the queue moves (a call, a check-in, a visit done), the first
 * nextAheadCount waiting patients are told, each once. Read after commit, from the queue as the
 * display shows it; a step whose after-commit work is lost (the process died) is made good by
 * the queue's next move, which looks at the same window again.
 */
async function oweNext(deps: MessageSubscriberDeps, event: VisitLifecycleEvent): Promise<void> {
  const now = new Date();
  const settings = await loadMessageSettings(deps.db, event.organisationId);
  const channels = channelsFor(settings, deps.providers, 'next');
  if (channels.length === 0) return;
  const queue = await getQueue(deps.db, event.organisationId, event.kind === 'appointment' ? 'doctors' : 'services', event.ownerId, now);
  const window = queue.waiting.slice(0, settings.nextAheadCount);
  let owed = 0;
  for (const [index, entry] of window.entries()) {
    const visit = await visitFacts(deps.db, event.kind, entry.visitId);
    if (!visit) continue;
    const ids = await oweMessage(
      deps.db,
      {
        organisationId: event.organisationId,
        patientId: visit.patientId,
        visit: { kind: event.kind, id: entry.visitId },
        event: 'next',
        dueAt: now,
        toPhone: visit.phone,
        // Patients before this one: the one being served, and those waiting ahead.
        context: { ahead: index + (queue.nowServing ? 1 : 0) },
      },
      channels,
      now,
    );
    owed += ids.length;
  }
  if (owed > 0) deps.wake();
}

export function messageSubscriber(deps: MessageSubscriberDeps): VisitSubscriber {
  return {
    name: 'messages',
    inTransaction: (tx, event) => oweForStep(tx, deps, event),
    async afterCommit(event) {
      if (event.type === 'called' || event.type === 'checked-in' || event.type === 'completed') await oweNext(deps, event);
      // A step that owed nothing (a booking on a server without channels) has nothing to send.
      if (owedMessages.has(event)) deps.wake();
    },
  };
}
