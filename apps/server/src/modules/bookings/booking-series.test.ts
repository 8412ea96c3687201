import { addDays, type BookingSeries, type BookingSeriesBooked, type ErrorBody, type SeriesChangeResult } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { addPatient, addScan, createOrganisation, staffClients, upcoming, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { auditEntriesOf } from '../audit/test-support.js';

/**
 * /api/bookings/series (issue 21): a scan's or test's recurring bookings, each date through the
 * single booking's rules, cancelled or moved as a whole like an appointment series.
 */
describe.each(drivers)('a series of scan and test bookings (%s)', (driver) => {
  const t = useTestApp(driver);
  let centre: OrganisationFixture;
  let admin: ApiClient;
  let worker: ApiClient;
  let outsider: ApiClient;

  beforeAll(async () => {
    centre = await createOrganisation(t.database.db, { type: 'SCAN' });
    ({ admin, worker } = await staffClients(t.app, centre));
    ({ admin: outsider } = await staffClients(t.app, await createOrganisation(t.database.db, { type: 'SCAN' })));
  });

  it('books every week, skips a full slot with why, and a package’s visits each hold its tests', async () => {
    const monday = upcoming(1);
    const [second, third] = [1, 2].map((weeks) => addDays(monday, weeks * 7)) as [string, string];
    const bloods = await addScan(admin, { kind: 'TEST', name: 'Dialysis bloods' });
    const urea = await addScan(admin, { kind: 'TEST', name: 'Urea' });
    const dialysis = await addScan(admin, { kind: 'TEST', name: 'Dialysis panel', packageItemIds: [bloods.id, urea.id] });
    const [patient, other] = await Promise.all([addPatient(admin, { name: 'Suresh Iyer' }), addPatient(admin)]);
    expect((await admin.post('/api/bookings', { serviceId: dialysis.id, patientId: other.id, date: second, startTime: '10:00' })).statusCode).toBe(201);

    const response = await worker.post('/api/bookings/series', {
      serviceId: dialysis.id,
      patientId: patient.id,
      startDate: monday,
      startTime: '10:00',
      every: { n: 1, unit: 'week' },
      count: 3,
    });
    expect(response.statusCode, response.body).toBe(201);
    const booked = response.json<BookingSeriesBooked>();
    expect(booked.series).toMatchObject({ kind: 'booking', ownerId: dialysis.id, patientId: patient.id, count: 3 });
    expect(booked.visits.map((visit) => [visit.date, visit.serviceName, visit.seriesId, visit.tests.map((test) => test.name)])).toEqual([
      [monday, 'Dialysis panel', booked.series.id, ['Dialysis bloods', 'Urea']],
      [third, 'Dialysis panel', booked.series.id, ['Dialysis bloods', 'Urea']],
    ]);
    expect(booked.skipped).toEqual([{ date: second, reason: 'slot-full', message: expect.any(String) }]);
    const creates = (await auditEntriesOf(t.database.db, centre.id)).filter((entry) => entry.route === 'POST /api/bookings/series');
    expect(creates.map((entry) => entry.entityId).sort()).toEqual(booked.visits.map((visit) => visit.id).sort());

    const read = await worker.get(`/api/bookings/series/${booked.series.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json<BookingSeries>().visits.map((visit) => visit.date)).toEqual([monday, third]);
    expect((await outsider.get(`/api/bookings/series/${booked.series.id}`)).statusCode).toBe(404);
  });

  it('moves a series to another scan and time, then cancels what is left', async () => {
    const monday = upcoming(2);
    const [mri, ct] = [await addScan(admin, { name: 'MRI Knee' }), await addScan(admin, { name: 'CT Knee', category: 'CT' })];
    const patient = await addPatient(admin);
    const booked = (
      await worker.post('/api/bookings/series', { serviceId: mri.id, patientId: patient.id, startDate: monday, startTime: '09:00', every: { n: 2, unit: 'day' }, count: 2 })
    ).json<BookingSeriesBooked>();
    expect(booked.visits).toHaveLength(2);

    const moved = await worker.post(`/api/bookings/series/${booked.series.id}/reschedule`, { serviceId: ct.id, startTime: '11:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    const change = moved.json<SeriesChangeResult>();
    expect(change.changed).toHaveLength(2);
    expect(change.series).toMatchObject({ ownerId: ct.id, startTime: '11:00' });
    const after = (await worker.get(`/api/bookings/series/${booked.series.id}`)).json<BookingSeries>();
    expect(after.visits.map((visit) => [visit.serviceName, visit.startTime])).toEqual([
      ['CT Knee', '11:00'],
      ['CT Knee', '11:00'],
    ]);

    const noReason = await worker.post(`/api/bookings/series/${booked.series.id}/cancel`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<ErrorBody>().issues?.[0]).toMatchObject({ path: 'reason' });
    const cancelled = await worker.post(`/api/bookings/series/${booked.series.id}/cancel`, { reason: 'Course stopped' });
    expect(cancelled.json<SeriesChangeResult>().changed).toHaveLength(2);
    expect((await worker.get(`/api/bookings/series/${booked.series.id}`)).json<BookingSeries>().visits.map((visit) => visit.status)).toEqual(['CANCELLED', 'CANCELLED']);
  });
});
