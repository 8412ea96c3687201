import { seriousViolations } from './support/axe.ts';
import { organisationDay } from './support/dates.ts';
import { uniqueSuffix } from './support/files.ts';
import { expect, signInAs, test, type Page } from './support/fixtures.ts';
import { staffApiAs, type StaffApi } from './support/staff.ts';

/** Every day 08:00-10:00 in 30-minute slots, one patient a slot. */
const MORNINGS = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '10:00' }));

async function addDoctor(api: StaffApi, name: string) {
  return api.post('/api/doctors', { name, specialization: 'General Medicine', consultationFeePaise: 40000, slotMinutes: 30, patientsPerSlot: 1, availability: MORNINGS });
}

async function addPatient(api: StaffApi, name: string) {
  return api.post('/api/patients', { name, phone: `96${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, gender: 'FEMALE' });
}

/** No serious axe finding, and nothing wider than the window (a phone's 375 px). */
async function expectUsable(page: Page, where: string) {
  expect(await seriousViolations(page, where)).toEqual([]);
  const width = page.viewportSize()?.width ?? 1440;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The free slots the booking dialog offers for a doctor on a date. */
async function bookingDialogSlots(page: Page, doctorName: string, date: string) {
  await page.goto('/appointments');
  await page.getByRole('button', { name: 'New appointment' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New appointment' });
  await dialog.getByRole('combobox', { name: 'Doctor' }).fill(doctorName.slice(0, 18));
  await page.getByRole('option', { name: new RegExp(doctorName) }).click();
  await dialog.getByLabel('Date', { exact: true }).fill(date);
  return dialog.getByRole('group', { name: 'Free slots' });
}

for (const width of [1440, 375]) {
  test(`at ${width} px: one day starts late with an evening session, and the booking dialog offers those slots`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const admin = await staffApiAs(request, 'admin@hospital.demo');
    const doctorName = `Dr. Late Start ${uniqueSuffix()}`;
    const doctor = await addDoctor(admin, doctorName);
    const day = organisationDay(2);

    await signInAs(page, 'admin@hospital.demo', `/doctor/${doctor.id}`);
    await page.getByRole('button', { name: 'Change one day' }).click();
    const dialog = page.getByRole('dialog', { name: `Change one day of ${doctorName}` });
    await dialog.getByRole('textbox', { name: 'Day', exact: true }).fill(day);
    // The day's hours start from the week's: 8:00-10:00, here from 9:00, with 17:00-18:00 added.
    await expect(dialog.getByLabel(/window 1 start$/)).toHaveValue('08:00');
    await dialog.getByLabel(/window 1 start$/).fill('09:00');
    await dialog.getByRole('button', { name: /^Add window for/ }).click();
    await dialog.getByLabel(/window 2 start$/).fill('17:00');
    await dialog.getByLabel(/window 2 end$/).fill('18:00');
    await dialog.getByLabel('Note (optional)').fill('Surgery in the morning');
    await expectUsable(page, 'the day change dialog');
    await dialog.getByRole('button', { name: 'Save the day' }).click();
    await expect(dialog).toBeHidden();

    const changed = page.getByRole('list', { name: 'Changed days' }).getByRole('listitem');
    await expect(changed).toHaveCount(1);
    await expect(changed).toContainText('9:00 am – 10:00 am, 5:00 pm – 6:00 pm');
    await expect(changed).toContainText('Surgery in the morning');

    const slots = await bookingDialogSlots(page, doctorName, day);
    await expect(slots.getByRole('button', { name: '9:00 am' })).toBeVisible();
    await expect(slots.getByRole('button', { name: '5:30 pm' })).toBeVisible();
    await expect(slots.getByRole('button', { name: '8:00 am' })).toHaveCount(0);
    await expect(slots.getByRole('button', { name: '8:30 am' })).toHaveCount(0);
  });

  test(`at ${width} px: leave over a booked day moves the visit to another doctor, the patient named`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const admin = await staffApiAs(request, 'admin@hospital.demo');
    const suffix = uniqueSuffix();
    const away = await addDoctor(admin, `Dr. On Leave ${suffix}`);
    const coverName = `Dr. Covering ${suffix}`;
    const cover = await addDoctor(admin, coverName);
    const patientName = `Meera Leave ${suffix}`;
    const patient = await addPatient(admin, patientName);
    const day = organisationDay(3);
    const visit = await admin.post('/api/appointments', { doctorId: away.id, patientId: patient.id, date: day, startTime: '08:30' });

    await signInAs(page, 'admin@hospital.demo', `/doctor/${away.id}`);
    await page.getByRole('button', { name: 'Add leave' }).click();
    const dialog = page.getByRole('dialog', { name: `Leave for Dr. On Leave ${suffix}` });
    await dialog.getByLabel('Leave date').fill(day);
    await dialog.getByRole('button', { name: 'Add leave date' }).click();
    await dialog.getByRole('button', { name: 'Save leave' }).click();

    const visits = dialog.getByRole('list', { name: 'Visits booked on the leave days' });
    await expect(visits).toContainText('8:30 am · token 001');
    await expect(visits).toContainText(patientName);
    await dialog.getByRole('radio', { name: 'Move to another doctor' }).check();
    await dialog.getByRole('combobox', { name: 'Doctor' }).click();
    await page.getByRole('option', { name: new RegExp(coverName) }).click();
    await expectUsable(page, 'the leave dialog');
    await dialog.getByRole('button', { name: 'Move them and save leave' }).click();

    const outcomes = dialog.getByRole('list', { name: 'What happened to each visit' });
    await expect(outcomes).toContainText(new RegExp(`Moved to ${coverName}, .* at 8:30 am, token 001`));
    await expectUsable(page, 'the leave outcome');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    const moved = await admin.get<{ doctorId: string; date: string; startTime: string; status: string }>(`/api/appointments/${visit.id}`);
    expect(moved).toMatchObject({ doctorId: cover.id, date: day, startTime: '08:30', status: 'BOOKED' });
    const leave = await admin.get<{ leaveDates: string[] }>(`/api/doctors/${away.id}`);
    expect(leave.leaveDates).toContain(day);
  });
}
