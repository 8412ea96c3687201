import type { Page } from '@playwright/test';
import { awayFromOrganisationMidnight, organisationDay } from './support/dates.ts';
import { expect, signInAs, test } from './support/fixtures.ts';
import { uniqueSuffix } from './support/files.ts';
import { staffApiAs, type StaffApi } from './support/staff.ts';

/**
 * Messages to patients end to end: the console books and calls, the server's default 'log'
 * providers deliver at once, and Settings → Messages → Log shows each message with its status.
 * The demo organisation may have no WhatsApp add-on: its WhatsApp copy is then 'Not sent' with
 * the reason, while the SMS is delivered.
 */

/** A doctor of the test's own, seen every day in `slotMinutes` slots between `start` and `end`. */
function createDoctor(api: StaffApi, name: string, start: string, end: string, slotMinutes: number) {
  const availability = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start, end }));
  return api.post('/api/doctors', { name, specialization: 'General Medicine', consultationFeePaise: 40000, slotMinutes, patientsPerSlot: 1, availability });
}

/**
 * The demo organisation's quiet hours (21:00–08:00 by default) hold a booking confirmation
 * until morning: a test that expects one delivered at once turns them off, as an admin may.
 * Queue calls are sent in quiet hours anyway, so the queue test leaves them as they are.
 */
function withoutQuietHours(api: StaffApi): Promise<void> {
  return api.patch('/api/messages/settings', { quietHours: null });
}

/** A patient who agreed to messages at the desk. */
function createPatient(api: StaffApi, name: string) {
  return api.post('/api/patients', { name, phone: `98${String(Date.now()).slice(-8)}`, gender: 'FEMALE', messageConsent: true });
}

/** Settings → Messages → Log, narrowed to one event, reached as an admin would. */
async function openLog(page: Page, event: string): Promise<void> {
  await page.goto('/settings');
  await page.getByRole('link', { name: /^Messages/ }).click();
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Log' }).click();
  await expect(page.getByRole('heading', { name: 'Message log', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Event' }).click();
  await page.getByRole('option', { name: event, exact: true }).click();
  await expect(page).toHaveURL(/event=/);
}

/** The SMS row of a patient's message reaches Delivered (sending is a job: the page is reloaded until then). */
async function expectDeliveredSms(page: Page, patient: string): Promise<void> {
  const sms = page.getByRole('table', { name: 'Messages' }).getByRole('row').filter({ hasText: patient }).filter({ hasText: 'SMS' });
  await expect(async () => {
    await page.reload();
    await expect(sms.getByText('Delivered')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** The WhatsApp copy: delivered with the add-on, else 'Not sent' with the reason in its details. */
async function expectWhatsAppAccountedFor(page: Page, patient: string): Promise<void> {
  const whatsapp = page.getByRole('table', { name: 'Messages' }).getByRole('row').filter({ hasText: patient }).filter({ hasText: 'WhatsApp' });
  await expect(whatsapp.getByText(/^(Delivered|Read|Not sent)$/)).toBeVisible();
  if (await whatsapp.getByText('Not sent').isVisible()) {
    await whatsapp.getByRole('button', { name: 'Show details' }).click();
    await expect(page.getByText('Why not sent')).toBeVisible();
  }
}

test("an appointment booked in the console sends 'Booking confirmed', delivered by SMS, in the message log", async ({ page, request }) => {
  const api = await staffApiAs(request, 'admin@hospital.demo');
  await withoutQuietHours(api);
  const doctor = `Dr. Message Tester ${uniqueSuffix()}`;
  const patient = `Meena Joshi ${uniqueSuffix()}`;
  await createDoctor(api, doctor, '08:00', '20:00', 30);
  const { id: patientId } = await createPatient(api, patient);

  await signInAs(page, 'admin@hospital.demo');
  // The patient's own 'Book appointment' link: the dialog starts with them chosen.
  await page.goto(`/appointments?new=1&patientId=${patientId}`);
  const dialog = page.getByRole('dialog', { name: 'New appointment' });
  await expect(dialog.getByLabel('Chosen patient')).toContainText(patient);
  await dialog.getByRole('combobox', { name: 'Doctor' }).fill(doctor.slice(0, 18));
  await page.getByRole('option', { name: new RegExp(doctor) }).click();
  await dialog.getByLabel('Date', { exact: true }).fill(organisationDay(1));
  const slots = dialog.getByRole('group', { name: 'Free slots' });
  await slots.getByRole('button', { name: '8:00 am' }).click();
  await dialog.getByRole('button', { name: 'Book' }).click();
  await expect(page.getByRole('dialog', { name: 'Appointment booked' })).toBeVisible();

  await openLog(page, 'Booking confirmed');
  await expectDeliveredSms(page, patient);
  await expectWhatsAppAccountedFor(page, patient);

  // The patient's record lists the same messages.
  await page.goto(`/user/${patientId}?tab=messages`);
  await expect(page.getByRole('list', { name: 'Messages to this patient' })).toContainText('Booking confirmed · SMS');
});

test("checking a patient in and calling them from the token queue sends 'Now being served'", async ({ page, request }) => {
  await awayFromOrganisationMidnight();
  const api = await staffApiAs(request, 'admin@hospital.demo');
  const doctor = `Dr. Queue Caller ${uniqueSuffix()}`;
  const patient = `Farida Sheikh ${uniqueSuffix()}`;
  const { id: doctorId } = await createDoctor(api, doctor, '00:00', '23:59', 5);
  const { id: patientId } = await createPatient(api, patient);
  const today = organisationDay();
  const { slots } = await api.get<{ slots: { start: string }[] }>(`/api/doctors/${doctorId}/slots?date=${today}`);
  expect(slots.length, 'a free slot left today').toBeGreaterThan(0);
  const appointment = await api.post('/api/appointments', { doctorId, patientId, date: today, startTime: slots[0]!.start });

  await signInAs(page, 'admin@hospital.demo', `/appointments?open=${appointment.id}`);
  const drawer = page.getByRole('dialog', { name: /^Token / });
  await drawer.getByRole('button', { name: 'Check in' }).click();
  await expect(drawer.getByText('Checked in', { exact: true })).toBeVisible();
  // The drawer lists what the patient was sent about this visit.
  await expect(drawer.getByRole('list', { name: 'Messages about this visit' })).toContainText('Booking confirmed · SMS', { timeout: 15_000 });

  await page.goto('/appointments/token');
  const card = page.getByRole('region', { name: `Queue of ${doctor}` });
  await card.getByRole('button', { name: 'Call next' }).click();
  await expect(card.getByTestId('now-serving')).not.toHaveText('—');

  await openLog(page, 'Now being served');
  await expectDeliveredSms(page, patient);
});

test("a doctor's leave over a booked day cancels its appointments from the doctor's page and tells each patient why", async ({ page, request }) => {
  const api = await staffApiAs(request, 'admin@hospital.demo');
  await withoutQuietHours(api);
  const doctor = `Dr. On Leave ${uniqueSuffix()}`;
  const patient = `Ishaan Kapoor ${uniqueSuffix()}`;
  const { id: doctorId } = await createDoctor(api, doctor, '08:00', '20:00', 30);
  const { id: patientId } = await createPatient(api, patient);
  const day = organisationDay(3);
  await api.post('/api/appointments', { doctorId, patientId, date: day, startTime: '10:00' });

  // Leave over a booked day asks what becomes of its visits (issue #21): here, cancel them.
  await signInAs(page, 'admin@hospital.demo', `/doctor/${doctorId}`);
  await page.getByRole('button', { name: 'Add leave' }).click();
  const dialog = page.getByRole('dialog', { name: `Leave for ${doctor}` });
  await dialog.getByLabel('Leave date').fill(day);
  await dialog.getByRole('button', { name: 'Add leave date' }).click();
  await dialog.getByRole('button', { name: 'Save leave' }).click();
  await expect(dialog.getByRole('list', { name: 'Visits booked on the leave days' })).toContainText(patient);
  await dialog.getByRole('radio', { name: 'Cancel them all' }).check();
  await dialog.getByRole('button', { name: 'Cancel them and save leave' }).click();
  await expect(dialog.getByRole('list', { name: 'What happened to each visit' })).toContainText('Cancelled');
  await dialog.getByRole('button', { name: 'Done' }).click();

  await openLog(page, 'Cancelled');
  await expectDeliveredSms(page, patient);
  const row = page.getByRole('table', { name: 'Messages' }).getByRole('row').filter({ hasText: patient }).filter({ hasText: 'SMS' });
  await row.getByRole('button', { name: 'Show details' }).click();
  await expect(page.getByText(/is cancelled\. Reason: the doctor is on leave that day\./)).toBeVisible();
});

test('Settings → Messages and its log fit a phone: no sideways scrolling of the page, rows open', async ({ page, request }) => {
  const api = await staffApiAs(request, 'admin@hospital.demo');
  const { id: doctorId } = await createDoctor(api, `Dr. Phone Width ${uniqueSuffix()}`, '08:00', '20:00', 30);
  const { id: patientId } = await createPatient(api, `Kavya Rao ${uniqueSuffix()}`);
  await api.post('/api/appointments', { doctorId, patientId, date: organisationDay(2), startTime: '09:00' });

  await page.setViewportSize({ width: 375, height: 812 });
  await signInAs(page, 'admin@hospital.demo', '/settings/messages');
  await expect(page.getByRole('switch', { name: 'Booking confirmed by SMS' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.goto(`/settings/messages/log?patientId=${patientId}`);
  const details = page.getByRole('button', { name: 'Show details' }).first();
  await expect(async () => {
    await page.reload();
    await expect(details).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await details.click();
  await expect(page.getByRole('list', { name: 'Status timeline' })).toBeVisible();
});
