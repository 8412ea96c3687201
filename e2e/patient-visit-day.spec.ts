import type { APIRequestContext } from '@playwright/test';
import { awayFromOrganisationMidnight, organisationDay } from './support/dates.ts';
import { uniqueSuffix } from './support/files.ts';
import { expect, test } from './support/fixtures.ts';
import { keepPatientSession, patientSession, signInStaff, type Headers } from './support/patient-app.ts';

// The patient app is used on phones.
test.use({ viewport: { width: 375, height: 812 } });

const TINY_PDF = '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n';
const ALL_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '23:59' }));

/** The desk's API: each call must succeed. */
function desk(request: APIRequestContext, headers: Headers) {
  return async <T = { id: string }>(path: string, data: unknown = {}): Promise<T> => {
    const response = await request.post(path, { headers, data });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
}

/** A phone of this test's own (+91, 10 digits starting 9): the desk writes the 10 digits. */
function newPhone(): { digits: string; e164: string } {
  const digits = `94${String(Date.now()).slice(-8)}`;
  return { digits, e164: `+91${digits}` };
}

test('the desk checks the patient in and calls the queue on; the app shows their place move without a reload', async ({ page, request }) => {
  await awayFromOrganisationMidnight();
  const post = desk(request, await signInStaff(request, 'admin@hospital.demo'));
  const doctorName = `Dr. Queue Walker ${uniqueSuffix()}`;
  const doctor = await post('/api/doctors', {
    name: doctorName,
    specialization: 'General Medicine',
    consultationFeePaise: 40000,
    slotMinutes: 5,
    patientsPerSlot: 3,
    tokenPrefix: 'Q',
    room: 'Room 7',
    availability: ALL_DAY,
  });
  const today = organisationDay();
  const { slots } = (await (await request.get(`/api/doctors/${doctor.id}/slots?date=${today}`, { headers: await signInStaff(request, 'admin@hospital.demo') })).json()) as {
    slots: { start: string }[];
  };
  const startTime = slots[0]!.start;
  // Two patients ahead of ours, checked in first; then ours, booked by the desk with their phone.
  const phone = newPhone();
  const visits: { id: string; tokenLabel: string }[] = [];
  for (const [name, mobile] of [
    [`Ahead One ${uniqueSuffix()}`, `95${String(Date.now() + 1).slice(-8)}`],
    [`Ahead Two ${uniqueSuffix()}`, `95${String(Date.now() + 2).slice(-8)}`],
    [`Kamala Devi ${uniqueSuffix()}`, phone.digits],
  ] as const) {
    const patient = await post('/api/patients', { name, phone: mobile, gender: 'FEMALE' });
    const visit = await post<{ id: string; tokenLabel: string }>('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date: today, startTime });
    visits.push(visit);
  }
  const ours = visits[2]!;
  expect(ours.tokenLabel).toBe('Q-003');

  await keepPatientSession(page, await patientSession(request, phone.e164));
  await page.goto('/p/visits');
  const card = page.getByRole('list', { name: 'Upcoming' }).getByRole('article', { name: doctorName });
  const queue = card.getByRole('region', { name: "Today's queue" });
  await expect(queue).toContainText('The queue has not started yet');
  await expect(queue).toContainText('Check in at the reception desk when you arrive');

  for (const visit of visits) await post(`/api/appointments/${visit.id}/actions/check-in`);
  await expect(card).toContainText('Checked in');
  await expect(queue).toContainText('You are Q-003');
  await expect(queue).toContainText('2 ahead of you');
  // Nobody called yet today: the estimate rests on the 5-minute slot.
  await expect(queue).toContainText('about 10 min');
  await expect(queue).toContainText('Estimated from the usual time per patient');

  await post(`/api/tokens/doctors/${doctor.id}/actions/call-next`);
  await expect(queue).toContainText('Now serving Q-001');
  await expect(queue).toContainText('1 ahead of you');

  await post(`/api/tokens/doctors/${doctor.id}/actions/call-next`);
  await expect(queue).toContainText('Now serving Q-002');
  await expect(queue).toContainText('You are next');

  await post(`/api/tokens/doctors/${doctor.id}/actions/call-next`);
  await expect(queue).toContainText("It's your turn: please go to Room 7.");
  // All of it without a reload: the page loaded the visit list once.
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
});

test('a report the desk uploads is downloaded in the app through a short-lived link', async ({ page, request }) => {
  // A visit is checked in and completed on its day only. The 15-minute scan's last slot today
  // starts at 23:30 (23:45 would end past 23:59): CI once ran this at 23:33 under the default 15.
  await awayFromOrganisationMidnight(40);
  const headers = await signInStaff(request, 'admin@scan.demo');
  const post = desk(request, headers);
  const scanName = `Ultrasound Abdomen ${uniqueSuffix()}`;
  const scan = await post('/api/services', {
    kind: 'SCAN',
    name: scanName,
    category: 'USG',
    pricePaise: 120000,
    durationMinutes: 15,
    availability: ALL_DAY,
    capacityPerSlot: 1,
    tokenPrefix: 'U',
  });
  const today = organisationDay();
  const { slots } = (await (await request.get(`/api/services/${scan.id}/slots?date=${today}`, { headers })).json()) as { slots: { start: string }[] };
  const phone = newPhone();
  const patient = await post('/api/patients', { name: `Lakshmi Narayan ${uniqueSuffix()}`, phone: phone.digits, gender: 'MALE' });
  const booking = await post('/api/bookings', { serviceId: scan.id, patientId: patient.id, date: today, startTime: slots[0]!.start });
  for (const action of ['check-in', 'start', 'complete']) await post(`/api/bookings/${booking.id}/actions/${action}`);
  const uploaded = await request.post('/api/admin/upload', {
    headers,
    multipart: { file: { name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from(TINY_PDF) }, visibility: 'private' },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  await post(`/api/bookings/${booking.id}/report`, { uploadId: ((await uploaded.json()) as { id: string }).id });

  await keepPatientSession(page, await patientSession(request, phone.e164));
  await page.goto('/p/visits');
  const card = page.getByRole('article', { name: scanName });
  await expect(card).toContainText('Report ready');
  const served = page.waitForResponse((response) => /\/api\/uploads\/private\/[0-9a-f-]{36}\?expires=\d+&signature=/.test(response.url()));
  await card.getByRole('button', { name: `Download the report of ${scanName}` }).click();
  const response = await served;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  expect(response.headers()['cache-control']).toBe('private, no-store');
});
