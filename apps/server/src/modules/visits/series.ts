import { seriesDates, zonedNow, type Language, type SeriesEvery, type SeriesRefusalReason, type VisitSeries, type ZonedNow } from '@caredesk/shared';
import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { visitSeries } from '../../db/schema/index.js';
import { AppError, BadRequestError, ConflictError, errorMessageIn, NotFoundError } from '../../lib/errors.js';
import { text, translate, type MessageId, type Text } from '../../lib/i18n/index.js';
import { insertBooked, readBookingFacts, type BookedVisit, type VisitActor } from './book.js';
import { actOnVisit, rescheduleVisit } from './engine.js';
import type { VisitCreate, VisitKind, VisitOwner } from './kinds.js';
import { visitTransaction, type WriteOptions } from './lifecycle.js';
import { notifyStaff } from './notify-staff.js';
import { withDayChanges } from './day-changes.js';
import { lockDayOf, takePlace } from './owner-day.js';
import { bookableSlot, isPast, organisationZone, SLOT_FULL, slotTimesOn } from './slots.js';
import { fVisitDate, visitWhenIn } from './visit-dates.js';

/*
 * Recurring visits (issue 21). A series is booked in one transaction: each date in its own
 * savepoint, through the same rules as a single booking (the owner shared, the day's lock, the
 * slot's room, leave and working hours), so a full slot or a leave day is skipped and listed,
 * never fatal. Dates go in order, so two series over the same days take the days' locks in the
 * same order and wait for each other rather than deadlock. A whole-series cancel or move goes
 * visit by visit, each in its own transaction through the single-visit rules (as a list's bulk
 * cancel does), and answers which changed and which could not, and why.
 */

type Kind = VisitKind;
type SeriesRow = typeof visitSeries.$inferSelect;

export interface SeriesBooking {
  ownerId: string;
  patientId: string;
  startDate: string;
  startTime: string;
  every: SeriesEvery;
  count?: number | undefined;
  until?: string | undefined;
  reason?: string | null | undefined;
  notes?: string | null | undefined;
}

/** Why one date of a series was left out, in the reply's language. */
export interface SeriesRefusal {
  reason: SeriesRefusalReason;
  message: string;
}

export interface BookedSeries {
  series: SeriesRow;
  visits: BookedVisit[];
  skipped: (SeriesRefusal & { date: string })[];
}

type SeriesOptions = WriteOptions & { language: Language };

const SERIES_TITLE: Record<Kind['name'], MessageId> = { appointment: 'notifications.newAppointmentSeries', booking: 'notifications.newBookingSeries' };

type Refusal = { reason: SeriesRefusalReason; text: Text };

function onLeave(owner: VisitOwner, date: string): Refusal | null {
  return owner.schedule.leaveDates.includes(date) ? { reason: 'on-leave', text: text('series.onLeave', { ownerName: owner.name, date: fVisitDate(date) }) } : null;
}

/**
 * Why a date of a series takes no visit at its time before its slot's room is counted: leave, no
 * such slot that day (its weekday's hours, or the day's change in `owner`), a time gone.
 */
function refusalOn(owner: VisitOwner, date: string, startTime: string, now: ZonedNow): Refusal | null {
  const leave = onLeave(owner, date);
  if (leave) return leave;
  if (!slotTimesOn({ ...owner.schedule, leaveDates: [] }, date).some((slot) => slot.start === startTime)) {
    return { reason: 'not-working', text: text('visits.notASlot', { startTime, ownerName: owner.name, date: fVisitDate(date) }) };
  }
  if (isPast(date, startTime, now)) return { reason: 'past', text: text('visits.timePassed') };
  return null;
}

/** The few words a 409 gives for each reason no date of a series could be booked. */
function whyWords(language: Language, reason: SeriesRefusalReason, owner: VisitOwner, startTime: string): string {
  switch (reason) {
    case 'on-leave':
      return translate(language, 'series.why.onLeave', { ownerName: owner.name });
    case 'not-working':
      return translate(language, 'series.why.notWorking', { ownerName: owner.name, time: startTime });
    case 'slot-full':
      return translate(language, 'series.why.slotFull');
    case 'past':
      return translate(language, 'series.why.past');
    case 'other':
      return reason;
  }
}

/**
 * Books a series: the series row, then each of its dates that can be booked, in one transaction.
 * Answers the series, the visits booked and the dates skipped with why; when no date can be
 * booked, a 409 naming why, and nothing is written. The staff are told once, of the series.
 */
export async function bookSeries(db: Db, kind: Kind, actor: VisitActor, input: SeriesBooking, options: SeriesOptions): Promise<BookedSeries> {
  const dates = seriesDates(input);
  const now = options.now ?? new Date();
  const booked = await visitTransaction(db, options, async (write) => {
    const { tx } = write;
    const first: VisitCreate = { patientId: input.patientId, date: input.startDate, startTime: input.startTime, source: 'CONSOLE' };
    const facts = await readBookingFacts(tx, kind, actor, first, input.ownerId);
    const { owner, patient } = facts;
    if (!patient) throw new NotFoundError('Patient not found');
    // An inactive owner's refusal names it whatever the date.
    if (!owner.active) throw new ConflictError(kind.refusal(owner, input.startDate)!);
    const [series] = await tx
      .insert(visitSeries)
      .values({
        organisationId: actor.organisationId,
        kind: kind.name,
        ownerId: owner.id,
        patientId: patient.id,
        startDate: input.startDate,
        startTime: input.startTime,
        everyN: input.every.n,
        everyUnit: input.every.unit,
        count: input.count ?? null,
        until: input.until ?? null,
        createdBy: actor.staffId,
      })
      .returning();
    const zoned = zonedNow(facts.timeZone, now);
    const visits: BookedVisit[] = [];
    const skipped: BookedSeries['skipped'] = [];
    const skip = (date: string, reason: SeriesRefusalReason, message: Text) => skipped.push({ date, reason, message: translate(options.language, message.id, message.values) });
    for (const date of dates) {
      const leave = onLeave(owner, date);
      if (leave) {
        skip(date, leave.reason, leave.text);
        continue;
      }
      const create: VisitCreate = { ...first, date, reason: input.reason, notes: input.notes, seriesId: series!.id };
      try {
        // A savepoint: a date refused under its lock leaves the dates booked before it as they are.
        const outcome = await tx.transaction(async (savepoint): Promise<{ refused: Refusal } | { visit: BookedVisit }> => {
          // The day's lock reads the day's hours and cap (a doctor's day change): the date is checked against them.
          const dayOwner = await lockDayOf(savepoint, kind, owner, date);
          const refused = refusalOn(dayOwner, date, input.startTime, zoned);
          if (refused) return { refused };
          const slot = bookableSlot(dayOwner.schedule, owner.name, date, input.startTime, facts.timeZone, now);
          const place = await takePlace(savepoint, kind, dayOwner, date, slot.start, false);
          // No notification per visit: the staff hear of the series once, below.
          return { visit: await insertBooked({ ...write, tx: savepoint }, kind, actor, create, { ...facts, owner: dayOwner, patient, recipients: [] }, slot, place) };
        });
        if ('refused' in outcome) {
          skip(date, outcome.refused.reason, outcome.refused.text);
          continue;
        }
        const { visit } = outcome;
        visits.push(visit);
        await write.emit({
          type: 'booked',
          kind: kind.name,
          visitId: visit.id,
          organisationId: actor.organisationId,
          ownerId: owner.id,
          patientId: patient.id,
          date,
          actorStaffId: actor.staffId,
        });
      } catch (error) {
        if (!(error instanceof ConflictError && error.message === SLOT_FULL)) throw error;
        skip(date, 'slot-full', text('visits.slotFull'));
      }
    }
    const [firstVisit] = visits;
    if (!firstVisit) {
      const why = [...new Set(skipped.map((item) => item.reason))].map((reason) => whyWords(options.language, reason, owner, input.startTime));
      throw new ConflictError(text('series.nothingBooked', { why: why.join('; ') }));
    }
    await notifyStaff(tx, options.events, actor.organisationId, facts.recipients, {
      type: kind.notification.type,
      word: (language) => ({
        title: translate(language, SERIES_TITLE[kind.name]),
        message: translate(language, 'notifications.seriesBooked', {
          patient: patient.name,
          owner: owner.title,
          count: visits.length,
          when: visitWhenIn(language, firstVisit.date, firstVisit.startTime),
          unit: input.every.unit,
          n: input.every.n,
        }),
      }),
      details: {
        [kind.notification.visitIdKey]: firstVisit.id,
        patientId: patient.id,
        date: firstVisit.date,
        ...(actor.staffId ? { actorStaffId: actor.staffId } : {}),
        ...(owner.img ? { img: owner.img } : {}),
      },
    });
    return { series: series!, visits, skipped };
  });
  return booked;
}

/** A series as the API answers it (VisitSeries). */
export function seriesRecord(row: SeriesRow): VisitSeries {
  return {
    id: row.id,
    kind: row.kind,
    ownerId: row.ownerId,
    patientId: row.patientId,
    startDate: row.startDate,
    startTime: row.startTime,
    every: { n: row.everyN, unit: row.everyUnit },
    count: row.count,
    until: row.until,
    createdAt: row.createdAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

/** A series of the caller's organisation and of this kind; any other is "not found". */
export async function seriesRow(db: Db, kind: Kind, organisationId: string, id: string): Promise<SeriesRow> {
  const [row] = await db
    .select()
    .from(visitSeries)
    .where(and(eq(visitSeries.id, id), eq(visitSeries.organisationId, organisationId), eq(visitSeries.kind, kind.name)));
  if (!row) throw new NotFoundError(text('series.notFound'));
  return row;
}

/** The series' visits still booked and not yet begun (on the organisation's clock), by date. */
async function futureBooked(db: Db, kind: Kind, organisationId: string, seriesId: string, now: ZonedNow) {
  const { visits } = kind;
  const upcoming = or(gt(visits.date, now.date), and(eq(visits.date, now.date), sql`${visits.startTime} >= ${now.time}`));
  return db
    .select({ id: visits.id, ownerId: kind.visitOwnerId, date: visits.date, startTime: visits.startTime })
    .from(visits)
    .where(and(eq(visits.organisationId, organisationId), eq(visits.seriesId, seriesId), eq(visits.status, 'BOOKED' as never), upcoming))
    .orderBy(asc(visits.date), asc(visits.startTime));
}

/** The owner a series or a bulk reschedule moves visits to, as the booking engine reads it; another organisation's is "not found". */
export async function ownerOf(db: Db, kind: Kind, organisationId: string, id: string): Promise<VisitOwner> {
  const [row] = await db
    .select()
    .from(kind.owners)
    .where(and(eq(kind.owners.id, id), eq(kind.owners.organisationId, organisationId), kind.ownerScope));
  if (!row) throw new NotFoundError(kind.ownerNotFound);
  return kind.toOwner(row as never);
}

export interface SeriesChange {
  series: SeriesRow;
  changed: { id: string; date: string; startTime: string }[];
  refused: { id: string; date: string; startTime: string; reason: SeriesRefusalReason; message: string }[];
}

async function zonedNowOf(db: Db, organisationId: string, now: Date): Promise<ZonedNow> {
  return zonedNow((await organisationZone(db, organisationId)).timeZone, now);
}

/** A refusal the single-visit rules gave one visit of a whole-series action. */
function refusalOf(error: AppError, language: Language): SeriesRefusal {
  return { reason: error instanceof ConflictError && error.message === SLOT_FULL ? 'slot-full' : 'other', message: errorMessageIn(error, language) };
}

/**
 * Cancels the series as a whole: marked cancelled, and each of its visits still booked and not
 * yet begun cancelled with the reason, as a single cancel would (history, the patient's message).
 * Visits checked in, completed or past are left as they are.
 */
export async function cancelSeries(db: Db, kind: VisitKind<VisitCreate, 'cancel'>, actor: VisitActor, id: string, reason: string, options: SeriesOptions): Promise<SeriesChange> {
  const series = await seriesRow(db, kind, actor.organisationId, id);
  await db
    .update(visitSeries)
    .set({ cancelledAt: sql`coalesce(${visitSeries.cancelledAt}, now())` })
    .where(eq(visitSeries.id, series.id));
  const now = await zonedNowOf(db, actor.organisationId, options.now ?? new Date());
  const result: SeriesChange = { series, changed: [], refused: [] };
  for (const visit of await futureBooked(db, kind, actor.organisationId, series.id, now)) {
    const ref = { id: visit.id, date: visit.date, startTime: visit.startTime };
    try {
      await actOnVisit(db, kind, actor, visit.id, 'cancel', { reason }, { ...options, onlyFrom: ['BOOKED'] });
      result.changed.push(ref);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.refused.push({ ...ref, ...refusalOf(error, options.language) });
    }
  }
  return { ...result, series: await seriesRow(db, kind, actor.organisationId, series.id) };
}

export interface SeriesMove {
  startTime: string;
  /** Another doctor (or scan or test) of the same kind; the series' own when absent. */
  ownerId?: string | undefined;
  reason?: string | undefined;
}

/**
 * Moves the series' visits still booked and not yet begun to a new time of their own days (and/or
 * another owner), each through the reschedule rules; a visit that cannot move stays where it is,
 * named with why. The series takes the new time and owner once at least one visit moved.
 */
export async function rescheduleSeries(db: Db, kind: Kind, actor: VisitActor, id: string, move: SeriesMove, options: SeriesOptions): Promise<SeriesChange> {
  const series = await seriesRow(db, kind, actor.organisationId, id);
  if (series.cancelledAt) throw new ConflictError(text('series.cancelled'));
  const ownerId = move.ownerId ?? series.ownerId;
  if (ownerId === series.ownerId && move.startTime === series.startTime) {
    throw new BadRequestError('Choose a different time', [{ path: 'startTime', message: 'Choose a different time' }]);
  }
  const target = await ownerOf(db, kind, actor.organisationId, ownerId);
  if (!target.active) throw new ConflictError(kind.refusal(target, series.startDate)!);
  const now = await zonedNowOf(db, actor.organisationId, options.now ?? new Date());
  const result: SeriesChange = { series, changed: [], refused: [] };
  const ahead = await futureBooked(db, kind, actor.organisationId, series.id, now);
  // Its days' changes of hours, so a refusal says why; the move itself checks them under each day's lock.
  const owner = ahead.length > 0 ? await withDayChanges(db, kind, target, ahead[0]!.date, ahead.at(-1)!.date) : target;
  for (const visit of ahead) {
    const ref = { id: visit.id, date: visit.date, startTime: move.startTime };
    // Moved on its own to this time already: nothing to do.
    if (visit.ownerId === ownerId && visit.startTime === move.startTime) continue;
    const before = refusalOn(owner, visit.date, move.startTime, now);
    if (before) {
      result.refused.push({ ...ref, reason: before.reason, message: translate(options.language, before.text.id, before.text.values) });
      continue;
    }
    try {
      await rescheduleVisit(db, kind, actor, visit.id, { ownerId, date: visit.date, startTime: move.startTime, reason: move.reason }, { ...options, onlyFrom: ['BOOKED'] });
      result.changed.push(ref);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.refused.push({ ...ref, ...refusalOf(error, options.language) });
    }
  }
  if (result.changed.length > 0) {
    await db.update(visitSeries).set({ startTime: move.startTime, ownerId }).where(eq(visitSeries.id, series.id));
  }
  return { ...result, series: await seriesRow(db, kind, actor.organisationId, series.id) };
}
