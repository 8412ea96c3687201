import type { Db, Tx } from '../../db/client.js';
import type { Announcer } from './notify-staff.js';

/**
 * 'booked' is raised for every new visit, awaiting the desk's confirmation or not; 'confirmed' when
 * the desk confirms one that was awaiting it (or checks the patient in, just before 'checked-in').
 */
export const visitLifecycleEvents = ['booked', 'confirmed', 'rescheduled', 'cancelled', 'checked-in', 'called', 'completed', 'report-ready'] as const;
export type VisitLifecycleEventType = (typeof visitLifecycleEvents)[number];

/** One step of one visit's life, with the ids a subscriber needs to read the rest itself. */
export interface VisitLifecycleEvent {
  type: VisitLifecycleEventType;
  kind: 'appointment' | 'booking';
  visitId: string;
  organisationId: string;
  /** The doctor (appointments) or scan/test (bookings). */
  ownerId: string;
  patientId: string;
  /** The visit's date after the change. */
  date: string;
  /** The staff member who made the change; null for the patient in the app. */
  actorStaffId: string | null;
  /** A reschedule's: the owner and day the visit left, where its place is free again (the waitlist offers it). */
  left?: { ownerId: string; date: string } | undefined;
}

/**
 * Where later features (messages to the patient, billing) hang off the visit's life, in one place.
 * `inTransaction` runs inside the write's transaction: whatever it writes commits with the visit,
 * and if it throws, the visit change is rolled back (a bill that must exist for every completed
 * visit). `afterCommit` runs once the change is durable and never for a rolled-back one; it
 * cannot undo the change, so its errors are logged, not thrown (a message that fails to queue
 * must not fail the booking the desk already saw succeed).
 */
export interface VisitSubscriber {
  name: string;
  events?: readonly VisitLifecycleEventType[];
  inTransaction?: (tx: Tx, event: VisitLifecycleEvent) => Promise<void>;
  afterCommit?: (event: VisitLifecycleEvent) => Promise<void>;
}

export interface VisitLifecycle {
  subscribe(subscriber: VisitSubscriber): void;
  /** @internal The engine's side: run the in-transaction subscribers of one event. */
  runInTransaction(tx: Tx, event: VisitLifecycleEvent): Promise<void>;
  /** @internal The engine's side: run the after-commit subscribers of committed events. */
  runAfterCommit(events: readonly VisitLifecycleEvent[]): Promise<void>;
}

function wants(subscriber: VisitSubscriber, event: VisitLifecycleEvent): boolean {
  return !subscriber.events || subscriber.events.includes(event.type);
}

/** `log` is the app's logger (app.log), whose err serializer keeps error messages out of the log. */
export function createVisitLifecycle(log: { error: (details: object, message: string) => void }): VisitLifecycle {
  const subscribers: VisitSubscriber[] = [];
  return {
    subscribe(subscriber) {
      subscribers.push(subscriber);
    },
    async runInTransaction(tx, event) {
      for (const subscriber of subscribers) {
        if (subscriber.inTransaction && wants(subscriber, event)) await subscriber.inTransaction(tx, event);
      }
    },
    async runAfterCommit(events) {
      for (const event of events) {
        for (const subscriber of subscribers) {
          if (!subscriber.afterCommit || !wants(subscriber, event)) continue;
          try {
            await subscriber.afterCommit(event);
          } catch (error) {
            // Only the subscriber and event type: the event's ids are patient data's keys. The error
            // goes through the logger's err serializer (class, SQLSTATE, frames; never a message).
            log.error({ subscriber: subscriber.name, event: event.type, err: error }, 'visit lifecycle subscriber failed after commit');
          }
        }
      }
    },
  };
}

/** Live updates (design.md §6), lifecycle subscribers and the clock, injectable for tests. */
export interface WriteOptions {
  events?: Announcer | undefined;
  lifecycle?: VisitLifecycle | undefined;
  now?: Date;
}

/** A visit write in progress: its transaction, and how it reports the lifecycle events it causes. */
export interface VisitWrite {
  tx: Tx;
  options: WriteOptions;
  emit(event: VisitLifecycleEvent): Promise<void>;
}

/**
 * Runs a visit write in one transaction: every emitted event reaches the in-transaction
 * subscribers at once, and the after-commit ones only when the transaction has committed.
 */
export async function visitTransaction<T>(db: Db, options: WriteOptions, work: (write: VisitWrite) => Promise<T>): Promise<T> {
  const emitted: VisitLifecycleEvent[] = [];
  const result = await db.transaction(async (tx) =>
    work({
      tx,
      options,
      async emit(event) {
        await options.lifecycle?.runInTransaction(tx, event);
        emitted.push(event);
      },
    }),
  );
  if (emitted.length > 0) await options.lifecycle?.runAfterCommit(emitted);
  return result;
}
