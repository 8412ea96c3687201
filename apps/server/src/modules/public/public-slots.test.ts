import { slotsResponseSchema, type ErrorBody, type SlotsResponse } from '@caredesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp, type TestApp } from '../../test/app.js';
import { MID_MORNING, pinClockAt } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, addScan, createOrganisation, daysFromToday, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { randomIp, signInPatient } from '../patient-api/test-support.js';

describe.each(drivers)('GET /api/public/organisations/{slug}/…/{id}/slots: free slots before signing in (%s)', (driver) => {
  // 10:30 in India: the default 60 minutes' cut-off closes today's slots before 11:30.
  pinClockAt(MID_MORNING);
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let admin: ApiClient;
  let doctor: { id: string };
  let scan: { id: string };
  const get = (url: string) => t.app.inject({ url, remoteAddress: randomIp() });
  const slotsOf = async (url: string): Promise<SlotsResponse> => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return slotsResponseSchema.parse(response.json());
  };

  beforeAll(async () => {
    org = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL', onlineBooking: { horizonDays: 5 } });
    ({ admin } = await staffClients(t.app, org));
    [doctor, scan] = await Promise.all([addDoctor(admin, { slotMinutes: 15 }), addScan(admin)]);
  });

  it('offers the slots the signed-in app would: a taken one is gone, and so is everything inside the cut-off', async () => {
    const date = daysFromToday(2);
    const patient = await addPatient(admin);
    expect((await admin.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date, startTime: '09:15' })).statusCode).toBe(201);
    const shown = await slotsOf(`/api/public/organisations/${org.slug}/doctors/${doctor.id}/slots?date=${date}`);
    expect(shown.date).toBe(date);
    expect(shown.slots.map((slot) => slot.start)).not.toContain('09:15');
    expect(shown.slots.map((slot) => slot.start)).toContain('09:00');
    const app = await signInPatient(t);
    expect(shown).toEqual((await app.get(`/api/patient/organisations/${org.id}/doctors/${doctor.id}/slots?date=${date}`)).json());

    const today = await slotsOf(`/api/public/organisations/${org.slug}/doctors/${doctor.id}/slots?date=${daysFromToday(0)}`);
    expect(today.slots.length).toBeGreaterThan(0);
    expect(today.slots.every((slot) => slot.start >= '11:30')).toBe(true);

    const scanSlots = await slotsOf(`/api/public/organisations/${org.slug}/services/${scan.id}/slots?date=${date}`);
    expect(scanSlots.slots.map((slot) => slot.start)).toContain('09:00');
  });

  it('offers nothing beyond the booking horizon', async () => {
    expect((await slotsOf(`/api/public/organisations/${org.slug}/doctors/${doctor.id}/slots?date=${daysFromToday(6)}`)).slots).toEqual([]);
    expect((await slotsOf(`/api/public/organisations/${org.slug}/doctors/${doctor.id}/slots?date=${daysFromToday(5)}`)).slots.length).toBeGreaterThan(0);
  });

  it('answers 400 naming date for a date that is not one', async () => {
    for (const date of ['tomorrow', '2025-02-30', '']) {
      const response = await get(`/api/public/organisations/${org.slug}/doctors/${doctor.id}/slots?date=${date}`);
      expect(response.statusCode, date).toBe(400);
      expect(response.json<ErrorBody>().issues?.map((issue) => issue.path)).toEqual(['date']);
    }
  });

  it('answers 404 Not found alike for whatever takes no online bookings, or is not there', async () => {
    const date = daysFromToday(2);
    const [offline, retired] = await Promise.all([addDoctor(admin), addDoctor(admin)]);
    await admin.patch('/api/settings/online-booking', { doctors: [{ id: offline.id, onlineBooking: false }] });
    await admin.patch(`/api/doctors/${retired.id}`, { active: false });
    const closed = await createOrganisation(t.database.db);
    const closedDoctor = await addDoctor((await staffClients(t.app, closed)).admin);
    const other = await createOrganisation(t.database.db, { onlineBooking: {} });
    const theirs = await addDoctor((await staffClients(t.app, other)).admin);
    const urls = [
      `/api/public/organisations/${org.slug}/doctors/${offline.id}/slots?date=${date}`,
      `/api/public/organisations/${org.slug}/doctors/${retired.id}/slots?date=${date}`,
      `/api/public/organisations/${org.slug}/doctors/${theirs.id}/slots?date=${date}`,
      `/api/public/organisations/${org.slug}/doctors/${scan.id}/slots?date=${date}`,
      `/api/public/organisations/${org.slug}/services/${doctor.id}/slots?date=${date}`,
      `/api/public/organisations/${closed.slug}/doctors/${closedDoctor.id}/slots?date=${date}`,
      `/api/public/organisations/no-such-hospital/doctors/${doctor.id}/slots?date=${date}`,
      `/api/public/organisations/Bad%20Slug!/doctors/${doctor.id}/slots?date=${date}`,
    ];
    for (const url of urls) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json<ErrorBody>().message, url).toBe('Not found');
    }
  });

  it('sends a former slug on to the current one (308), keeping the date', async () => {
    const moving = await createOrganisation(t.database.db, { onlineBooking: {} });
    const movingAdmin = (await staffClients(t.app, moving)).admin;
    const movingDoctor = await addDoctor(movingAdmin);
    const current = `new-${moving.slug}`.slice(0, 60);
    expect((await movingAdmin.patch('/api/settings/organisation', { slug: current })).statusCode).toBe(200);
    const date = daysFromToday(1);
    const response = await get(`/api/public/organisations/${moving.slug}/doctors/${movingDoctor.id}/slots?date=${date}`);
    expect(response.statusCode).toBe(308);
    expect(response.headers.location).toBe(`/api/public/organisations/${current}/doctors/${movingDoctor.id}/slots?date=${date}`);
    expect((await slotsOf(response.headers.location as string)).slots.length).toBeGreaterThan(0);
  });
});

describe.each(drivers)('the public slots are rate limited with the public page (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { PUBLIC_RATE_LIMIT: 2 });
  });
  afterAll(() => t.close());

  it('counts the slots and the page together per client address: 429 with Retry-After past the limit', async () => {
    const ip = randomIp();
    const id = '00000000-0000-4000-8000-000000000000';
    const urls = ['/api/public/organisations/no-such-hospital', `/api/public/organisations/no-such-hospital/doctors/${id}/slots?date=2030-01-01`];
    const answers = [];
    for (const url of [...urls, urls[1]!]) answers.push(await t.app.inject({ url, remoteAddress: ip }));
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 429]);
    expect(Number(answers[2]!.headers['retry-after'])).toBeGreaterThan(0);
  });
});
