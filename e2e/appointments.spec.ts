import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expect, signInAs, test } from './support/fixtures.ts';
import { organisationDay } from './support/dates.ts';
import { uniqueSuffix } from './support/files.ts';

async function adminToken(request: APIRequestContext): Promise<string> {
  const auth = await request.post('/api/admin/auth', { data: { email: 'admin@hospital.demo', password: DEMO_PASSWORD } });
  return ((await auth.json()) as { access_token: string }).access_token;
}

/** A doctor of our own, seen every day 08:00-20:00, so tomorrow always has free slots. */
async function createDoctor(request: APIRequestContext, name: string): Promise<string> {
  const token = await adminToken(request);
  const availability = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '20:00' }));
  const response = await request.post('/api/doctors', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, specialization: 'General Medicine', consultationFeePaise: 50000, slotMinutes: 30, patientsPerSlot: 1, availability },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test('an appointment booked through the slot picker appears live in another console and takes the first token', async ({ page, browser, request }) => {
  const doctor = `Dr. Rekha Pillai ${uniqueSuffix()}`;
  const patient = `Farhan Qureshi ${uniqueSuffix()}`;
  await createDoctor(request, doctor);

  // A second front-desk console, already open on tomorrow's appointments.
  const other = await browser.newContext();
  const desk = await other.newPage();
  await signInAs(desk, 'worker@hospital.demo', '/appointments');
  await desk
    .getByRole('button', { name: 'Tomorrow' })
    .or(desk.getByText('Tomorrow', { exact: true }))
    .first()
    .click();
  await expect(desk.getByText(patient)).toHaveCount(0);

  await signInAs(page, 'admin@hospital.demo', '/appointments');
  await page.getByRole('button', { name: 'New appointment' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New appointment' });
  await dialog.getByRole('button', { name: 'Quick add' }).click();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(patient);
  await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill(`97${String(Date.now()).slice(-8)}`);
  const male = page.getByRole('option', { name: 'Male', exact: true });
  await expect(async () => {
    await dialog.getByRole('combobox', { name: 'Gender' }).click();
    await expect(male).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await male.click();
  await dialog.getByRole('button', { name: 'Add patient' }).click();
  await expect(dialog.getByLabel('Chosen patient')).toContainText(patient);

  await dialog.getByRole('combobox', { name: 'Doctor' }).fill(doctor.slice(0, 14));
  await page.getByRole('option', { name: new RegExp(doctor) }).click();
  await dialog.getByLabel('Date', { exact: true }).fill(organisationDay(1));
  const slots = dialog.getByRole('group', { name: 'Free slots' });
  await expect(slots.getByRole('button', { name: '8:00 am' })).toBeVisible();
  await slots.getByRole('button', { name: '8:00 am' }).click();
  await dialog.getByRole('button', { name: 'Book' }).click();

  const booked = page.getByRole('dialog', { name: 'Appointment booked' });
  await expect(booked.getByLabel('Appointment slip')).toContainText('001');
  await expect(booked.getByLabel('Appointment slip')).toContainText(patient);

  // The other console shows it without a reload.
  await expect(desk.getByText(patient).first()).toBeVisible({ timeout: 10_000 });
  await other.close();
});

test('a slot taken by one booking is no longer offered', async ({ page, request }) => {
  const doctor = `Dr. Sameer Kaul ${uniqueSuffix()}`;
  await createDoctor(request, doctor);
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const doctors = (await (await request.get(`/api/doctors?search=${encodeURIComponent(doctor)}`, { headers })).json()) as { data: { id: string }[] };
  const patients = (await (await request.get('/api/patients?pageSize=1', { headers })).json()) as { data: { id: string }[] };
  const booking = await request.post('/api/appointments', {
    headers,
    data: { doctorId: doctors.data[0]!.id, patientId: patients.data[0]!.id, date: organisationDay(1), startTime: '08:00' },
  });
  expect(booking.status()).toBe(201);
  const again = await request.post('/api/appointments', {
    headers,
    data: { doctorId: doctors.data[0]!.id, patientId: patients.data[0]!.id, date: organisationDay(1), startTime: '08:00' },
  });
  expect(again.status()).toBe(409);

  await signInAs(page, 'admin@hospital.demo', '/appointments');
  await page.getByRole('button', { name: 'New appointment' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New appointment' });
  await dialog.getByLabel('Find patient').fill('a');
  await dialog.getByRole('listbox', { name: 'Matching patients' }).getByRole('option').first().click();
  await dialog.getByRole('combobox', { name: 'Doctor' }).fill(doctor.slice(0, 14));
  await page.getByRole('option', { name: new RegExp(doctor) }).click();
  // Typed as a desk writes it, day first, key by key: the field keeps it (it used to snap back to today).
  const [year, month, day] = organisationDay(1).split('-');
  const date = dialog.getByLabel('Date', { exact: true });
  await date.clear();
  await date.pressSequentially(`${day}/${month}/${year}`);
  await expect(date).toHaveValue(`${day}/${month}/${year}`);
  const slots = dialog.getByRole('group', { name: 'Free slots' });
  await expect(slots.getByRole('button', { name: '8:30 am' })).toBeVisible();
  await expect(slots.getByRole('button', { name: '8:00 am' })).toHaveCount(0);
});

test('an appointment moved to another day and time through the reschedule dialog, with its reason', async ({ page, request }) => {
  const doctorId = await createDoctor(request, `Dr. Nandita Bose ${uniqueSuffix()}`);
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const patients = (await (await request.get('/api/patients?pageSize=1', { headers })).json()) as { data: { id: string }[] };
  const booked = await request.post('/api/appointments', { headers, data: { doctorId, patientId: patients.data[0]!.id, date: organisationDay(1), startTime: '08:00' } });
  expect(booked.status()).toBe(201);
  const { id } = (await booked.json()) as { id: string };

  await signInAs(page, 'admin@hospital.demo', `/appointments?from=${organisationDay(1)}&to=${organisationDay(1)}&doctorId=${doctorId}`);
  await page.getByRole('button', { name: 'More actions for token 001' }).first().click();
  await page.getByRole('menuitem', { name: 'Reschedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule appointment' });
  await dialog.getByLabel('New date', { exact: true }).fill(organisationDay(2));
  await dialog.getByRole('group', { name: 'Free slots' }).getByRole('button', { name: '9:30 am' }).click();
  await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill('  Doctor in surgery  ');
  await dialog.getByRole('button', { name: 'Reschedule' }).click();
  await expect(page.getByText(/^Rescheduled to .+, 9:30 am$/)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const moved = (await (await request.get(`/api/appointments/${id}`, { headers })).json()) as {
    date: string;
    startTime: string;
    history: { action: string; note: string | null }[];
  };
  expect([moved.date, moved.startTime]).toEqual([organisationDay(2), '09:30']);
  expect(moved.history.at(-1)?.note).toMatch(/: Doctor in surgery$/);
});
