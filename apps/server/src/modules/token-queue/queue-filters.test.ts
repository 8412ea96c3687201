import type { ErrorBody, TokenQueuesResponse } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { indiaDate, MID_MORNING, pinClockAt } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addFacility, addPatient, addScan, createOrganisation, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { appointmentKind, bookingKind, bookVisit } from '../visits/index.js';

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '23:45' }));

/** GET /api/tokens/:kind?facilityId=&doctorId=|serviceId=&withPatients=: a desk or a display per floor. */
describe.each(drivers)('token queue filters (%s)', (driver) => {
  pinClockAt(MID_MORNING);
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let worker: ApiClient;
  let outsider: ApiClient;
  let outsiderFacility: { id: string };
  const ids = { north: '', south: '', northBusy: '', northIdle: '', southBusy: '', cancelledOnly: '', scanNorth: '', scanSouth: '' };

  beforeAll(async () => {
    const date = indiaDate();
    const midnight = new Date(`${date}T00:00:00+05:30`);
    org = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    let admin: ApiClient;
    ({ admin, worker } = await staffClients(t.app, org));
    const other = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    ({ admin: outsider } = await staffClients(t.app, other));
    outsiderFacility = await addFacility(t.database.db, other.id, 'Other North');

    ids.north = (await addFacility(t.database.db, org.id, 'North Wing')).id;
    ids.south = (await addFacility(t.database.db, org.id, 'South Wing')).id;
    ids.northBusy = (await addDoctor(admin, { name: 'Dr. North Busy', facilityId: ids.north, room: 'Room 4, ground floor', availability: EVERY_DAY })).id;
    ids.northIdle = (await addDoctor(admin, { name: 'Dr. North Idle', facilityId: ids.north, availability: EVERY_DAY })).id;
    ids.southBusy = (await addDoctor(admin, { name: 'Dr. South Busy', facilityId: ids.south, availability: EVERY_DAY })).id;
    ids.cancelledOnly = (await addDoctor(admin, { name: 'Dr. South Cancelled', facilityId: ids.south, availability: EVERY_DAY })).id;
    const staffActor = { organisationId: org.id, staffId: org.admin.id };
    for (const [doctorId, startTime] of [
      [ids.northBusy, '11:00'],
      [ids.southBusy, '11:15'],
      [ids.cancelledOnly, '11:30'],
    ] as const) {
      const patient = await addPatient(admin);
      const visitId = await bookVisit(t.database.db, appointmentKind, staffActor, { doctorId, patientId: patient.id, date, startTime, source: 'CONSOLE' }, { now: midnight });
      if (doctorId === ids.cancelledOnly) expect((await worker.post(`/api/appointments/${visitId}/actions/cancel`, { reason: 'Travelling' })).statusCode).toBe(200);
    }

    ids.scanNorth = (await addScan(admin, { name: 'CT North', facilityId: ids.north, room: 'CT room', availability: EVERY_DAY })).id;
    ids.scanSouth = (await addScan(admin, { name: 'MRI South', facilityId: ids.south, availability: EVERY_DAY })).id;
    const patient = await addPatient(admin);
    await bookVisit(t.database.db, bookingKind, staffActor, { serviceId: ids.scanSouth, patientId: patient.id, date, startTime: '11:00', source: 'CONSOLE' }, { now: midnight });
  });

  const list = async (client: ApiClient, url: string) => {
    const response = await client.get(url);
    expect(response.statusCode).toBe(200);
    return response.json<TokenQueuesResponse>();
  };
  const names = (response: TokenQueuesResponse) => response.queues.map((queue) => queue.name).sort();

  it('without filters lists every queue of the day, each with its facility and room', async () => {
    const all = await list(worker, '/api/tokens/doctors');
    expect(names(all)).toEqual(['Dr. North Busy', 'Dr. North Idle', 'Dr. South Busy', 'Dr. South Cancelled']);
    expect(all.queues.find((queue) => queue.id === ids.northBusy)).toMatchObject({ facilityId: ids.north, resource: 'DOCTOR', room: 'Room 4, ground floor' });
    expect(all.queues.find((queue) => queue.id === ids.northIdle)).toMatchObject({ room: null });
    expect(all.owners.map((owner) => owner.id).sort()).toEqual(all.queues.map((queue) => queue.id).sort());
  });

  it('by facility: only that facility’s doctors, and only they are offered as the doctor filter', async () => {
    const north = await list(worker, `/api/tokens/doctors?facilityId=${ids.north}`);
    expect(names(north)).toEqual(['Dr. North Busy', 'Dr. North Idle']);
    expect(north.owners.map((owner) => owner.name).sort()).toEqual(['Dr. North Busy', 'Dr. North Idle']);
  });

  it('by doctor: that one queue, while the choices stay the facility’s', async () => {
    const one = await list(worker, `/api/tokens/doctors?facilityId=${ids.south}&doctorId=${ids.southBusy}`);
    expect(names(one)).toEqual(['Dr. South Busy']);
    expect(one.queues[0]?.notArrived).toHaveLength(1);
    expect(one.owners.map((owner) => owner.name).sort()).toEqual(['Dr. South Busy', 'Dr. South Cancelled']);
    // A doctor of another facility than the one chosen: nothing.
    expect((await list(worker, `/api/tokens/doctors?facilityId=${ids.north}&doctorId=${ids.southBusy}`)).queues).toEqual([]);
  });

  it('only doctors with patients today: a cancelled visit is no patient', async () => {
    expect(names(await list(worker, '/api/tokens/doctors?withPatients=true'))).toEqual(['Dr. North Busy', 'Dr. South Busy']);
    expect(names(await list(worker, `/api/tokens/doctors?withPatients=true&facilityId=${ids.north}`))).toEqual(['Dr. North Busy']);
    expect(names(await list(worker, '/api/tokens/doctors?withPatients=false'))).toHaveLength(4);
  });

  it('scans and tests filter by facility and by service', async () => {
    const north = await list(worker, `/api/tokens/services?facilityId=${ids.north}`);
    expect(names(north)).toEqual(['CT North']);
    expect(north.queues[0]).toMatchObject({ resource: 'SCAN', facilityId: ids.north, room: 'CT room' });
    expect(names(await list(worker, `/api/tokens/services?serviceId=${ids.scanSouth}`))).toEqual(['MRI South']);
    expect(names(await list(worker, '/api/tokens/services?withPatients=true'))).toEqual(['MRI South']);
  });

  it('a bad filter is a 400 naming the field', async () => {
    for (const [query, field] of [
      ['facilityId=north', 'facilityId'],
      ['doctorId=12', 'doctorId'],
      ['withPatients=yes', 'withPatients'],
    ] as const) {
      const response = await worker.get(`/api/tokens/doctors?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(JSON.stringify(response.json<ErrorBody>()), query).toContain(field);
    }
    // The doctor filter on scans' queues, and the service filter on doctors': named, not ignored.
    const wrongKind = await worker.get(`/api/tokens/services?doctorId=${ids.northBusy}`);
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'doctorId' })]);
    const wrongOwner = await worker.get(`/api/tokens/doctors?serviceId=${ids.scanNorth}`);
    expect(wrongOwner.statusCode).toBe(400);
    expect(wrongOwner.json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'serviceId' })]);
  });

  it('another organisation’s facility or doctor matches nothing, as in every list', async () => {
    const foreignFacility = await list(worker, `/api/tokens/doctors?facilityId=${outsiderFacility.id}`);
    expect(foreignFacility).toMatchObject({ queues: [], owners: [] });
    expect((await list(outsider, `/api/tokens/doctors?facilityId=${ids.north}`)).queues).toEqual([]);
    expect((await list(outsider, `/api/tokens/doctors?doctorId=${ids.northBusy}`)).queues).toEqual([]);
    // The same answer as an id nobody has.
    expect((await list(worker, `/api/tokens/doctors?facilityId=${crypto.randomUUID()}`)).queues).toEqual([]);
  });

  it("carries the organisation's own language for the display: its message default, English until set", async () => {
    expect((await list(worker, '/api/tokens/doctors')).language).toBe('en');
    // The other organisation's admin chooses Kannada in Settings → Messages: theirs alone changes.
    expect((await outsider.patch('/api/messages/settings', { defaultLanguage: 'kn' })).statusCode).toBe(200);
    expect((await list(outsider, '/api/tokens/services')).language).toBe('kn');
    expect((await list(worker, '/api/tokens/services')).language).toBe('en');
  });
});
