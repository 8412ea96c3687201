import type { Appointment, ErrorBody } from '@caredesk/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { indiaDate, todayInIndiaAt } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, createOrganisation, staffClients, upcoming, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { actOnVisit, appointmentKind, bookVisit, staffActor } from '../visits/index.js';

describe.each(drivers)('appointment status moves, history and reschedule (%s)', (driver) => {
  const t = useTestApp(driver);
  let admin: ApiClient;
  let worker: ApiClient;
  let org: OrganisationFixture;

  beforeAll(async () => {
    org = await createOrganisation(t.database.db);
    ({ admin, worker } = await staffClients(t.app, org));
  });

  const bookOne = async (date = upcoming(2), startTime = '09:00', overrides: Parameters<typeof addDoctor>[1] = {}) => {
    const doctor = await addDoctor(admin, overrides);
    const patient = await addPatient(admin);
    const response = await worker.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date, startTime });
    expect(response.statusCode, response.body).toBe(201);
    return { doctor, patient, appointment: response.json<Appointment>() };
  };
  /** Today's visit, booked as at India's midnight (no slot of today has passed then): only a visit whose day has come is checked in. */
  const bookToday = async (startTime = '09:00') => {
    const doctor = await addDoctor(admin);
    const patient = await addPatient(admin);
    const id = await bookVisit(
      t.database.db,
      appointmentKind,
      { organisationId: org.id, staffId: org.worker.id },
      { doctorId: doctor.id, patientId: patient.id, date: indiaDate(), startTime, source: 'CONSOLE' },
      { now: todayInIndiaAt('00:00') },
    );
    return { doctor, patient, appointment: { id } };
  };
  const act = (id: string, action: string, body: unknown = {}) => worker.post(`/api/appointments/${id}/actions/${action}`, body);

  it('walks BOOKED -> CHECKED_IN -> IN_CONSULTATION -> COMPLETED, recording who moved it and from what', async () => {
    const { appointment } = await bookToday();
    expect((await act(appointment.id, 'check-in')).json()).toMatchObject({ status: 'CHECKED_IN' });
    expect((await act(appointment.id, 'start')).json()).toMatchObject({ status: 'IN_CONSULTATION' });
    const done = (await act(appointment.id, 'complete')).json<Appointment>();
    expect(done.status).toBe('COMPLETED');
    expect(done.history?.map((entry) => [entry.action, entry.fromStatus, entry.toStatus, entry.byName])).toEqual([
      ['created', null, 'BOOKED', 'Wasim Worker'],
      ['check-in', 'BOOKED', 'CHECKED_IN', 'Wasim Worker'],
      ['start', 'CHECKED_IN', 'IN_CONSULTATION', 'Wasim Worker'],
      ['complete', 'IN_CONSULTATION', 'COMPLETED', 'Wasim Worker'],
    ]);
  });

  it('refuses an illegal move with 409 naming the current status', async () => {
    const { appointment } = await bookToday();
    const early = await act(appointment.id, 'complete');
    expect(early.statusCode).toBe(409);
    expect(early.json<ErrorBody>().message).toBe('Cannot complete: the appointment is BOOKED');
    expect((await act(appointment.id, 'no-show')).statusCode).toBe(200);
    const late = await act(appointment.id, 'check-in');
    expect(late.statusCode).toBe(409);
    expect(late.json<ErrorBody>().message).toBe('Cannot check-in: the appointment is NO_SHOW');
    expect((await act(appointment.id, 'dance')).statusCode).toBe(400);
  });

  it('cancels only with a reason, and keeps the reason in the record and its history', async () => {
    const { appointment } = await bookOne();
    const bare = await act(appointment.id, 'cancel', {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json<ErrorBody>().issues?.[0]?.path).toBe('reason');
    expect((await act(appointment.id, 'cancel', { reason: '   ' })).statusCode).toBe(400);
    const cancelled = (await act(appointment.id, 'cancel', { reason: 'Patient travelling' })).json<Appointment>();
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelReason: 'Patient travelling' });
    expect(cancelled.history?.at(-1)).toMatchObject({ action: 'cancel', fromStatus: 'BOOKED', toStatus: 'CANCELLED', note: 'Patient travelling' });
    expect((await act(appointment.id, 'cancel', { reason: 'again' })).json<ErrorBody>().message).toBe('Cannot cancel: the appointment is CANCELLED');
  });

  it('reschedules within the day keeping the token, and to another day with a new token, noting from and to', async () => {
    const date = upcoming(3);
    const { doctor, appointment } = await bookOne(date, '09:00', { name: 'Dr. Kavita Rao' });
    const sameDay = await worker.post(`/api/appointments/${appointment.id}/reschedule`, { date, startTime: '10:15' });
    expect(sameDay.statusCode, sameDay.body).toBe(200);
    expect(sameDay.json()).toMatchObject({ startTime: '10:15', endTime: '10:30', tokenNumber: 1 });

    // Another patient takes token 1 on the next day; the moved visit gets token 2 there.
    const nextDay = upcoming(4);
    const other = await addPatient(admin);
    expect((await worker.post('/api/appointments', { doctorId: doctor.id, patientId: other.id, date: nextDay, startTime: '09:00' })).statusCode).toBe(201);
    const moved = (await worker.post(`/api/appointments/${appointment.id}/reschedule`, { date: nextDay, startTime: '11:00', reason: 'Doctor in surgery' })).json<Appointment>();
    expect(moved).toMatchObject({ date: nextDay, startTime: '11:00', tokenNumber: 2, status: 'BOOKED' });
    expect(moved.history?.filter((entry) => entry.action === 'reschedule').map((entry) => entry.note)).toEqual([
      `from ${date} 09:00 (Dr. Kavita Rao) to ${date} 10:15 (Dr. Kavita Rao)`,
      `from ${date} 10:15 (Dr. Kavita Rao) to ${nextDay} 11:00 (Dr. Kavita Rao): Doctor in surgery`,
    ]);
    // The old slot is free again.
    const slots = (await worker.get(`/api/doctors/${doctor.id}/slots?date=${date}`)).json<{ slots: { start: string }[] }>();
    expect(slots.slots.map((slot) => slot.start)).toEqual(expect.arrayContaining(['09:00', '10:15']));
  });

  it('never hands a token out twice on a day, even after the visit holding the highest one moves away', async () => {
    const date = upcoming(6);
    const { doctor, appointment: first } = await bookOne(date, '09:00');
    const second = (await worker.post('/api/appointments', { doctorId: doctor.id, patientId: (await addPatient(admin)).id, date, startTime: '09:15' })).json<Appointment>();
    expect([first.tokenNumber, second.tokenNumber]).toEqual([1, 2]);
    const away = await worker.post(`/api/appointments/${second.id}/reschedule`, { date: upcoming(0), startTime: '09:00' });
    expect(away.statusCode, away.body).toBe(200);
    const next = await worker.post('/api/appointments', { doctorId: doctor.id, patientId: (await addPatient(admin)).id, date, startTime: '09:30' });
    expect(next.json<Appointment>().tokenNumber).toBe(3);
  });

  it('moves a visit to another doctor’s free slot only, and only while BOOKED or CHECKED_IN', async () => {
    const date = upcoming(5);
    const { appointment } = await bookOne(date, '09:00');
    const { doctor: busy } = await bookOne(date, '12:00', { name: 'Dr. Busy' });
    const full = await worker.post(`/api/appointments/${appointment.id}/reschedule`, { date, startTime: '12:00', doctorId: busy.id });
    expect(full.statusCode).toBe(409);
    expect(full.json<ErrorBody>().message).toBe('This slot is full: choose another time');
    // Refused, nothing changed: same doctor, slot, token and price, no history entry, the full slot still holds one.
    const unchanged = (await worker.get(`/api/appointments/${appointment.id}`)).json<Appointment>();
    expect(unchanged).toMatchObject({
      doctorId: appointment.doctorId,
      date,
      startTime: '09:00',
      tokenNumber: appointment.tokenNumber,
      feePaise: appointment.feePaise,
      status: 'BOOKED',
    });
    expect(unchanged.history?.some((entry) => entry.action === 'reschedule')).toBe(false);
    const busyDay = (await worker.get(`/api/appointments?doctorId=${busy.id}&from=${date}&to=${date}`)).json<{ total: number }>();
    expect(busyDay.total).toBe(1);
    expect((await worker.post(`/api/appointments/${appointment.id}/reschedule`, { date, startTime: '09:00' })).statusCode).toBe(400);

    const moved = (await worker.post(`/api/appointments/${appointment.id}/reschedule`, { date, startTime: '12:15', doctorId: busy.id })).json<Appointment>();
    expect(moved).toMatchObject({ doctorId: busy.id, doctorName: 'Dr. Busy', startTime: '12:15', tokenNumber: 2 });

    const { appointment: inConsultation } = await bookToday();
    await act(inConsultation.id, 'check-in');
    await act(inConsultation.id, 'start');
    const tooLate = await worker.post(`/api/appointments/${inConsultation.id}/reschedule`, { date, startTime: '12:30' });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json<ErrorBody>().message).toBe('Cannot reschedule: the appointment is IN_CONSULTATION');
  });

  it('announces every committed write on the live channel, and nothing for a refused one', async () => {
    const doctor = await addDoctor(admin);
    const patient = await addPatient(admin);
    const caller = { id: org.worker.id, organisationId: org.id, role: 'WORKER' as const, organisationType: 'HOSPITAL' as const, sessionFamilyId: 'test', doctorId: null };
    const events = { publish: vi.fn(async () => undefined) };
    // Today's (as at India's midnight), so that it can be checked in below.
    const date = indiaDate();
    const now = todayInIndiaAt('00:00');
    const booked = {
      id: await bookVisit(
        t.database.db,
        appointmentKind,
        staffActor(caller),
        { doctorId: doctor.id, patientId: patient.id, date, startTime: '09:45', source: 'CONSOLE' },
        { events, now },
      ),
    };
    const types = events.publish.mock.calls.map((call: unknown[]) => (call[1] as { type: string }).type);
    expect(types.filter((type) => type === 'notification.created')).toHaveLength(2);
    expect(events.publish).toHaveBeenCalledWith(
      org.id,
      { type: 'appointment.updated', appointmentId: booked.id, doctorId: doctor.id, date, status: 'BOOKED', patientId: patient.id },
      expect.anything(),
    );

    events.publish.mockClear();
    await expect(
      bookVisit(t.database.db, appointmentKind, staffActor(caller), { doctorId: doctor.id, patientId: patient.id, date, startTime: '09:45', source: 'CONSOLE' }, { events, now }),
    ).rejects.toThrow('This slot is full');
    expect(events.publish).not.toHaveBeenCalled();
    await actOnVisit(t.database.db, appointmentKind, staffActor(caller), booked.id, 'check-in', {}, { events });
    expect(events.publish).toHaveBeenCalledWith(org.id, expect.objectContaining({ type: 'appointment.updated', status: 'CHECKED_IN' }), expect.anything());
  });
});
