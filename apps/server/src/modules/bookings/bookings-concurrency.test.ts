import type { Booking, ErrorBody } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { bothDrivers } from '../../test/database.js';
import { addPatient, addScan, createOrganisation, staffClients, upcoming, type ApiClient } from '../../test/fixtures.js';

describe.each(bothDrivers)('bookings under concurrency (%s)', (driver) => {
  const t = useTestApp(driver);
  let admin: ApiClient;
  let worker: ApiClient;

  beforeAll(async () => {
    ({ admin, worker } = await staffClients(t.app, await createOrganisation(t.database.db, { type: 'SCAN' })));
  });

  it('50 simultaneous bookings of one single-patient scan slot: exactly one 201, 49 × 409', async () => {
    const scan = await addScan(admin, { capacityPerSlot: 1 });
    const patients = await Promise.all(Array.from({ length: 50 }, () => addPatient(admin)));
    const date = upcoming(1);
    const responses = await Promise.all(
      patients.map((patient, index) => (index % 2 ? admin : worker).post('/api/bookings', { serviceId: scan.id, patientId: patient.id, date, startTime: '10:00' })),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    expect(responses.find((response) => response.statusCode === 409)!.json<ErrorBody>().message).toBe('This slot is full: choose another time');
    expect((await admin.get(`/api/bookings?serviceId=${scan.id}&from=${date}&to=${date}`)).json<{ total: number }>().total).toBe(1);
  });

  it('16 simultaneous bookings into different slots of a scan with capacity 2 get tokens 1..16, no gaps, no repeats', async () => {
    const scan = await addScan(admin, { capacityPerSlot: 2, durationMinutes: 30 });
    const patients = await Promise.all(Array.from({ length: 16 }, () => addPatient(admin)));
    const date = upcoming(3);
    const startOf = (index: number) => `${String(9 + Math.floor(index / 4)).padStart(2, '0')}:${index % 4 < 2 ? '00' : '30'}`;
    const responses = await Promise.all(
      patients.map((patient, index) => admin.post('/api/bookings', { serviceId: scan.id, patientId: patient.id, date, startTime: startOf(index) })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(16).fill(201));
    const tokens = responses.map((response) => response.json<Booking>().tokenNumber).sort((a, b) => a - b);
    expect(tokens).toEqual(Array.from({ length: 16 }, (_, index) => index + 1));
  });
});
