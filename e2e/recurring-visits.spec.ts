import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { organisationDay } from './support/dates.ts';
import { uniqueSuffix } from './support/files.ts';
import { DEMO_PASSWORD, expect, signInAs, test } from './support/fixtures.ts';
import { chooseVisit } from './support/visit-dialog.ts';

/**
 * Recurring visits (issue 21): a weekly series booked through the real New appointment dialog,
 * a leave day skipped and named, and the series cancelled from a visit's drawer.
 */

interface Desk {
  headers: { authorization: string };
  doctorId: string;
  doctor: string;
  patient: string;
}

/** A doctor of the test's own, seen every day 08:00–20:00, on leave on `leave`; and a patient. */
async function deskWith(request: APIRequestContext, leave: string[] = []): Promise<Desk> {
  const auth = await request.post('/api/admin/auth', { data: { email: 'admin@hospital.demo', password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${((await auth.json()) as { access_token: string }).access_token}` };
  const availability = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '20:00' }));
  const doctor = `Dr. Series ${uniqueSuffix()}`;
  const created = await request.post('/api/doctors', {
    headers,
    data: { name: doctor, specialization: 'Physiotherapy', consultationFeePaise: 50000, slotMinutes: 30, patientsPerSlot: 1, availability, leaveDates: leave },
  });
  expect(created.status(), await created.text()).toBe(201);
  const patient = `Series Patient ${uniqueSuffix()}`;
  const added = await request.post('/api/patients', {
    headers,
    data: { name: patient, phone: `+9195${String(Date.now()).slice(-8)}`, gender: 'FEMALE', dateOfBirth: '1990-01-01' },
  });
  expect(added.status(), await added.text()).toBe(201);
  return { headers, doctorId: ((await created.json()) as { id: string }).id, doctor, patient };
}

/** The New appointment dialog with the patient, the doctor, tomorrow and its 8:00 am slot chosen. */
async function newAppointmentAt8(page: Page, desk: Desk): Promise<Locator> {
  await page.getByRole('button', { name: 'New appointment' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New appointment' });
  await chooseVisit(page, dialog, { patient: desk.patient, ownerField: 'Doctor', owner: desk.doctor, date: organisationDay(1), time: '8:00 am' });
  return dialog;
}

test('a weekly series of 4 is booked with its leave day skipped, then cancelled as a whole from the drawer', async ({ page, request }) => {
  const first = organisationDay(1);
  const leave = organisationDay(15);
  const desk = await deskWith(request, [leave]);
  await signInAs(page, 'admin@hospital.demo', '/appointments');
  const dialog = await newAppointmentAt8(page, desk);

  const repeat = dialog.getByRole('switch', { name: 'Repeat' });
  await expect(repeat).not.toBeChecked();
  await repeat.check();
  // Every week, four visits: the dates are shown before anything is booked.
  await expect(dialog.getByRole('list', { name: '4 dates' }).getByRole('listitem')).toHaveCount(4);
  expect(await seriousViolations(page, 'New appointment with Repeat at 1440px')).toEqual([]);
  await dialog.getByRole('button', { name: 'Book 4 visits' }).click();

  const booked = page.getByRole('dialog', { name: 'Series booked' });
  await expect(booked.getByRole('region', { name: 'Booked (3)' }).getByRole('listitem')).toHaveCount(3);
  const skipped = booked.getByRole('region', { name: 'Not booked (1)' });
  await expect(skipped).toContainText('On leave');
  await expect(skipped).toContainText(`${desk.doctor} is on leave`);
  expect(await seriousViolations(page, 'Series booked at 1440px')).toEqual([]);
  await booked.getByRole('button', { name: 'Done' }).click();
  await expect(booked).toBeHidden();

  const listed = await request.get(`/api/appointments?doctorId=${desk.doctorId}&from=${first}&to=${organisationDay(30)}&sort=date&order=asc`, { headers: desk.headers });
  const visits = ((await listed.json()) as { data: { id: string; date: string; status: string }[] }).data;
  expect(visits.map((visit) => visit.date)).toEqual([first, organisationDay(8), organisationDay(22)]);

  await page.goto(`/appointments?from=${first}&to=${first}&doctorId=${desk.doctorId}&open=${visits[0]!.id}`);
  const drawer = page.getByRole('dialog', { name: 'Token 001' });
  const series = drawer.getByRole('region', { name: 'Part of a series: 3 visits' });
  await expect(series).toContainText('Every week at 8:00 am; 3 booked ahead');
  expect(await seriousViolations(page, 'series in the drawer at 1440px')).toEqual([]);
  await series.getByRole('button', { name: 'Cancel the series…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel series?' });
  await confirm.getByRole('textbox', { name: 'Reason' }).fill('Physiotherapy course stopped');
  await confirm.getByRole('button', { name: 'Cancel series' }).click();
  await expect(page.getByText('3 visits of the series cancelled')).toBeVisible();
  await expect(series).toContainText('The series was cancelled');

  const after = await request.get(`/api/appointments?doctorId=${desk.doctorId}&from=${first}&to=${organisationDay(30)}`, { headers: desk.headers });
  expect(((await after.json()) as { data: { status: string }[] }).data.map((visit) => visit.status)).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED']);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the Repeat form fits a phone: every, ends on a date, the dates it makes', async ({ page, request }) => {
    const desk = await deskWith(request);
    await signInAs(page, 'admin@hospital.demo', '/appointments');
    const dialog = await newAppointmentAt8(page, desk);
    await dialog.getByRole('switch', { name: 'Repeat' }).check();
    await dialog.getByRole('spinbutton', { name: 'Every' }).fill('2');
    await dialog.getByRole('radio', { name: 'On a date' }).check();
    await dialog.getByLabel('Last date', { exact: true }).fill(organisationDay(29));
    // Every 2 weeks from tomorrow up to four weeks later: three dates.
    await expect(dialog.getByRole('list', { name: '3 dates' }).getByRole('listitem')).toHaveCount(3);
    await expect(dialog.getByRole('button', { name: 'Book 3 visits' })).toBeEnabled();
    await dialog.getByRole('list', { name: '3 dates' }).scrollIntoViewIfNeeded();
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    expect(await seriousViolations(page, 'Repeat form at 375px')).toEqual([]);
  });
});
