import { publicOrganisationSchema, type PublicOrganisation } from '@caredesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp, type TestApp } from '../../test/app.js';
import { MID_MORNING, pinClockAt } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addFacility, addPatient, addScan, createOrganisation, daysFromToday, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { randomIp } from '../patient-api/test-support.js';
import { openingHours } from './service.js';

describe('openingHours', () => {
  it('merges the windows of each weekday where they touch or overlap', () => {
    expect(
      openingHours([
        { weekday: 1, start: '09:00', end: '13:00' },
        { weekday: 1, start: '12:00', end: '14:00' },
        { weekday: 1, start: '17:00', end: '20:00' },
        { weekday: 0, start: '10:00', end: '12:00' },
      ]),
    ).toEqual([
      { weekday: 0, windows: [{ start: '10:00', end: '12:00' }] },
      {
        weekday: 1,
        windows: [
          { start: '09:00', end: '14:00' },
          { start: '17:00', end: '20:00' },
        ],
      },
    ]);
  });
});

describe.each(drivers)('GET /api/public/organisations/{slug}: the public page (%s)', (driver) => {
  // 10:30 in India: the default 60 minutes' cut-off puts today's first bookable slot at about 11:30.
  pinClockAt(MID_MORNING);
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let admin: ApiClient;

  const get = (slug: string, app = t.app, ip = randomIp()) => app.inject({ url: `/api/public/organisations/${slug}`, remoteAddress: ip });
  const page = async (slug: string) => {
    const response = await get(slug);
    expect(response.statusCode, response.body).toBe(200);
    return publicOrganisationSchema.parse(response.json());
  };

  beforeAll(async () => {
    org = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL', onlineBooking: {} });
    ({ admin } = await staffClients(t.app, org));
  });

  it('shows the organisation, its facilities with hours and a map link, and what takes online bookings, with the next free slot', async () => {
    const branch = await addFacility(t.database.db, org.id, 'Kothrud Branch');
    await admin.patch(`/api/facilities/${branch.id}`, { address: '12 Paud Road, Kothrud, Pune', phone: '+912025431234' });
    const meera = await addDoctor(admin, { name: 'Dr. Meera Joshi', specialization: 'Cardiology', facilityId: branch.id, consultationFeePaise: 80_000 });
    const quiet = await addDoctor(admin, { name: 'Dr. Nitin Gokhale', facilityId: branch.id });
    const retired = await addDoctor(admin, { name: 'Dr. Anil Mehta' });
    const scan = await addScan(admin, { name: 'MRI Brain', facilityId: branch.id, preparation: 'No metal objects' });
    await admin.patch(`/api/doctors/${retired.id}`, { active: false });
    await admin.patch('/api/settings/online-booking', { doctors: [{ id: quiet.id, onlineBooking: false }] });

    const response = await get(org.slug);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const shown: PublicOrganisation = publicOrganisationSchema.parse(response.json());
    expect(shown).toMatchObject({
      id: org.id,
      slug: org.slug,
      name: org.name,
      type: 'MULTIHOSPITAL',
      logoUrl: null,
      horizonDays: 30,
      cutoffMinutes: 60,
      requireConfirmation: false,
    });
    const kothrud = shown.facilities.find((facility) => facility.id === branch.id)!;
    expect(kothrud).toMatchObject({ name: 'Kothrud Branch', address: '12 Paud Road, Kothrud, Pune', phone: '+912025431234' });
    expect(kothrud.mapUrl).toBe(`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Kothrud Branch, 12 Paud Road, Kothrud, Pune')}`);
    // Every doctor and scan there works mornings, every day.
    expect(kothrud.hours).toHaveLength(7);
    expect(kothrud.hours[0]).toEqual({ weekday: 0, windows: [{ start: '09:00', end: '13:00' }] });

    expect(shown.doctors.map((doctor) => doctor.name)).toEqual(['Dr. Meera Joshi']);
    const [doctor] = shown.doctors;
    expect(doctor).toMatchObject({ id: meera.id, specialization: 'Cardiology', facilityId: branch.id, feePaise: 80_000, slotMinutes: 15 });
    expect(doctor!.nextSlot?.date).toBe(daysFromToday(0));
    expect(['11:30', '11:45']).toContain(doctor!.nextSlot?.startTime);
    expect(shown.services).toEqual([
      expect.objectContaining({ id: scan.id, name: 'MRI Brain', kind: 'SCAN', category: 'MRI', preparation: 'No metal objects', includes: [], facilityId: branch.id }),
    ]);
    expect(shown.services[0]!.nextSlot?.date).toBe(daysFromToday(0));
  });

  it('counts booked slots: a full day moves the next free slot on, and nothing within the horizon is null', async () => {
    const other = await createOrganisation(t.database.db, { type: 'HOSPITAL', onlineBooking: { cutoffMinutes: 0, horizonDays: 3 } });
    const otherAdmin = (await staffClients(t.app, other)).admin;
    const date = daysFromToday(2);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const doctor = await addDoctor(otherAdmin, { availability: [{ weekday, start: '09:00', end: '09:30' }], slotMinutes: 15 });
    const never = await addDoctor(otherAdmin, { availability: [] });
    expect((await page(other.slug)).doctors.find((d) => d.id === doctor.id)?.nextSlot).toEqual({ date, startTime: '09:00' });
    const patient = await addPatient(otherAdmin);
    expect((await otherAdmin.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date, startTime: '09:00' })).statusCode).toBe(201);
    // A new organisation's page is not cached yet; this one is, so read it through a fresh slug.
    const renamed = `moved-${other.slug}`.slice(0, 60);
    expect((await otherAdmin.patch('/api/settings/organisation', { slug: renamed })).statusCode).toBe(200);
    const shown = await page(renamed);
    expect(shown.doctors.find((d) => d.id === doctor.id)?.nextSlot).toEqual({ date, startTime: '09:15' });
    expect(shown.doctors.find((d) => d.id === never.id)?.nextSlot).toBeNull();
  });

  it('sends a former slug on to the current one (308)', async () => {
    const moving = await createOrganisation(t.database.db, { onlineBooking: {} });
    const movingAdmin = (await staffClients(t.app, moving)).admin;
    const current = `new-${moving.slug}`.slice(0, 60);
    expect((await movingAdmin.patch('/api/settings/organisation', { slug: current })).statusCode).toBe(200);
    const response = await get(moving.slug);
    expect(response.statusCode).toBe(308);
    expect(response.headers.location).toBe(`/api/public/organisations/${current}`);
    expect((await page(current)).name).toBe(moving.name);
  });

  it('answers 404 Not found for an unknown slug and for an organisation whose online booking is off', async () => {
    const closed = await createOrganisation(t.database.db);
    for (const slug of ['no-such-hospital', closed.slug, 'Bad Slug!', 'x'.repeat(100)]) {
      const response = await get(encodeURIComponent(slug));
      expect(response.statusCode, slug).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Not found' });
    }
  });

  it('keeps a page for a short while: a change shows once the cache has expired', async () => {
    const cached = await createOrganisation(t.database.db, { onlineBooking: {} });
    const cachedAdmin = (await staffClients(t.app, cached)).admin;
    const doctor = await addDoctor(cachedAdmin);
    expect((await page(cached.slug)).doctors).toHaveLength(1);
    await cachedAdmin.patch('/api/settings/online-booking', { doctors: [{ id: doctor.id, onlineBooking: false }] });
    expect((await page(cached.slug)).doctors).toHaveLength(1);
  });
});

describe.each(drivers)('the public page is rate limited per client address (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { PUBLIC_RATE_LIMIT: 2 });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After past the limit, for that address only', async () => {
    const ip = randomIp();
    const answers = [];
    for (let n = 0; n < 3; n += 1) answers.push(await t.app.inject({ url: '/api/public/organisations/no-such-hospital', remoteAddress: ip }));
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 429]);
    expect(Number(answers[2]!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.app.inject({ url: '/api/public/organisations/no-such-hospital', remoteAddress: randomIp() })).statusCode).toBe(404);
  });
});
