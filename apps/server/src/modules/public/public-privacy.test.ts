import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, addScan, createOrganisation, daysFromToday, staffClients, uniquePhone } from '../../test/fixtures.js';
import { pathParamsOf, routesOf } from '../../test/routes.js';
import { randomIp, signInPatient } from '../patient-api/test-support.js';

/** Public routes that serve a patient's own document to whoever holds the signed link in their message. */
const SIGNED_LINKS = ['/api/public/billing/receipts/:id/receipt.pdf', '/api/public/billing/credit-notes/:id/credit-note.pdf'];

/**
 * Every route under /api/public, read from the app's own route table so a new one is covered the
 * day it is added, called for an organisation full of patients and visits: no reply may carry a
 * patient's name, phone, or the id of a patient or visit.
 */
describe.each(drivers)('the public routes expose nothing of any patient (%s)', (driver) => {
  let t: TestApp;
  const secrets: string[] = [];
  const params: Record<string, string[]> = {};
  // By path (GET and HEAD alike): where a parameter's values depend on the route (a doctor's id, a scan's), and the query each route needs.
  const routeParams: Record<string, Record<string, string[]>> = {};
  const queries: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(driver);
    const org = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL', onlineBooking: { cutoffMinutes: 0 } });
    const { admin } = await staffClients(t.app, org);
    const [doctor, scan] = await Promise.all([addDoctor(admin, { patientsPerSlot: 2 }), addScan(admin, { capacityPerSlot: 2 })]);
    const date = daysFromToday(1);
    const appointmentIds: string[] = [];
    for (const [index, name] of ['Kamala Venkataraman', 'Yusuf Qureshi', 'Harpreet Dhillon'].entries()) {
      const patient = await addPatient(admin, { name, phone: uniquePhone() });
      const appointment = await admin.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date, startTime: `09:${String(index * 15).padStart(2, '0')}` });
      const booking = await admin.post('/api/bookings', { serviceId: scan.id, patientId: patient.id, date, startTime: ['09:00', '09:30', '10:00'][index] });
      expect([appointment.statusCode, booking.statusCode]).toEqual([201, 201]);
      appointmentIds.push(appointment.json<{ id: string }>().id);
      secrets.push(name, patient.phone, patient.phone.slice(3), patient.id, appointment.json<{ id: string }>().id, booking.json<{ id: string }>().id);
    }
    // A receipt and a credit note of the first patient, for the signed links to them.
    const bill = (await admin.get(`/api/billing/bills?visitId=${appointmentIds[0]}`)).json<{ id: string }>();
    const payment = await admin.post(`/api/billing/bills/${bill.id}/payments`, { mode: 'CASH', amountPaise: 200 });
    const refund = await admin.post(`/api/billing/bills/${bill.id}/refunds`, { mode: 'CASH', amountPaise: 100, reason: 'Overcharged' });
    expect([payment.statusCode, refund.statusCode], refund.body).toEqual([201, 201]);
    routeParams['/api/public/billing/receipts/:id/receipt.pdf'] = { id: [payment.json<{ id: string }>().id] };
    routeParams['/api/public/billing/credit-notes/:id/credit-note.pdf'] = { id: [refund.json<{ id: string }>().id] };
    // A patient who booked through the app, for a family member too.
    const app = await signInPatient(t);
    const booked = await app.post('/api/patient/appointments', {
      organisationId: org.id,
      doctorId: doctor.id,
      date,
      startTime: '10:00',
      patient: { name: 'Lakshmi Iyer', gender: 'FEMALE' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const visit = booked.json<{ id: string; patientId: string }>();
    secrets.push('Lakshmi Iyer', app.phone, app.phone.slice(3), visit.id, visit.patientId);

    // Its current slug, and a former one that redirects.
    const former = org.slug;
    expect((await admin.patch('/api/settings/organisation', { slug: `now-${former}`.slice(0, 60) })).statusCode).toBe(200);
    params.slug = [`now-${former}`.slice(0, 60), former];
    // The slots of the day full of visits above.
    routeParams['/api/public/organisations/:slug/doctors/:id/slots'] = { id: [doctor.id] };
    routeParams['/api/public/organisations/:slug/services/:id/slots'] = { id: [scan.id] };
    queries['/api/public/organisations/:slug/doctors/:id/slots'] = `date=${date}`;
    queries['/api/public/organisations/:slug/services/:id/slots'] = `date=${date}`;
  });
  afterAll(() => t.close());

  it('covers every route under /api/public', () => {
    const routes = routesOf(t.app).filter((route) => route.split(' ')[1]!.startsWith('/api/public/'));
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/public/organisations/:slug',
        'GET /api/public/organisations/:slug/doctors/:id/slots',
        'GET /api/public/organisations/:slug/services/:id/slots',
      ]),
    );
  });

  it('answers every public route without a patient’s name, phone, or any patient or visit id', async () => {
    const routes = routesOf(t.app).filter((route) => route.split(' ')[1]!.startsWith('/api/public/'));
    let calls = 0;
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      const names = pathParamsOf(path);
      const valuesOf = (name: string) => routeParams[path]?.[name] ?? params[name];
      const unknown = names.filter((name) => !valuesOf(name));
      expect(unknown, `${route}: give this test a value for each path parameter`).toEqual([]);
      // Every combination of the values of each parameter.
      let urls = [queries[path] ? `${path}?${queries[path]}` : path];
      for (const name of names) urls = urls.flatMap((url) => valuesOf(name)!.map((value) => url.replace(`:${name}`, encodeURIComponent(value))));
      for (const url of urls) {
        const response = await t.app.inject({ method: method as 'GET', url, remoteAddress: randomIp() });
        // A signed link's credential is its signature: without one, a real document's id is not found.
        if (SIGNED_LINKS.includes(path)) expect(response.statusCode, `${route} ${url}: ${response.body}`).toBe(404);
        else expect(response.statusCode, `${route} ${url}: ${response.body}`).toBeLessThan(400);
        const reply = JSON.stringify(response.headers) + response.body;
        for (const secret of secrets) expect(reply.includes(secret), `${url} carries ${secret}`).toBe(false);
        calls += 1;
      }
    }
    expect(calls).toBeGreaterThan(1);
  });
});
