import { tokenLabel, type AppEvent } from '@caredesk/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { patients } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import type { VisitCreate, VisitKind, VisitOwner } from './kinds.js';
import { visitTransaction, type VisitWrite, type WriteOptions } from './lifecycle.js';
import { notifyStaff, staffOfArea } from './notify-staff.js';
import { lockOwnerDay, shareOwner, slotOf, takeToken } from './owner-day.js';
import { organisationZone } from './slots.js';
import type { StaffContext } from '../../lib/auth.js';
import { visitWhen } from './visit-dates.js';

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

interface NewVisit {
  id: string;
  actorStaffId: string | null;
  patient: { id: string; name: string };
  owner: VisitOwner;
  date: string;
  startTime: string;
  tokenNumber: number;
  awaitingConfirmation: boolean;
}

/**
 * design.md §5: every visit booked tells the staff who can see its kind's area (`recipients`, read
 * before the day's lock), announced on the live channel with the visit's own update in one
 * statement.
 */
async function notifyBooked(write: VisitWrite, kind: Kind, organisationId: string, recipients: readonly { id: string }[], visit: NewVisit) {
  const { owner } = visit;
  const booked = `${visit.patient.name} booked ${owner.title} for ${visitWhen(visit.date, visit.startTime)} — token ${tokenLabel(visit.tokenNumber, owner.tokenPrefix)}`;
  const updated: AppEvent = kind.updatedEvent(visit.id, owner.id, visit.date, 'BOOKED', visit.patient.id);
  await notifyStaff(
    write.tx,
    write.options.events,
    organisationId,
    recipients,
    {
      type: kind.notification.type,
      title: visit.awaitingConfirmation ? `${kind.notification.title} to confirm` : kind.notification.title,
      message: visit.awaitingConfirmation ? `${booked} — awaiting your confirmation` : booked,
      details: {
        [kind.notification.visitIdKey]: visit.id,
        patientId: visit.patient.id,
        date: visit.date,
        ...(visit.actorStaffId ? { actorStaffId: visit.actorStaffId } : {}),
        ...(owner.img ? { img: owner.img } : {}),
      },
    },
    [updated],
  );
}

/** The visit and its first history line ('created'), in one statement; answers the visit's id. */
async function insertVisit<C extends VisitCreate>(
  write: VisitWrite,
  kind: Kind<C>,
  actor: VisitActor,
  input: C,
  owner: VisitOwner,
  slot: { start: string; end: string },
  tokenNumber: number,
) {
  const { tx } = write;
  const visit = tx
    .insert(kind.visits)
    .values({
      organisationId: actor.organisationId,
      facilityId: owner.facilityId,
      [kind.keys.owner]: owner.id,
      [kind.keys.amount]: owner.amountPaise,
      patientId: input.patientId,
      date: input.date,
      startTime: slot.start,
      endTime: slot.end,
      tokenNumber,
      reason: input.reason ?? null,
      notes: input.notes ?? null,
      source: input.source,
      awaitingConfirmation: input.awaitingConfirmation ?? false,
      createdBy: actor.staffId,
    } as never)
    .returning({ id: kind.visits.id });
  const { history } = kind;
  const column = (name: string) => sql.identifier(name);
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      with visit as (${visit.getSQL()})
      insert into ${history} (${column(kind.historyVisitId.name)}, ${column(history.organisationId.name)}, ${column(history.byStaffId.name)}, ${column(history.action.name)}, ${column(history.toStatus.name)})
      select id, ${actor.organisationId}, ${actor.staffId}, 'created', 'BOOKED' from visit
      returning ${column(kind.historyVisitId.name)} as id`),
  );
  return row!.id;
}

/**
 * Books a slot inside a visit write the caller opened (the patient API finds or creates the
 * patient in the same transaction); answers the new visit's id.
 */
export async function bookVisitIn<C extends VisitCreate>(write: VisitWrite, kind: Kind<C>, actor: VisitActor, input: C): Promise<string> {
  const { tx } = write;
  // What needs no lock is read before it: every statement after lockOwnerDay holds up the day's
  // other bookings until commit. Deleting the patient meanwhile still waits for this insert (the
  // foreign key's row lock), and its visit check then sees the booking.
  const [patient] = await tx
    .select({ id: patients.id, name: patients.name })
    .from(patients)
    .where(and(eq(patients.id, input.patientId), eq(patients.organisationId, actor.organisationId)));
  const organisation = await organisationZone(tx, actor.organisationId);
  const recipients = await staffOfArea(tx, { id: actor.organisationId, type: organisation.type }, kind.area);
  const owner = await shareOwner(tx, kind, actor.organisationId, kind.ownerIdOf(input));
  if (!patient) throw new NotFoundError('Patient not found');
  const slot = slotOf(kind, owner, input.date, input.startTime, organisation.timeZone, write.options.now ?? new Date());
  await lockOwnerDay(tx, kind, owner.id, input.date);
  const tokenNumber = await takeToken(tx, kind, owner, input.date, slot.start);
  const visitId = await insertVisit(write, kind, actor, input, owner, slot, tokenNumber);
  await notifyBooked(write, kind, actor.organisationId, recipients, {
    id: visitId,
    actorStaffId: actor.staffId,
    patient,
    owner,
    date: input.date,
    startTime: slot.start,
    tokenNumber,
    awaitingConfirmation: input.awaitingConfirmation ?? false,
  });
  await write.emit({
    type: 'booked',
    kind: kind.name,
    visitId,
    organisationId: actor.organisationId,
    ownerId: owner.id,
    patientId: patient.id,
    date: input.date,
    actorStaffId: actor.staffId,
  });
  return visitId;
}

/** Books a slot of any kind (share the owner, lock its day, claim the slot and the day's token); answers the new visit's id. */
export async function bookVisit<C extends VisitCreate>(db: Db, kind: Kind<C>, actor: VisitActor, input: C, options: WriteOptions = {}): Promise<string> {
  return visitTransaction(db, options, (write) => bookVisitIn(write, kind, actor, input));
}
