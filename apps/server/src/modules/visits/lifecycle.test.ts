import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { indiaDate, todayInIndiaAt } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, createOrganisation, staffClients, upcoming, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { actOnVisit, appointmentKind, bookVisit, cancelVisitByPatient, createVisitLifecycle, rescheduleVisit, type VisitLifecycleEvent } from './index.js';

describe.each(drivers)('the visit lifecycle (%s)', (driver) => {
  const t = useTestApp(driver);
  let admin: ApiClient;
  let org: OrganisationFixture;
  const actor = () => ({ organisationId: org.id, staffId: org.worker.id });

  beforeAll(async () => {
    org = await createOrganisation(t.database.db);
    ({ admin } = await staffClients(t.app, org));
  });

  /** A lifecycle with one subscriber on both sides that writes down what it saw. */
  const recording = () => {
    const lifecycle = createVisitLifecycle({ error: () => undefined });
    const seen = { inTransaction: [] as VisitLifecycleEvent[], afterCommit: [] as VisitLifecycleEvent[] };
    lifecycle.subscribe({
      name: 'recorder',
      inTransaction: async (_tx, event) => void seen.inTransaction.push(event),
      afterCommit: async (event) => void seen.afterCommit.push(event),
    });
    return { lifecycle, seen };
  };

  it('tells a subscriber of each step of a visit once, with its ids, inside the transaction and after commit', async () => {
    const { lifecycle, seen } = recording();
    const doctor = await addDoctor(admin);
    const patient = await addPatient(admin);
    const date = indiaDate();
    const options = { lifecycle, now: todayInIndiaAt('00:00') };
    const id = await bookVisit(t.database.db, appointmentKind, actor(), { doctorId: doctor.id, patientId: patient.id, date, startTime: '09:00', source: 'CONSOLE' }, options);
    await rescheduleVisit(t.database.db, appointmentKind, actor(), id, { date, startTime: '09:15' }, options);
    for (const action of ['check-in', 'start', 'complete'] as const) await actOnVisit(t.database.db, appointmentKind, actor(), id, action, {}, options);
    const second = await bookVisit(t.database.db, appointmentKind, actor(), { doctorId: doctor.id, patientId: patient.id, date, startTime: '09:30', source: 'APP' }, options);
    await cancelVisitByPatient(t.database.db, appointmentKind, { organisationId: org.id, staffId: null }, second, undefined, options);

    const ids = { kind: 'appointment', organisationId: org.id, ownerId: doctor.id, patientId: patient.id, date };
    expect(seen.afterCommit).toEqual([
      { type: 'booked', visitId: id, actorStaffId: org.worker.id, ...ids },
      { type: 'rescheduled', visitId: id, actorStaffId: org.worker.id, ...ids, left: { ownerId: doctor.id, date } },
      { type: 'checked-in', visitId: id, actorStaffId: org.worker.id, ...ids },
      { type: 'called', visitId: id, actorStaffId: org.worker.id, ...ids },
      { type: 'completed', visitId: id, actorStaffId: org.worker.id, ...ids },
      { type: 'booked', visitId: second, actorStaffId: org.worker.id, ...ids },
      { type: 'cancelled', visitId: second, actorStaffId: null, ...ids },
    ]);
    expect(seen.inTransaction).toEqual(seen.afterCommit);
  });

  it('rolls the change back when an in-transaction subscriber throws, and runs no after-commit subscriber for it', async () => {
    const { lifecycle, seen } = recording();
    lifecycle.subscribe({
      name: 'billing',
      events: ['booked'],
      inTransaction: async () => {
        throw new Error('no bill, no booking');
      },
    });
    const doctor = await addDoctor(admin);
    const patient = await addPatient(admin);
    const date = upcoming(3);
    await expect(
      bookVisit(t.database.db, appointmentKind, actor(), { doctorId: doctor.id, patientId: patient.id, date, startTime: '09:00', source: 'CONSOLE' }, { lifecycle }),
    ).rejects.toThrow('no bill, no booking');

    expect(await t.database.db.select({ id: appointments.id }).from(appointments).where(eq(appointments.doctorId, doctor.id))).toEqual([]);
    expect(seen.inTransaction).toHaveLength(1);
    expect(seen.afterCommit).toEqual([]);
    // The slot and the day's first token are still there to take.
    const id = await bookVisit(t.database.db, appointmentKind, actor(), { doctorId: doctor.id, patientId: patient.id, date, startTime: '09:00', source: 'CONSOLE' }, {});
    const [row] = await t.database.db.select({ tokenNumber: appointments.tokenNumber }).from(appointments).where(eq(appointments.id, id));
    expect(row?.tokenNumber).toBe(1);
  });

  it('keeps a committed change when an after-commit subscriber fails, and only listens to the events it names', async () => {
    const lifecycle = createVisitLifecycle({ error: () => undefined });
    const cancelled: string[] = [];
    lifecycle.subscribe({ name: 'messages', events: ['cancelled'], afterCommit: async (event) => void cancelled.push(event.visitId) });
    lifecycle.subscribe({
      name: 'flaky',
      afterCommit: async () => {
        throw new Error('gateway down');
      },
    });
    const doctor = await addDoctor(admin);
    const patient = await addPatient(admin);
    const id = await bookVisit(
      t.database.db,
      appointmentKind,
      actor(),
      { doctorId: doctor.id, patientId: patient.id, date: upcoming(4), startTime: '09:00', source: 'CONSOLE' },
      { lifecycle },
    );
    expect(cancelled).toEqual([]);
    await actOnVisit(t.database.db, appointmentKind, actor(), id, 'cancel', { reason: 'Patient unwell' }, { lifecycle });
    expect(cancelled).toEqual([id]);
    const [row] = await t.database.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id));
    expect(row?.status).toBe('CANCELLED');
  });
});
