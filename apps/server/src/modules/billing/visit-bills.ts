import { daysBetween, todayIn, type Bill, type BillingSettings } from '@caredesk/shared';
import { and, eq, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { appointments, billItems, bills, bookings, doctors, patients, services } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { organisationTimeZone } from '../../lib/organisation-time.js';
import { readBillingSettings, resolveBook, type BookSettings } from './settings.js';
import { insertBill, loadBill, type NewItem } from './bills.js';

/** Visits that never took place bill nothing new. */
const NOT_HELD = ['CANCELLED', 'NO_SHOW'] as const;

/** The patient has a visit before this one, or a bill that already charged registration. */
async function isReturningPatient(tx: Tx, organisationId: string, patientId: string, date: string, startTime: string, exceptVisitId: string): Promise<boolean> {
  const earlier = (table: typeof appointments | typeof bookings) =>
    tx
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          eq(table.organisationId, organisationId),
          eq(table.patientId, patientId),
          ne(table.id, exceptVisitId),
          notInArray(table.status, [...NOT_HELD]),
          or(lt(table.date, date), and(eq(table.date, date), lt(table.startTime, startTime))),
        ),
      )
      .limit(1);
  const [appointment, booking, registered] = await Promise.all([
    earlier(appointments),
    earlier(bookings),
    tx
      .select({ id: billItems.id })
      .from(billItems)
      .innerJoin(bills, eq(bills.id, billItems.billId))
      .where(and(eq(bills.organisationId, organisationId), eq(bills.patientId, patientId), eq(billItems.kind, 'REGISTRATION')))
      .limit(1),
  ]);
  return appointment.length > 0 || booking.length > 0 || registered.length > 0;
}

/** What a doctor's visit is charged: a consultation, or a follow-up (free within its window). */
async function consultationItem(tx: Tx, caller: StaffContext, book: BookSettings, settings: BillingSettings, visit: typeof appointments.$inferSelect): Promise<NewItem> {
  const [[doctor], [previous]] = await Promise.all([
    tx.select({ name: doctors.name, specialization: doctors.specialization }).from(doctors).where(eq(doctors.id, visit.doctorId)),
    tx
      .select({ date: appointments.date })
      .from(appointments)
      .where(
        and(
          eq(appointments.organisationId, caller.organisationId),
          eq(appointments.patientId, visit.patientId),
          eq(appointments.doctorId, visit.doctorId),
          ne(appointments.id, visit.id),
          notInArray(appointments.status, [...NOT_HELD]),
          lt(appointments.date, visit.date),
        ),
      )
      .orderBy(sql`${appointments.date} desc`)
      .limit(1),
  ]);
  const doctorName = doctor ? `${doctor.name} (${doctor.specialization})` : 'Doctor';
  const tax = { sacCode: settings.consultationSac, gstRateBp: settings.consultationGstRateBp, serviceId: null, quantity: 1 };
  const sinceLast = previous ? daysBetween(previous.date, visit.date) : undefined;
  if (sinceLast !== undefined && settings.freeFollowUpDays > 0 && sinceLast <= settings.freeFollowUpDays) {
    return { ...tax, kind: 'FOLLOW_UP', description: `Follow-up consultation, ${doctorName} (free within ${settings.freeFollowUpDays} days)`, unitPricePaise: 0 };
  }
  if (sinceLast !== undefined && settings.followUpDays > 0 && sinceLast <= settings.followUpDays) {
    const fee = book.followUpFeePaise ?? settings.followUpFeePaise ?? visit.feePaise;
    return { ...tax, kind: 'FOLLOW_UP', description: `Follow-up consultation, ${doctorName}`, unitPricePaise: fee };
  }
  return { ...tax, kind: 'CONSULTATION', description: `Consultation, ${doctorName}`, unitPricePaise: visit.feePaise };
}

async function registrationItem(
  tx: Tx,
  caller: StaffContext,
  book: BookSettings,
  settings: BillingSettings,
  visit: { id: string; patientId: string; date: string; startTime: string },
): Promise<NewItem | undefined> {
  const fee = book.registrationFeePaise ?? settings.registrationFeePaise;
  if (fee <= 0 || (await isReturningPatient(tx, caller.organisationId, visit.patientId, visit.date, visit.startTime, visit.id))) return undefined;
  return {
    kind: 'REGISTRATION',
    serviceId: null,
    description: 'Registration fee',
    sacCode: settings.registrationSac,
    quantity: 1,
    unitPricePaise: fee,
    gstRateBp: settings.registrationGstRateBp,
  };
}

async function billIdOfVisit(db: Db | Tx, organisationId: string, visitId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: bills.id })
    .from(bills)
    .where(and(eq(bills.organisationId, organisationId), or(eq(bills.appointmentId, visitId), eq(bills.bookingId, visitId))));
  return row?.id;
}

/**
 * GET /api/billing/bills?visitId=: the visit's bill, made on its first read with what the visit
 * is charged (consultation or follow-up, the scan or test, registration for a new patient).
 * The visit and its patient are locked while the bill is made, so two desks opening it at once
 * get one bill, and one registration fee however many of a new patient's visits are billed at once.
 */
export async function billForVisit(db: Db, caller: StaffContext, visitId: string): Promise<Bill> {
  const existing = await billIdOfVisit(db, caller.organisationId, visitId);
  if (existing) return loadBill(db, caller.organisationId, existing);
  const today = todayIn(await organisationTimeZone(db, caller.organisationId));
  const billId = await db.transaction(async (tx) => {
    const [appointment] = await tx
      .select()
      .from(appointments)
      .where(and(eq(appointments.id, visitId), eq(appointments.organisationId, caller.organisationId)))
      .for('no key update');
    const [booking] = appointment
      ? []
      : await tx
          .select({ visit: bookings, serviceName: services.name, sacCode: services.sacCode, gstRateBp: services.gstRateBp })
          .from(bookings)
          .innerJoin(services, eq(services.id, bookings.serviceId))
          .where(and(eq(bookings.id, visitId), eq(bookings.organisationId, caller.organisationId)))
          .for('no key update', { of: bookings });
    const visit = appointment ?? booking?.visit;
    if (!visit) throw new NotFoundError('Visit not found');
    const made = await billIdOfVisit(tx, caller.organisationId, visitId);
    if (made) return made;
    if ((NOT_HELD as readonly string[]).includes(visit.status)) throw new ConflictError('A cancelled or missed visit has nothing to bill');
    await tx.select({ id: patients.id }).from(patients).where(eq(patients.id, visit.patientId)).for('no key update');
    const [book, settings] = await Promise.all([resolveBook(tx, caller.organisationId, visit.facilityId), readBillingSettings(tx, caller.organisationId)]);
    const charge: NewItem = appointment
      ? await consultationItem(tx, caller, book, settings, appointment)
      : {
          kind: 'SERVICE',
          serviceId: booking!.visit.serviceId,
          description: booking!.serviceName,
          sacCode: booking!.sacCode,
          quantity: 1,
          unitPricePaise: booking!.visit.pricePaise,
          gstRateBp: booking!.gstRateBp,
        };
    const registration = await registrationItem(tx, caller, book, settings, visit);
    return insertBill(tx, caller, today, {
      book,
      patientId: visit.patientId,
      ...(appointment ? { appointmentId: visit.id } : { bookingId: visit.id }),
      items: registration ? [registration, charge] : [charge],
    });
  });
  return loadBill(db, caller.organisationId, billId);
}
