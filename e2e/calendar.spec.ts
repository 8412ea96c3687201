import type { APIRequestContext } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { organisationDay } from './support/dates.ts';
import { uniqueSuffix } from './support/files.ts';
import { expect, signInAs, test, type Page } from './support/fixtures.ts';
import { staffApiAs, type StaffApi } from './support/staff.ts';

/**
 * A doctor of our own, seen every day 08:00-20:00 in 30-minute slots (so tomorrow always has free
 * slots), a patient, and optionally that patient booked with them tomorrow at 09:00.
 */
async function doctorWithPatient(request: APIRequestContext, booked: boolean) {
  const api: StaffApi = await staffApiAs(request, 'admin@hospital.demo');
  const suffix = uniqueSuffix();
  const doctor = `Dr. Kavya Menon ${suffix}`;
  const availability = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '20:00' }));
  const { id: doctorId } = await api.post('/api/doctors', {
    name: doctor,
    specialization: 'General Medicine',
    consultationFeePaise: 50000,
    slotMinutes: 30,
    patientsPerSlot: 1,
    availability,
  });
  const patient = `Sunita Deshpande ${suffix}`;
  const { id: patientId } = await api.post('/api/patients', { name: patient, phone: `96${String(Date.now()).slice(-8)}`, gender: 'FEMALE' });
  const date = organisationDay(1);
  if (booked) await api.post('/api/appointments', { doctorId, patientId, date, startTime: '09:00' });
  return { doctor, doctorId, patient, date };
}

/** Tomorrow's day view, the doctor's column only. */
async function openDay(page: Page, doctorId: string, date: string) {
  await signInAs(page, 'admin@hospital.demo', `/appointments?view=day&from=${date}&doctorId=${doctorId}`);
  const grid = page.getByRole('region', { name: /^Appointments on / });
  await expect(grid).toBeVisible();
  return grid;
}

/**
 * Clicks the free slot at `time`, finds the patient in the dialog (its doctor, date and time
 * already chosen) and books; `scan` checks the dialog with axe before booking.
 */
async function bookFreeSlot(page: Page, doctor: string, time: string, patient: string, scan = false) {
  await page.getByRole('button', { name: `Book ${time}, ${doctor}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New appointment' });
  await expect(dialog.getByRole('combobox', { name: 'Doctor' })).toHaveValue(doctor);
  await expect(dialog.getByRole('group', { name: 'Free slots' }).getByRole('button', { name: time, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('combobox', { name: 'Find patient' }).fill(patient);
  await page.getByRole('option', { name: new RegExp(patient) }).click();
  if (scan) expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Appointment booked' })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('a free slot is booked with a click, a visit is dragged to another slot and the move undone', async ({ page, request }) => {
  const { doctor, doctorId, patient, date } = await doctorWithPatient(request, true);
  const other = await doctorWithPatient(request, false);
  const grid = await openDay(page, doctorId, date);
  const legend = page.getByRole('list', { name: 'Status colours' });
  await expect(legend).toBeVisible();
  await expect(legend.getByRole('listitem')).toHaveText(['Booked', 'Checked in', 'In consultation', 'Completed', 'Cancelled', 'No-show', 'Awaiting confirmation', 'Free slot']);
  // The booked 9:00 slot is not offered; the free ones around it are.
  await expect(grid.getByRole('button', { name: `Book 9:30 am, ${doctor}`, exact: true })).toBeVisible();
  await expect(grid.getByRole('button', { name: `Book 9:00 am, ${doctor}`, exact: true })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await bookFreeSlot(page, doctor, '10:00 am', other.patient);
  await expect(grid.getByRole('button', { name: new RegExp(`^Token \\d+, ${other.patient}, 10:00 am`) })).toBeVisible();
  await expect(grid.getByRole('button', { name: `Book 10:00 am, ${doctor}`, exact: true })).toHaveCount(0);

  // Drag the 9:00 visit onto 11:00.
  const block = grid.getByRole('button', { name: new RegExp(`^Token \\d+, ${patient}, 9:00 am`) });
  const target = grid.getByRole('button', { name: `Book 11:00 am, ${doctor}`, exact: true });
  await target.scrollIntoViewIfNeeded();
  const from = (await block.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
  await expect(page.getByText(new RegExp(`^Token \\d+ moved to 11:00 am, .*, ${doctor}$`))).toBeVisible();
  await expect(grid.getByRole('button', { name: new RegExp(`^Token \\d+, ${patient}, 11:00 am`) })).toBeVisible();
  await expect(grid.getByRole('button', { name: `Book 9:00 am, ${doctor}`, exact: true })).toBeVisible();
  // The drag opened nothing.
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(page.getByText(new RegExp(`^Token \\d+ is back at 9:00 am, .*, ${doctor}$`))).toBeVisible();
  await expect(grid.getByRole('button', { name: new RegExp(`^Token \\d+, ${patient}, 9:00 am`) })).toBeVisible();
  await expect(grid.getByRole('button', { name: `Book 11:00 am, ${doctor}`, exact: true })).toBeVisible();
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the legend wraps on the page and a free slot is booked with a tap', async ({ page, request }) => {
    const { doctor, doctorId, patient, date } = await doctorWithPatient(request, false);
    const grid = await openDay(page, doctorId, date);
    const legend = page.getByRole('list', { name: 'Status colours' });
    await expect(legend.getByRole('listitem').last()).toBeVisible();
    const legendBox = (await legend.boundingBox())!;
    expect(legendBox.x + legendBox.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);

    await bookFreeSlot(page, doctor, '9:00 am', patient, true);
    await expect(grid.getByRole('button', { name: new RegExp(`^Token \\d+, ${patient}, 9:00 am`) })).toBeVisible();
  });
});
