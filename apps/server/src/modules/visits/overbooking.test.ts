import { slotsResponseSchema, type Appointment, type AppointmentSummary, type Booking, type Doctor, type ErrorBody, type Service } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { bothDrivers } from '../../test/database.js';
import { addDoctor, addPatient, addScan, createOrganisation, doctorInput, staffClients, upcoming, type ApiClient } from '../../test/fixtures.js';

/**
 * The allowance of extras (issue 21): an admin lets a doctor's (scan's) day take N visits beyond
 * its slots' capacity; the desk books one only by asking for it (`overbook: true`), and the day
 * never takes more than N, whatever races.
 */
describe.each(bothDrivers)('extras beyond the slots (%s)', (driver) => {
  const t = useTestApp(driver);
  let admin: ApiClient;
  let worker: ApiClient;
  let outsider: ApiClient;

  beforeAll(async () => {
    ({ admin, worker } = await staffClients(t.app, await createOrganisation(t.database.db)));
    ({ admin: outsider } = await staffClients(t.app, await createOrganisation(t.database.db)));
  });

  const book = (client: ApiClient, body: Record<string, unknown>) => client.post('/api/appointments', body);
  const setExtras = async (doctorId: string, extraPerDay: number) => expect((await admin.patch(`/api/doctors/${doctorId}`, { extraPerDay })).statusCode).toBe(200);

  it('only an admin sets the allowance; others save it unchanged; 0..50 or a 400 naming the field', async () => {
    const doctor = await addDoctor(admin);
    expect((await admin.get(`/api/doctors/${doctor.id}`)).json<Doctor>().extraPerDay).toBe(0);
    const set = await admin.patch(`/api/doctors/${doctor.id}`, { extraPerDay: 3 });
    expect(set.statusCode).toBe(200);
    expect(set.json<Doctor>().extraPerDay).toBe(3);

    const refused = await worker.patch(`/api/doctors/${doctor.id}`, { extraPerDay: 5 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'extraPerDay' })]);
    // The worker's form carries the value as it is: saved, and nothing else is refused.
    expect((await worker.patch(`/api/doctors/${doctor.id}`, { extraPerDay: 3, room: 'Room 2' })).statusCode).toBe(200);
    expect((await worker.post('/api/doctors', doctorInput({ extraPerDay: 2 }))).statusCode).toBe(403);
    expect((await worker.post('/api/doctors', doctorInput({ extraPerDay: 0 }))).statusCode).toBe(201);
    expect((await admin.get(`/api/doctors/${doctor.id}`)).json<Doctor>().extraPerDay).toBe(3);

    for (const extraPerDay of [-1, 51, 1.5, 'two']) {
      const response = await admin.patch(`/api/doctors/${doctor.id}`, { extraPerDay });
      expect(response.statusCode, String(extraPerDay)).toBe(400);
      expect(response.json<ErrorBody>().issues?.[0]?.path).toBe('extraPerDay');
    }
    // Another organisation's doctor: not found, whoever asks.
    expect((await outsider.patch(`/api/doctors/${doctor.id}`, { extraPerDay: 1 })).statusCode).toBe(404);
  });

  it('a full slot is refused unless the desk asks for an extra, and then only within the allowance', async () => {
    const doctor = await addDoctor(admin);
    const [first, second, third] = await Promise.all([addPatient(admin), addPatient(admin), addPatient(admin)]);
    const date = upcoming(1);
    const slot = { doctorId: doctor.id, date, startTime: '10:00' };
    expect((await book(worker, { ...slot, patientId: first!.id })).statusCode).toBe(201);

    // Never silently: without overbook a full slot is full, whatever the allowance.
    await setExtras(doctor.id, 1);
    const plain = await book(worker, { ...slot, patientId: second!.id });
    expect(plain.statusCode).toBe(409);
    expect(plain.json<ErrorBody>().message).toBe('This slot is full: choose another time');

    // The desk's slots offer it: the full slot, and one extra left.
    const offered = slotsResponseSchema.parse((await worker.get(`/api/doctors/${doctor.id}/slots?date=${date}`)).json());
    expect(offered.slots.map((free) => free.start)).not.toContain('10:00');
    expect(offered.full?.map((full) => full.start)).toEqual(['10:00']);
    expect(offered.extras).toEqual({ allowance: 1, left: 1 });

    const extra = await book(worker, { ...slot, patientId: second!.id, overbook: true });
    expect(extra.statusCode).toBe(201);
    expect(extra.json<Appointment>()).toMatchObject({ overbooked: true, startTime: '10:00', tokenNumber: 2 });
    const usedUp = await book(worker, { ...slot, patientId: third!.id, overbook: true });
    expect(usedUp.statusCode).toBe(409);
    expect(usedUp.json<ErrorBody>().message).toContain('all 1 extras of Dr. Meera Joshi');
    expect(slotsResponseSchema.parse((await worker.get(`/api/doctors/${doctor.id}/slots?date=${date}`)).json()).extras).toEqual({ allowance: 1, left: 0 });

    // Shown as such in the list and the record.
    const listed = (await worker.get(`/api/appointments?doctorId=${doctor.id}&from=${date}&to=${date}&sort=token&order=asc`)).json<{ data: AppointmentSummary[] }>();
    expect(listed.data.map((row) => row.overbooked)).toEqual([false, true]);
    expect((await worker.get(`/api/appointments/${extra.json<Appointment>().id}`)).json<Appointment>().overbooked).toBe(true);
  });

  it('with no allowance an extra is refused naming why; a slot with room is booked as usual', async () => {
    const doctor = await addDoctor(admin);
    const [first, second] = await Promise.all([addPatient(admin), addPatient(admin)]);
    const date = upcoming(2);
    const asked = await book(worker, { doctorId: doctor.id, date, startTime: '09:00', patientId: first!.id, overbook: true });
    expect(asked.statusCode).toBe(201);
    expect(asked.json<Appointment>().overbooked).toBe(false);
    const none = await book(worker, { doctorId: doctor.id, date, startTime: '09:00', patientId: second!.id, overbook: true });
    expect(none.statusCode).toBe(409);
    expect(none.json<ErrorBody>().message).toBe('This slot is full, and Dr. Meera Joshi takes no extras beyond the slots');
    expect((await book(worker, { doctorId: doctor.id, date, startTime: '09:00', patientId: second!.id, overbook: 'yes' })).json<ErrorBody>().issues?.[0]?.path).toBe('overbook');
  });

  it('allowance 1, five extras at once: exactly one 201, four 409, tokens without gaps', async () => {
    const doctor = await addDoctor(admin, { extraPerDay: 1 });
    const patients = await Promise.all(Array.from({ length: 6 }, () => addPatient(admin)));
    const date = upcoming(3);
    expect((await book(admin, { doctorId: doctor.id, date, startTime: '11:00', patientId: patients[0]!.id })).statusCode).toBe(201);
    const responses = await Promise.all(
      patients.slice(1).map((patient, index) => book(index % 2 ? admin : worker, { doctorId: doctor.id, date, startTime: '11:00', patientId: patient.id, overbook: true })),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(4);
    expect(responses.find((response) => response.statusCode === 201)!.json<Appointment>()).toMatchObject({ overbooked: true, tokenNumber: 2 });
    // No number was spent by the refused: the next booking of the day is token 3.
    const next = await book(worker, { doctorId: doctor.id, date, startTime: '11:15', patientId: patients[1]!.id });
    expect(next.json<Appointment>().tokenNumber).toBe(3);
    const listed = (await admin.get(`/api/appointments?doctorId=${doctor.id}&from=${date}&to=${date}&sort=token&order=asc`)).json<{ data: AppointmentSummary[] }>();
    expect(listed.data.map((row) => row.tokenNumber)).toEqual([1, 2, 3]);
  });

  it('an extra sits beside its slot: cancelling it gives the allowance back, cancelling the slot’s visit frees the slot', async () => {
    const doctor = await addDoctor(admin, { extraPerDay: 1 });
    const [first, second, third] = await Promise.all([addPatient(admin), addPatient(admin), addPatient(admin)]);
    const date = upcoming(4);
    const regular = (await book(worker, { doctorId: doctor.id, date, startTime: '12:00', patientId: first!.id })).json<Appointment>();
    const extra = (await book(worker, { doctorId: doctor.id, date, startTime: '12:00', patientId: second!.id, overbook: true })).json<Appointment>();
    expect((await worker.post(`/api/appointments/${regular.id}/actions/cancel`, { reason: 'Travelling' })).statusCode).toBe(200);
    const slots = slotsResponseSchema.parse((await worker.get(`/api/doctors/${doctor.id}/slots?date=${date}`)).json());
    expect(slots.slots.map((free) => free.start)).toContain('12:00');
    expect(slots.extras).toEqual({ allowance: 1, left: 0 });

    // Moved into a free slot, the extra takes a real place there and the allowance is free again.
    const moved = await worker.post(`/api/appointments/${extra.id}/reschedule`, { date, startTime: '12:15' });
    expect(moved.json<Appointment>()).toMatchObject({ startTime: '12:15', overbooked: false });
    expect(slotsResponseSchema.parse((await worker.get(`/api/doctors/${doctor.id}/slots?date=${date}`)).json()).extras).toEqual({ allowance: 1, left: 1 });
    expect((await book(worker, { doctorId: doctor.id, date, startTime: '12:15', patientId: third!.id, overbook: true })).json<Appointment>().overbooked).toBe(true);
  });

  it('a move into a full slot is refused unless the desk asks for an extra, within the allowance; an extra moved keeps its place', async () => {
    const doctor = await addDoctor(admin);
    const [a, b, c] = await Promise.all([addPatient(admin), addPatient(admin), addPatient(admin)]);
    const date = upcoming(2);
    const other = upcoming(3);
    for (const [patient, startTime] of [
      [a!, '10:00'],
      [b!, '10:30'],
      [c!, '11:00'],
    ] as const) {
      expect((await book(worker, { doctorId: doctor.id, date, startTime, patientId: patient.id })).statusCode).toBe(201);
    }
    const list = (await worker.get(`/api/appointments?doctorId=${doctor.id}&from=${date}&to=${date}`)).json<{ data: AppointmentSummary[] }>().data;
    const idAt = (time: string) => list.find((visit) => visit.startTime === time)!.id;
    const move = (id: string, body: Record<string, unknown>) => worker.post(`/api/appointments/${id}/reschedule`, { date, ...body });

    // Never silently: a full slot stays full without overbook, and with no allowance the extra is refused.
    const full = await move(idAt('10:30'), { startTime: '10:00' });
    expect(full.statusCode).toBe(409);
    expect(full.json<ErrorBody>().message).toBe('This slot is full: choose another time');
    expect((await move(idAt('10:30'), { startTime: '10:00', overbook: true })).statusCode).toBe(409);

    await setExtras(doctor.id, 1);
    const extra = await move(idAt('10:30'), { startTime: '10:00', overbook: true });
    expect(extra.statusCode, extra.body).toBe(200);
    expect(extra.json<Appointment>()).toMatchObject({ startTime: '10:00', overbooked: true });
    // The day's one extra is taken: another move as an extra is refused, and nothing changed.
    expect((await move(idAt('11:00'), { startTime: '10:00', overbook: true })).statusCode).toBe(409);
    // The extra itself moves again within its day as an extra, keeping its place among them.
    const again = await move(extra.json<Appointment>().id, { startTime: '11:00', overbook: true });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Appointment>()).toMatchObject({ startTime: '11:00', overbooked: true });
    // Into a slot with room it takes a real place there.
    const freed = await worker.post(`/api/appointments/${extra.json<Appointment>().id}/reschedule`, { date: other, startTime: '10:00', overbook: true });
    expect(freed.json<Appointment>()).toMatchObject({ date: other, overbooked: false });
  });

  it('another organisation’s doctor is not found, extra or not', async () => {
    const doctor = await addDoctor(admin, { extraPerDay: 5 });
    const patient = await addPatient(outsider);
    const response = await book(outsider, { doctorId: doctor.id, date: upcoming(5), startTime: '10:00', patientId: patient.id, overbook: true });
    expect(response.statusCode).toBe(404);
  });

  it('scans and tests take extras by the same rules, set on the service by an admin', async () => {
    const { admin: scanAdmin, worker: scanWorker } = await staffClients(t.app, await createOrganisation(t.database.db, { type: 'SCAN' }));
    const scan = await addScan(scanAdmin, { extraPerDay: 1 });
    expect((await scanAdmin.get(`/api/services/${scan.id}`)).json<Service>().extraPerDay).toBe(1);
    expect((await scanWorker.patch(`/api/services/${scan.id}`, { extraPerDay: 4 })).statusCode).toBe(403);
    const patients = await Promise.all(Array.from({ length: 4 }, () => addPatient(scanAdmin)));
    const date = upcoming(6);
    const slot = { serviceId: scan.id, date, startTime: '09:30' };
    expect((await scanWorker.post('/api/bookings', { ...slot, patientId: patients[0]!.id })).statusCode).toBe(201);
    const raced = await Promise.all(patients.slice(1).map((patient) => scanWorker.post('/api/bookings', { ...slot, patientId: patient.id, overbook: true })));
    expect(raced.filter((response) => response.statusCode === 201).map((response) => response.json<Booking>().overbooked)).toEqual([true]);
    expect(raced.filter((response) => response.statusCode === 409)).toHaveLength(2);
  });
});
