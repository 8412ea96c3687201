import type { APIRequestContext, Page } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { organisationDay } from './support/dates.ts';
import { uniqueSuffix } from './support/files.ts';
import { expect, signInAs, test } from './support/fixtures.ts';
import { staffApiAs, type StaffApi } from './support/staff.ts';

// Issue 21, the desk's side: a full day's waitlist joined from the booking form, and the place a
// cancellation frees booked for the first patient from the day's waitlist panel.

/** One 09:00–09:30 window every day in 15-minute slots of one patient: two visits fill a day. */
const TWO_SLOTS = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '09:30' }));

const addPatient = (api: StaffApi, name: string) => api.post('/api/patients', { name, phone: `93${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, gender: 'FEMALE' });

/** A doctor of the test's own whose day two days ahead is full (its two visits answered), and a patient who wants it too. */
async function fullDay(request: APIRequestContext) {
  const admin = await staffApiAs(request, 'admin@hospital.demo');
  const doctorName = `Dr. Waitlist Desk ${uniqueSuffix()}`;
  const doctor = await admin.post('/api/doctors', {
    name: doctorName,
    specialization: 'General Medicine',
    consultationFeePaise: 40000,
    slotMinutes: 15,
    patientsPerSlot: 1,
    availability: TWO_SLOTS,
  });
  // Two days ahead: a freed place is offered whatever the hour (an offer needs time to come in).
  const date = organisationDay(2);
  const visits = [];
  for (const startTime of ['09:00', '09:15']) {
    const patient = await addPatient(admin, `Full Day ${uniqueSuffix()}`);
    visits.push(await admin.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date, startTime }));
  }
  const patientName = `Waitlist Meena ${uniqueSuffix()}`;
  const patient = await addPatient(admin, patientName);
  return { admin, doctor, doctorName, date, visits, patient, patientName };
}

const dayPath = (doctorId: string, date: string) => `/appointments?doctorId=${doctorId}&from=${date}`;

test('the desk puts a patient on a full day’s waitlist, and books the place a cancellation frees for them', async ({ page, request }) => {
  const { admin, doctor, doctorName, date, visits, patientName } = await fullDay(request);
  await signInAs(page, 'worker@hospital.demo', '/appointments');

  await page.getByRole('button', { name: 'New appointment' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New appointment' });
  await dialog.getByLabel('Find patient').fill(patientName);
  await dialog
    .getByRole('listbox', { name: 'Matching patients' })
    .getByRole('option', { name: new RegExp(patientName) })
    .click();
  await dialog.getByRole('combobox', { name: 'Doctor' }).fill(doctorName);
  await page.getByRole('option', { name: new RegExp(doctorName) }).click();
  await dialog.getByLabel('Date', { exact: true }).fill(date);
  await expect(dialog.getByText('No free slots on this day')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add to waitlist' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Added to the waitlist: 1st in line');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A cancellation elsewhere frees 9:15: it is held for the first patient in line.
  await admin.post(`/api/appointments/${visits[1]!.id}/actions/cancel`, { reason: 'Patient travelling' });
  await page.goto(dayPath(doctor.id, date));
  await page.getByRole('button', { name: 'Waitlist (1)' }).click();
  const panel = page.getByRole('dialog', { name: 'Waitlist' });
  const row = panel.getByRole('listitem').filter({ hasText: patientName });
  await expect(row).toContainText('Place offered');
  await expect(row).toContainText('Place held at 9:15 am');
  await expect(row.getByRole('timer')).toHaveText(/^(30:00|[12]\d:\d\d) left$/);
  expect(await seriousViolations(page, 'the waitlist panel')).toEqual([]);

  await row.getByRole('button', { name: `Book now for ${patientName}` }).click();
  await expect(row).toContainText('Booked');
  await row.getByRole('button', { name: `Open the appointment of ${patientName}` }).click();
  const drawer = page.getByRole('dialog', { name: /^Token / });
  await expect(drawer).toContainText(patientName);
  await expect(drawer).toContainText('Booked');
  // Behind it, the day's list holds the visit too.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('grid', { name: 'Appointments' })).toContainText(patientName);
});

/** The panel of a day with a place held for one patient and another still waiting. */
async function panelWithOffer(page: Page, request: APIRequestContext) {
  const { admin, doctor, date, visits, patient, patientName } = await fullDay(request);
  const second = await addPatient(admin, `Waitlist Second ${uniqueSuffix()}`);
  for (const one of [patient, second]) await admin.post('/api/waitlist', { kind: 'appointment', ownerId: doctor.id, date, patientId: one.id });
  await admin.post(`/api/appointments/${visits[0]!.id}/actions/cancel`, { reason: 'Patient travelling' });
  await signInAs(page, 'worker@hospital.demo', `${dayPath(doctor.id, date)}&waitlist=1`);
  const panel = page.getByRole('dialog', { name: 'Waitlist' });
  await expect(panel.getByRole('button', { name: `Book now for ${patientName}` })).toBeVisible();
  return panel;
}

test('on a phone, the day’s waitlist panel fits the screen and reads well', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const panel = await panelWithOffer(page, request);
  await expect(panel.getByRole('listitem')).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // The panel slides in from the right: its edge is measured once it has come to rest.
  await expect
    .poll(async () => {
      const box = await panel.boundingBox();
      return box ? box.x + box.width : Infinity;
    })
    .toBeLessThanOrEqual(375);
  expect(await panel.evaluate((paper) => paper.scrollWidth - paper.clientWidth)).toBe(0);
  expect(await seriousViolations(page, 'the waitlist panel at 375 px')).toEqual([]);
});
