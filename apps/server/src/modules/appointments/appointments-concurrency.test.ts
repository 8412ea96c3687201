import type { Appointment, ErrorBody } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { bothDrivers } from '../../test/database.js';
import { addDoctor, addPatient, createOrganisation, daysFromToday, staffClients, upcoming, type ApiClient } from '../../test/fixtures.js';

describe.each(bothDrivers)('appointments under concurrency (%s)', (driver) => {
  const t = useTestApp(driver);
  let admin: ApiClient;
  let worker: ApiClient;

  beforeAll(async () => {
    ({ admin, worker } = await staffClients(t.app, await createOrganisation(t.database.db)));
  });

  it('50 simultaneous bookings of one single-patient slot: exactly one 201, 49 × 409', async () => {
    const doctor = await addDoctor(admin, { patientsPerSlot: 1 });
    const patients = await Promise.all(Array.from({ length: 50 }, () => addPatient(admin)));
    const date = upcoming(1);
    const responses = await Promise.all(
      patients.map((patient, index) => (index % 2 ? admin : worker).post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date, startTime: '10:00' })),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    const refused = responses.find((response) => response.statusCode === 409)!;
    expect(refused.json<ErrorBody>().message).toBe('This slot is full: choose another time');

    const listed = (await admin.get(`/api/appointments?doctorId=${doctor.id}&from=${date}&to=${date}`)).json<{ total: number; data: Appointment[] }>();
    expect(listed.total).toBe(1);
    expect(listed.data[0]).toMatchObject({ startTime: '10:00', tokenNumber: 1 });
  });

  it('a slot for three takes exactly three of 20 simultaneous bookings', async () => {
    const doctor = await addDoctor(admin, { patientsPerSlot: 3 });
    const patients = await Promise.all(Array.from({ length: 20 }, () => addPatient(admin)));
    const date = upcoming(2);
    const responses = await Promise.all(patients.map((patient) => admin.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date, startTime: '09:30' })));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(3);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(17);
  });

  it('20 simultaneous bookings into different slots of one doctor’s day get tokens 1..20, no gaps, no repeats', async () => {
    const doctor = await addDoctor(admin, { slotMinutes: 10 });
    const patients = await Promise.all(Array.from({ length: 20 }, () => addPatient(admin)));
    const date = upcoming(3);
    const startOf = (index: number) => `${String(9 + Math.floor(index / 6)).padStart(2, '0')}:${String((index % 6) * 10).padStart(2, '0')}`;
    const responses = await Promise.all(
      patients.map((patient, index) => (index % 2 ? admin : worker).post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date, startTime: startOf(index) })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
    const tokens = responses.map((response) => response.json<Appointment>().tokenNumber).sort((a, b) => a - b);
    expect(tokens).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });

  it('bookings and reschedules racing for the last place of a slot: exactly one gets it', async () => {
    const doctor = await addDoctor(admin, { patientsPerSlot: 1 });
    const date = daysFromToday(3);
    const patients = await Promise.all(Array.from({ length: 12 }, () => addPatient(admin)));
    // Six visits elsewhere (other days) that will try to move into the slot, six new bookings of it.
    const moving = await Promise.all(
      patients.slice(0, 6).map(async (patient, index) => {
        const booked = await admin.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date: daysFromToday(4 + index), startTime: '10:00' });
        return booked.json<Appointment>().id;
      }),
    );
    const responses = await Promise.all([
      ...moving.map((id) => worker.post(`/api/appointments/${id}/reschedule`, { date, startTime: '10:00' })),
      ...patients.slice(6).map((patient) => admin.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date, startTime: '10:00' })),
    ]);
    expect(responses.filter((response) => response.statusCode < 300)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(11);
    const listed = (await admin.get(`/api/appointments?doctorId=${doctor.id}&from=${date}&to=${date}`)).json<{ total: number }>();
    expect(listed.total).toBe(1);
  });

  it('a cancelled visit frees its slot but keeps its token: the next booking gets a new number', async () => {
    const doctor = await addDoctor(admin);
    const [first, second] = await Promise.all([addPatient(admin), addPatient(admin)]);
    const date = upcoming(4);
    const booked = (await admin.post('/api/appointments', { doctorId: doctor.id, patientId: first!.id, date, startTime: '11:00' })).json<Appointment>();
    expect((await admin.post(`/api/appointments/${booked.id}/actions/cancel`, { reason: 'Patient travelling' })).statusCode).toBe(200);
    const rebooked = await admin.post('/api/appointments', { doctorId: doctor.id, patientId: second!.id, date, startTime: '11:00' });
    expect(rebooked.statusCode).toBe(201);
    expect(rebooked.json<Appointment>().tokenNumber).toBe(2);
  });
});
