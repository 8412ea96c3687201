import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../lib/events/bus.js';
import { waitlistEntries } from '../../db/schema/index.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { bookVisitRecordIn, visitTransaction, type VisitActor, type VisitCreate, type VisitLifecycleEvent, type VisitSubscriber, type WriteOptions } from '../visits/index.js';
import { lockWaitlistDay, openDays, settleLockedDay, type OnOffer, type WaitlistDay } from './day.js';
import { assertOpen, closedWords, closeEntry, lockEntry } from './entries.js';

/** How often each process settles every open day: lapsed holds pass on, places a missed offer left free are offered. */
export const WAITLIST_SWEEP_MS = 60_000;

export interface WaitlistDeps {
  db: Db;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** In an offer's transaction: the patient is owed a message (modules/messages). */
  onOffer?: OnOffer | undefined;
  /** After an offer commits: the message sender looks for it at once. */
  wake?: (() => void) | undefined;
  /** Live events: the desk's panel and the patient's app follow each change of a line. */
  events?: Pick<EventBus, 'publishMany'> | undefined;
}

export interface Waitlist {
  /** Frees of the visit lifecycle (a cancellation, a visit moved away) offer the place. */
  subscriber: VisitSubscriber;
  /** Settles one day: lapses, offers. Answers how many offers it made. */
  settleDay(day: WaitlistDay, now?: Date): Promise<number>;
  /** Settles every open day (the periodic sweep; tests call it with a clock). */
  sweep(now?: Date): Promise<void>;
  /** Takes an open entry off the line, or declines its offer; a place it held goes to the next patient. */
  close(organisationId: string, id: string, status: 'LEFT' | 'DECLINED', scope?: SQL): Promise<void>;
  stop(): void;
}

/** The waitlist's life beside the visits': offers after frees, and a sweep that lets holds lapse. */
export function createWaitlist(deps: WaitlistDeps, options: { sweepIntervalMs?: number } = {}): Waitlist {
  const { db, log } = deps;
  const hooks = { onOffer: deps.onOffer, events: deps.events };

  async function settleDay(day: WaitlistDay, now = new Date()): Promise<number> {
    let offers: number;
    try {
      offers = await db.transaction(async (tx) => (await settleLockedDay(tx, await lockWaitlistDay(tx, day), day, now, hooks)).length);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      // The doctor, scan or test is gone: nobody will be offered its day.
      await db
        .update(waitlistEntries)
        .set({ status: 'LAPSED', closedAt: now })
        .where(and(eq(waitlistEntries.ownerId, day.ownerId), eq(waitlistEntries.date, day.date), inArray(waitlistEntries.status, ['WAITING', 'OFFERED'])));
      return 0;
    }
    if (offers > 0) deps.wake?.();
    return offers;
  }

  async function sweep(now = new Date()): Promise<void> {
    for (const day of await openDays(db, 1000)) {
      try {
        await settleDay(day, now);
      } catch (error) {
        // One day's failure does not hold up the others; the next sweep tries it again.
        log.error({ err: error }, 'waitlist: a day could not be settled');
      }
    }
  }

  const subscriber: VisitSubscriber = {
    name: 'waitlist',
    events: ['cancelled', 'rescheduled'],
    async afterCommit(event: VisitLifecycleEvent) {
      const freed = event.type === 'rescheduled' ? event.left : { ownerId: event.ownerId, date: event.date };
      if (!freed) return;
      const day: WaitlistDay = { organisationId: event.organisationId, kind: event.kind, ownerId: freed.ownerId, date: freed.date };
      // Most days have no line: no need to lock them.
      const [waiting] = await db
        .select({ id: waitlistEntries.id })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.ownerId, day.ownerId), eq(waitlistEntries.date, day.date), eq(waitlistEntries.status, 'WAITING')))
        .limit(1);
      if (waiting) await settleDay(day);
    },
  };

  const interval = options.sweepIntervalMs ?? WAITLIST_SWEEP_MS;
  const timer = interval > 0 ? setInterval(() => void sweep().catch((error: unknown) => log.error({ err: error }, 'waitlist: the sweep failed')), interval) : undefined;
  timer?.unref();

  async function close(organisationId: string, id: string, status: 'LEFT' | 'DECLINED', scope?: SQL): Promise<void> {
    await closeEntry(db, organisationId, id, status, { ...hooks, scope });
    deps.wake?.();
  }

  return { subscriber, settleDay, sweep, close, stop: () => clearInterval(timer) };
}

/**
 * Books the place an entry was offered, for its patient: the desk on their behalf, or the patient
 * in the app (`scope` keeps the app to the account's own patients). The hold ends and the visit
 * takes the place under the same lock, so nobody else can take it in between.
 */
export async function takeOffer(
  db: Db,
  actor: VisitActor,
  id: string,
  source: VisitCreate['source'],
  options: WriteOptions & { scope?: SQL | undefined },
): Promise<{ visitId: string }> {
  const now = options.now ?? new Date();
  return visitTransaction(db, options, async (write) => {
    const { tx } = write;
    const { locked, entry } = await lockEntry(tx, actor.organisationId, id, options.scope);
    assertOpen(entry);
    if (entry.status !== 'OFFERED' || !entry.offeredStart || !entry.offerExpiresAt) throw new ConflictError('No place has been offered yet: the patient is still waiting');
    if (entry.offerExpiresAt.getTime() <= now.getTime()) throw new ConflictError(closedWords.LAPSED);
    await tx.update(waitlistEntries).set({ status: 'BOOKED', closedAt: now }).where(eq(waitlistEntries.id, id));
    const { kind } = locked;
    const input = { [kind.keys.owner]: entry.ownerId, patientId: entry.patientId, date: entry.date, startTime: entry.offeredStart, source } as VisitCreate;
    const visit = await bookVisitRecordIn(write, kind, actor, input);
    await tx.update(waitlistEntries).set({ visitId: visit.id }).where(eq(waitlistEntries.id, id));
    return { visitId: visit.id };
  });
}
