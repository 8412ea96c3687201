import type { APIRequestContext } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { organisationDay } from './support/dates.ts';
import { uniqueSuffix } from './support/files.ts';
import { expect, test } from './support/fixtures.ts';
import { keepPatientSession, patientSession, signInStaff, type Headers } from './support/patient-app.ts';

// Issue 21: a place frees on a full day; the first patient on its waitlist takes it in the app.

// The patient app is used on phones.
test.use({ viewport: { width: 375, height: 812 } });

/** One 09:00–09:30 window every day in 15-minute slots of one patient: two visits fill a day. */
const TWO_SLOTS = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '09:30' }));

/** The desk's API: each call must succeed. */
function desk(request: APIRequestContext, headers: Headers) {
  return async (path: string, data: unknown = {}): Promise<{ id: string }> => {
    const response = await request.post(path, { headers, data });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as { id: string };
  };
}

test('a place freed on a full day is held for the first patient waiting, who takes it in the app', async ({ page, request }) => {
  const post = desk(request, await signInStaff(request, 'admin@hospital.demo'));
  const doctorName = `Dr. Waitlist Rao ${uniqueSuffix()}`;
  const doctor = await post('/api/doctors', {
    name: doctorName,
    specialization: 'General Medicine',
    consultationFeePaise: 40000,
    slotMinutes: 15,
    patientsPerSlot: 1,
    availability: TWO_SLOTS,
  });
  // Two days ahead: the place is offered whatever the hour (an offer needs time to come in).
  const date = organisationDay(2);
  const booked: { id: string }[] = [];
  for (const startTime of ['09:00', '09:15']) {
    const patient = await post('/api/patients', { name: `Full Day ${uniqueSuffix()}`, phone: `92${String(Date.now()).slice(-8)}`, gender: 'MALE' });
    booked.push(await post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date, startTime }));
  }
  const digits = `91${String(Date.now()).slice(-8)}`;
  const patientName = `Meenakshi Iyer ${uniqueSuffix()}`;
  const ours = await post('/api/patients', { name: patientName, phone: digits, gender: 'FEMALE' });
  await post('/api/waitlist', { kind: 'appointment', ownerId: doctor.id, date, patientId: ours.id });

  await keepPatientSession(page, await patientSession(request, `+91${digits}`));
  await page.goto('/p/waitlist');
  const waiting = page.getByRole('list', { name: 'Waiting for a place' });
  await expect(waiting).toContainText(`You are 1st in line for ${doctorName}`);

  // The desk cancels a visit: the place is held for ours, and the page shows it when the patient comes back to it.
  await post(`/api/appointments/${booked[1]!.id}/actions/cancel`, { reason: 'Patient travelling' });
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  const offer = page.getByRole('list', { name: 'Places held for you' }).getByRole('article', { name: 'A place has opened' });
  await expect(offer).toContainText(doctorName);
  await expect(offer).toContainText('Sanjeevani Multispeciality Hospital');
  await expect(offer).toContainText('9:15 am');
  await expect(offer).toContainText(patientName);
  await expect(offer).toContainText(/Held for you for (29|30) min \d\d s/);
  // The header says so on every page.
  await expect(page.getByRole('banner').getByRole('link', { name: 'My waitlist 1 place held for you' })).toBeVisible();
  const shown = await offer.locator('.offer-card__countdown strong').textContent();
  await expect(offer.locator('.offer-card__countdown strong')).not.toHaveText(shown!);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // On a desktop too, with the offer on it.
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 812 });

  await offer.getByRole('button', { name: /^Take this place: / }).click();
  await expect(page.getByRole('status').filter({ hasText: `The place is yours: ${doctorName}` })).toContainText('9:15 am');
  await expect(page.getByRole('list', { name: 'Recent' })).toContainText('Booked from the waitlist');
  await expect(page.getByRole('banner').getByRole('link', { name: /My waitlist/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'See it in My visits' }).click();
  await expect(page.getByRole('list', { name: 'Upcoming' }).getByRole('article', { name: doctorName })).toContainText('9:15 am');
});
