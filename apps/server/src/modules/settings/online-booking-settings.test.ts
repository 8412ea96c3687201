import { onlineBookingSettingsSchema, type ErrorBody, type OnlineBookingSettings } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addScan, createOrganisation, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';

describe.each(drivers)('Settings → Online booking (%s)', (driver) => {
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let clients: { admin: ApiClient; worker: ApiClient };
  let doctorId: string;
  let scanId: string;

  beforeAll(async () => {
    // A multi-hospital group takes both appointments and scan/test bookings.
    org = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    clients = await staffClients(t.app, org);
    doctorId = (await addDoctor(clients.admin, { name: 'Dr. Meera Joshi' })).id;
    scanId = (await addScan(clients.admin, { name: 'MRI Brain', category: 'MRI' })).id;
    // An "other service" is never booked online: the settings leave it out.
    await addScan(clients.admin, { kind: 'OTHER', name: 'Dressing', category: 'Procedure' });
  });

  const settings = async (client = clients.admin) => {
    const response = await client.get('/api/settings/online-booking');
    expect(response.statusCode, response.body).toBe(200);
    return onlineBookingSettingsSchema.parse(response.json());
  };
  const change = (body: unknown, client = clients.admin) => client.patch('/api/settings/online-booking', body);

  it('starts off, 30 days ahead, 60 minutes’ cut-off; every active doctor and scan/test switched on', async () => {
    expect(await settings()).toEqual({
      slug: org.slug,
      enabled: false,
      horizonDays: 30,
      cutoffMinutes: 60,
      requireConfirmation: false,
      waitlistHoldMinutes: 30,
      waitlistLeadMinutes: 15,
      doctors: [{ id: doctorId, name: 'Dr. Meera Joshi', specialization: 'Cardiology', onlineBooking: true }],
      services: [{ id: scanId, name: 'MRI Brain', kind: 'SCAN', category: 'MRI', onlineBooking: true }],
    });
  });

  it('changes only what is sent, and keeps it', async () => {
    const response = await change({ enabled: true, horizonDays: 14, doctors: [{ id: doctorId, onlineBooking: false }] });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json<OnlineBookingSettings>();
    expect(after).toMatchObject({
      enabled: true,
      horizonDays: 14,
      cutoffMinutes: 60,
      doctors: [{ id: doctorId, onlineBooking: false }],
      services: [{ id: scanId, onlineBooking: true }],
    });
    expect(await settings()).toEqual(after);
    const next = (await change({ cutoffMinutes: 0, services: [{ id: scanId, onlineBooking: false }] })).json<OnlineBookingSettings>();
    expect(next).toMatchObject({ enabled: true, horizonDays: 14, cutoffMinutes: 0, services: [{ id: scanId, onlineBooking: false }] });
    await change({ doctors: [{ id: doctorId, onlineBooking: true }], services: [{ id: scanId, onlineBooking: true }] });
  });

  it('refuses a horizon outside 1-180 days and a cut-off outside 0-1440 minutes, naming the field', async () => {
    const before = await settings();
    for (const [body, field] of [
      [{ horizonDays: 0 }, 'horizonDays'],
      [{ horizonDays: 181 }, 'horizonDays'],
      [{ horizonDays: 2.5 }, 'horizonDays'],
      [{ cutoffMinutes: -1 }, 'cutoffMinutes'],
      [{ cutoffMinutes: 1441 }, 'cutoffMinutes'],
      [{ waitlistHoldMinutes: 4 }, 'waitlistHoldMinutes'],
      [{ waitlistHoldMinutes: 241 }, 'waitlistHoldMinutes'],
      [{ waitlistLeadMinutes: -1 }, 'waitlistLeadMinutes'],
      [{ waitlistLeadMinutes: 241 }, 'waitlistLeadMinutes'],
      [{ enabled: 'yes' }, 'enabled'],
      [{ requireConfirmation: 'yes' }, 'requireConfirmation'],
      [{ requireConfirmation: null }, 'requireConfirmation'],
      [{ doctors: [{ id: 'nope', onlineBooking: true }] }, 'doctors.0.id'],
    ] as const) {
      const response = await change(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<ErrorBody>().issues?.map((issue) => issue.path)).toEqual([field]);
    }
    for (const body of [{ horizonDays: 1 }, { horizonDays: 180 }, { cutoffMinutes: 0 }, { cutoffMinutes: 1440 }, { waitlistHoldMinutes: 5 }, { waitlistLeadMinutes: 240 }]) {
      expect((await change(body)).statusCode).toBe(200);
    }
    expect(await settings()).toMatchObject({ waitlistHoldMinutes: 5, waitlistLeadMinutes: 240 });
    await change({
      horizonDays: before.horizonDays,
      cutoffMinutes: before.cutoffMinutes,
      waitlistHoldMinutes: before.waitlistHoldMinutes,
      waitlistLeadMinutes: before.waitlistLeadMinutes,
    });
  });

  it('asks for the desk’s confirmation of online bookings when turned on, and keeps the other rules', async () => {
    const before = await settings();
    const on = await change({ requireConfirmation: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<OnlineBookingSettings>()).toEqual({ ...before, requireConfirmation: true });
    expect(await settings()).toEqual({ ...before, requireConfirmation: true });
    expect((await change({ horizonDays: before.horizonDays })).json<OnlineBookingSettings>().requireConfirmation).toBe(true);
    expect((await change({ requireConfirmation: false })).json<OnlineBookingSettings>()).toEqual(before);
  });

  it('answers 404 for another organisation’s doctor or scan, and changes nothing', async () => {
    const other = await createOrganisation(t.database.db);
    const otherAdmin = (await staffClients(t.app, other)).admin;
    const theirDoctor = (await addDoctor(otherAdmin)).id;
    const before = await settings();
    const response = await change({
      enabled: !before.enabled,
      doctors: [
        { id: doctorId, onlineBooking: false },
        { id: theirDoctor, onlineBooking: false },
      ],
    });
    expect(response.statusCode).toBe(404);
    expect(await settings()).toEqual(before);
    expect((await settings(otherAdmin)).doctors).toEqual([expect.objectContaining({ id: theirDoctor, onlineBooking: true })]);
  });

  it('lists no doctors for a scan centre, which takes no appointments', async () => {
    const scanCentre = await createOrganisation(t.database.db, { type: 'SCAN' });
    expect((await settings((await staffClients(t.app, scanCentre)).admin)).doctors).toEqual([]);
  });

  it('is for administrators only', async () => {
    expect((await clients.worker.get('/api/settings/online-booking')).statusCode).toBe(403);
    expect((await change({ enabled: false }, clients.worker)).statusCode).toBe(403);
  });
});
