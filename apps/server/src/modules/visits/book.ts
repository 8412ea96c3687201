import { canAccessArea, tokenLabel, type AppEvent, type Appointment, type HistoryEntry, type StaffRole } from '@caredesk/shared';
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { type doctors, organisations, patients, staff } from '../../db/schema/index.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { translate } from '../../lib/i18n/index.js';
import type { StaffContext } from '../../lib/auth.js';
import type { VisitCreate, VisitKind, VisitOwner } from './kinds.js';
import { visitTransaction, type VisitWrite, type WriteOptions } from './lifecycle.js';
import { announceAll, staffNotificationsOf, type StaffRecipient } from './notify-staff.js';
import { claimTokenSql, lockDayWithToken, slotOf, takePlace } from './owner-day.js';
import { SLOT_FULL } from './slots.js';
import { visitWhenIn } from './visit-dates.js';

/**
 * Who books or moves a visit: a staff member at the console, or a patient through the patient API
 * (staffId null, source APP). Either way the organisation comes from the verified token, never
 * from the body.
 */
export interface VisitActor {
  organisationId: string;
  staffId: string | null;
}

export function staffActor(caller: StaffContext): VisitActor {
  return { organisationId: caller.organisationId, staffId: caller.id };
}

type Kind<C extends VisitCreate = VisitCreate> = VisitKind<C>;

/** A visit just booked, as the statement that wrote it answered: enough for the reply without reading it back. */
export interface BookedVisit {
  id: string;
  facilityId: string | null;
  owner: VisitOwner;
  /** The owner's row as the booking read it (a doctor's, or a scan's or test's). */
  ownerRow: unknown;
  patient: { id: string; name: string; phone: string };
  date: string;
  startTime: string;
  endTime: string;
  tokenNumber: number;
  amountPaise: number;
  reason: string | null;
  notes: string | null;
  source: VisitCreate['source'];
  awaitingConfirmation: boolean;
  /** An extra beyond its slot's capacity, in the day's allowance. */
  overbooked: boolean;
  /** BOOKED, or CHECKED_IN for a walk-in (checked in as it is added). */
  status: 'BOOKED' | 'CHECKED_IN';
  paymentStatus: string;
  createdAt: Date;
  updatedAt: Date;
  /** Its one history line ('created'). */
  history: HistoryEntry[];
  /** The recurring series it was booked in, if any. */
  seriesId: string | null;
  /** What its kind's bookedParts wrote beside it (a package booking's tests); null when the kind has none. */
  parts: unknown;
}

/**
 * What a booking's 201 says of the visit whatever its kind, from what its statements read and
 * wrote; the appointment's and the booking's builders add their owner's fields.
 */
export function bookedVisitFields(visit: BookedVisit, tokenPrefix: string | null) {
  return {
    id: visit.id,
    tokenLabel: tokenLabel(visit.tokenNumber, tokenPrefix),
    patientId: visit.patient.id,
    patientName: visit.patient.name,
    date: visit.date,
    startTime: visit.startTime,
    endTime: visit.endTime,
    tokenNumber: visit.tokenNumber,
    status: visit.status,
    reason: visit.reason,
    cancelReason: null,
    paymentStatus: visit.paymentStatus as Appointment['paymentStatus'],
    source: visit.source,
    awaitingConfirmation: visit.awaitingConfirmation,
    overbooked: visit.overbooked,
    createdAt: visit.createdAt.toISOString(),
    updatedAt: visit.updatedAt.toISOString(),
    facilityId: visit.facilityId,
    patientPhone: visit.patient.phone,
    notes: visit.notes,
    history: visit.history,
  };
}

export interface BookingFacts {
  owner: VisitOwner;
  ownerRow: unknown;
  timeZone: string;
  patient: { id: string; name: string; phone: string } | null;
  /** The staff told of the booking: active, and their menu shows the kind's area. */
  recipients: StaffRecipient[];
  actorName: string | null;
}

/**
 * Everything a booking reads before the day's lock, in one statement: the owner share-locked (as
 * shareOwner does), its organisation's zone and type, the patient, the staff to notify and the
 * actor's name (for the reply's history). Every statement after the lock holds up the day's other
 * bookings until commit, so these come first. Deleting the patient meanwhile still waits for the
 * visit's insert (the foreign key's row lock), and its visit check then sees the booking.
 */
export async function readBookingFacts(tx: Tx, kind: Kind, actor: VisitActor, input: VisitCreate, ownerId: string): Promise<BookingFacts> {
  const { owners } = kind;
  const [row] = await tx
    .select({
      owner: getTableColumns(owners as typeof doctors),
      timeZone: organisations.timeZone,
      organisationType: organisations.type,
      patient: sql<
        BookingFacts['patient']
      >`(select json_build_object('id', p.id, 'name', p.name, 'phone', p.phone) from ${patients} p where p.id = ${input.patientId} and p.organisation_id = ${actor.organisationId})`,
      staff: sql<
        (StaffRecipient & { role: StaffRole })[]
      >`(select coalesce(json_agg(json_build_object('id', s.id, 'role', s.role, 'language', s.language)), '[]'::json) from ${staff} s where s.organisation_id = ${actor.organisationId} and s.active)`,
      actorName: actor.staffId ? sql<string | null>`(select s.name from ${staff} s where s.id = ${actor.staffId})` : sql<null>`null::text`,
    })
    .from(owners as typeof doctors)
    .innerJoin(organisations, eq(organisations.id, owners.organisationId))
    .where(and(eq(owners.id, ownerId), eq(owners.organisationId, actor.organisationId), kind.ownerScope))
    .for('share', { of: owners as typeof doctors });
  if (!row) throw new NotFoundError(kind.ownerNotFound);
  return {
    owner: kind.toOwner(row.owner as never),
    ownerRow: row.owner,
    timeZone: row.timeZone,
    patient: row.patient,
    recipients: row.staff.filter((member) => canAccessArea(row.organisationType, member.role, kind.area)).map(({ id, language }) => ({ id, language })),
    actorName: row.actorName,
  };
}

const timeOf = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** The place a booking took under the day's lock (owner-day.ts takePlace), and for a walk-in its arrival. */
export interface TakenPlace {
  tokenNumber: number;
  overbooked: boolean;
  /** A walk-in is checked in as it is added: it joins the waiting room at once. */
  checkedInAt?: Date | undefined;
  /**
   * Not taken yet: the statement that takes tokenNumber while the slot has room (owner-day.ts
   * claimTokenSql), run in the insert's statement. No token back, and the booking is refused.
   */
  claim?: SQL | undefined;
}

/**
 * The visit, its first history line ('created'), the staff's notifications and their pushes, and
 * the live events (the notifications', then the visit's update), in one statement under the
 * day's lock. design.md §5: every visit booked tells the staff who can see its kind's area.
 */
export async function insertBooked<C extends VisitCreate>(
  write: VisitWrite,
  kind: Kind<C>,
  actor: VisitActor,
  input: C,
  facts: BookingFacts & { patient: { id: string; name: string; phone: string } },
  slot: { start: string; end: string },
  place: TakenPlace,
): Promise<BookedVisit> {
  const { tx } = write;
  const { owner, patient } = facts;
  const { tokenNumber, overbooked, checkedInAt, claim } = place;
  const status = checkedInAt ? 'CHECKED_IN' : 'BOOKED';
  const id = crypto.randomUUID();
  const awaitingConfirmation = input.awaitingConfirmation ?? false;
  const visit = tx
    .insert(kind.visits)
    .values({
      id,
      organisationId: actor.organisationId,
      facilityId: owner.facilityId,
      [kind.keys.owner]: owner.id,
      [kind.keys.amount]: owner.amountPaise,
      patientId: patient.id,
      date: input.date,
      startTime: slot.start,
      endTime: slot.end,
      tokenNumber,
      reason: input.reason ?? null,
      notes: input.notes ?? null,
      source: input.source,
      awaitingConfirmation,
      overbooked,
      status,
      ...(checkedInAt ? { checkedInAt } : {}),
      ...(input.seriesId ? { seriesId: input.seriesId } : {}),
      createdBy: actor.staffId,
    } as never)
    .returning({ createdAt: kind.visits.createdAt, updatedAt: kind.visits.updatedAt, paymentStatus: kind.visits.paymentStatus });
  const { history } = kind;
  const column = (name: string) => sql.identifier(name);
  const token = tokenLabel(tokenNumber, owner.tokenPrefix);
  const notified = staffNotificationsOf(tx, actor.organisationId, facts.recipients, {
    type: kind.notification.type,
    word: (language) => ({
      title: translate(language, awaitingConfirmation ? kind.notification.titleToConfirm : kind.notification.title),
      message: translate(language, awaitingConfirmation ? 'notifications.bookedToConfirm' : 'notifications.booked', {
        patient: patient.name,
        owner: owner.title,
        when: visitWhenIn(language, input.date, slot.start),
        token,
      }),
    }),
    details: {
      [kind.notification.visitIdKey]: id,
      patientId: patient.id,
      date: input.date,
      ...(actor.staffId ? { actorStaffId: actor.staffId } : {}),
      ...(owner.img ? { img: owner.img } : {}),
    },
  });
  const announced: AppEvent[] = [...notified.events, kind.updatedEvent(id, owner.id, input.date, status, patient.id)];
  const { events } = write.options;
  const inline = events?.notifyInline?.(actor.organisationId, announced);
  const parts = kind.bookedParts;
  const [row] = rowsOf<{ created_at: Date | string; updated_at: Date | string; payment_status: string; at: Date | string; parts?: unknown; claimed?: number | string | null }>(
    await tx.execute(sql`
      with ${claim ? sql`claimed as (${claim}), ` : sql``}visit as (${visit.getSQL()}),
      history as (
        insert into ${history} (${column(kind.historyVisitId.name)}, ${column(history.organisationId.name)}, ${column(history.byStaffId.name)}, ${column(history.action.name)}, ${column(history.toStatus.name)})
        select ${id}::uuid, ${actor.organisationId}::uuid, ${actor.staffId}::uuid, 'created', ${status} from visit
        returning ${column(history.at.name)} as at)
      ${parts ? sql`, parts as (${parts.insert(id, actor.organisationId, owner.id)})` : sql``}
      ${sql.join(
        notified.ctes.map((cte) => sql`, ${cte}`),
        sql``,
      )}
      select visit.created_at, visit.updated_at, visit.payment_status, history.at${parts ? sql`, ${parts.answer} as parts` : sql``}${inline ? sql`, ${inline.sql} as notified` : sql``}${claim ? sql`, (select token from claimed) as claimed` : sql``} from visit, history`),
  );
  if (claim) {
    // The slot filled since it was checked: nothing was taken, and throwing rolls the visit back.
    if (row?.claimed == null) throw new ConflictError(SLOT_FULL);
    if (Number(row.claimed) !== tokenNumber) throw new Error('the day’s token counter moved under its lock');
  }
  if (inline) inline.published();
  else await announceAll(events, actor.organisationId, announced, tx);
  return {
    id,
    facilityId: owner.facilityId,
    owner,
    ownerRow: facts.ownerRow,
    patient,
    date: input.date,
    startTime: slot.start,
    endTime: slot.end,
    tokenNumber,
    amountPaise: owner.amountPaise,
    reason: input.reason ?? null,
    notes: input.notes ?? null,
    source: input.source,
    awaitingConfirmation,
    overbooked,
    status,
    paymentStatus: row!.payment_status,
    createdAt: timeOf(row!.created_at),
    updatedAt: timeOf(row!.updated_at),
    history: [{ at: timeOf(row!.at).toISOString(), byStaffId: actor.staffId, byName: facts.actorName, action: 'created', fromStatus: null, toStatus: status, note: null }],
    seriesId: input.seriesId ?? null,
    parts: row!.parts ?? null,
  };
}

/**
 * Books a slot inside a visit write the caller opened (the patient API finds or creates the
 * patient in the same transaction); answers the new visit.
 */
export async function bookVisitRecordIn<C extends VisitCreate>(write: VisitWrite, kind: Kind<C>, actor: VisitActor, input: C): Promise<BookedVisit> {
  const { tx } = write;
  const facts = await readBookingFacts(tx, kind, actor, input, kind.ownerIdOf(input));
  const { patient } = facts;
  if (!patient) throw new NotFoundError('Patient not found');
  // The day's lock reads the day's hours and cap (a doctor's day change): the slot is checked against them.
  const { owner, lastToken } = await lockDayWithToken(tx, kind, facts.owner, input.date);
  const slot = slotOf(kind, owner, input.date, input.startTime, facts.timeZone, write.options.now ?? new Date());
  // A plain booking takes its token in its insert's statement (one round trip fewer under the
  // lock); an extra asked for by the desk first finds out whether the slot still has room.
  const place: TakenPlace = input.overbook
    ? await takePlace(tx, kind, owner, input.date, slot.start, true)
    : { tokenNumber: lastToken + 1, overbooked: false, claim: claimTokenSql(tx, kind, owner, input.date, slot.start) };
  const visit = await insertBooked(write, kind, actor, input, { ...facts, owner, patient }, slot, place);
  await write.emit({
    type: 'booked',
    kind: kind.name,
    visitId: visit.id,
    organisationId: actor.organisationId,
    ownerId: facts.owner.id,
    patientId: patient.id,
    date: input.date,
    actorStaffId: actor.staffId,
  });
  return visit;
}

/** bookVisitRecordIn(), answering the new visit's id. */
export async function bookVisitIn<C extends VisitCreate>(write: VisitWrite, kind: Kind<C>, actor: VisitActor, input: C): Promise<string> {
  return (await bookVisitRecordIn(write, kind, actor, input)).id;
}

/** Books a slot of any kind (share the owner, lock its day, claim the slot and the day's token); answers the new visit. */
export async function bookVisitRecord<C extends VisitCreate>(db: Db, kind: Kind<C>, actor: VisitActor, input: C, options: WriteOptions = {}): Promise<BookedVisit> {
  return visitTransaction(db, options, (write) => bookVisitRecordIn(write, kind, actor, input));
}

/** Books a slot of any kind (share the owner, lock its day, claim the slot and the day's token); answers the new visit's id. */
export async function bookVisit<C extends VisitCreate>(db: Db, kind: Kind<C>, actor: VisitActor, input: C, options: WriteOptions = {}): Promise<string> {
  return (await bookVisitRecord(db, kind, actor, input, options)).id;
}
