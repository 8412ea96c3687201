import { seriousViolations } from './support/axe.ts';
import { awayFromOrganisationMidnight } from './support/dates.ts';
import { expect, signInAs, test, type Page } from './support/fixtures.ts';
import { uniqueSuffix } from './support/files.ts';
import { staffApiAs, type StaffApi } from './support/staff.ts';

const ALL_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '23:59' }));

/** The organisations' wall clock now (Asia/Kolkata): weekday, HH:mm, and minutes left before midnight. */
function organisationNow() {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  );
  const minutes = Number(parts.hour) * 60 + Number(parts.minute);
  return { weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!), time: `${parts.hour}:${parts.minute}`, left: 24 * 60 - minutes };
}

async function addDoctor(api: StaffApi, name: string, schedule: { slotMinutes: number; availability: { weekday: number; start: string; end: string }[] }) {
  return api.post('/api/doctors', { name, specialization: 'General Medicine', consultationFeePaise: 30000, patientsPerSlot: 1, tokenPrefix: 'W', ...schedule });
}

async function addPatient(api: StaffApi, name: string) {
  return api.post('/api/patients', { name, phone: `97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, gender: 'MALE' });
}

/** The serious axe findings with the walk-in's toast still on screen: its colours must read as well as the page's. */
async function scan(page: Page, where?: string): Promise<string[]> {
  return seriousViolations(page, where);
}

/** The token page's 'Add walk-in' for one doctor's queue: find the patient by name and add them. */
async function addWalkIn(page: Page, doctorName: string, patientName: string) {
  const card = page.getByRole('region', { name: `Queue of ${doctorName}` });
  await card.getByRole('button', { name: 'Add walk-in' }).click();
  const dialog = page.getByRole('dialog', { name: `Add walk-in: ${doctorName}` });
  await dialog.getByRole('combobox', { name: 'Find patient' }).fill(patientName);
  await dialog.getByRole('option', { name: new RegExp(patientName) }).click();
  expect(await scan(page, 'the walk-in dialog')).toEqual([]);
  await dialog.getByRole('button', { name: 'Add to queue' }).click();
  return { card, dialog };
}

test('a desk adds a walk-in from the token page and sees them waiting with the next token', async ({ page, request }) => {
  await awayFromOrganisationMidnight();
  const admin = await staffApiAs(request, 'admin@hospital.demo');
  const doctorName = `Dr. Walk-in Desk ${uniqueSuffix()}`;
  const doctor = await addDoctor(admin, doctorName, { slotMinutes: 5, availability: ALL_DAY });
  const patientName = `Walkin Wani ${uniqueSuffix()}`;
  await addPatient(admin, patientName);

  await signInAs(page, 'worker@hospital.demo', `/appointments/token?doctor=${doctor.id}`);
  await expect(page.getByRole('region', { name: `Queue of ${doctorName}` })).toBeVisible();
  expect(await scan(page)).toEqual([]);
  const { card, dialog } = await addWalkIn(page, doctorName, patientName);
  await expect(page.getByText('Walk-in added: token W-001')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('list', { name: 'Waiting' })).toContainText(`W-001 · ${patientName}`);
  await expect(card.getByTestId('next-token')).toHaveText('W-001');
});

test('on a phone, a walk-in to a full day is an extra within the allowance, then refused naming why', async ({ page, request }) => {
  await awayFromOrganisationMidnight();
  await page.setViewportSize({ width: 375, height: 800 });
  const admin = await staffApiAs(request, 'admin@hospital.demo');
  // One slot today, from now for up to an hour: the slot in progress for the whole test.
  const now = organisationNow();
  const slotMinutes = Math.max(5, Math.min(60, now.left - 1));
  const [hour, minute] = now.time.split(':').map(Number) as [number, number];
  const endMinutes = Math.min(hour * 60 + minute + slotMinutes, 23 * 60 + 59);
  const end = `${String(Math.floor(endMinutes / 60)).padStart(2, '0')}:${String(endMinutes % 60).padStart(2, '0')}`;
  const doctorName = `Dr. Full Day ${uniqueSuffix()}`;
  const doctor = await addDoctor(admin, doctorName, { slotMinutes: endMinutes - (hour * 60 + minute), availability: [{ weekday: now.weekday, start: now.time, end }] });
  // The day's one place is taken by a first walk-in; an admin allows one extra.
  const first = await addPatient(admin, `Walkin First ${uniqueSuffix()}`);
  await admin.post(`/api/tokens/doctors/${doctor.id}/walk-ins`, { patientId: first.id });
  await admin.patch(`/api/doctors/${doctor.id}`, { extraPerDay: 1 });
  const extraName = `Walkin Extra ${uniqueSuffix()}`;
  await addPatient(admin, extraName);
  const refusedName = `Walkin Late ${uniqueSuffix()}`;
  await addPatient(admin, refusedName);

  await signInAs(page, 'worker@hospital.demo', `/appointments/token?doctor=${doctor.id}`);
  const { card } = await addWalkIn(page, doctorName, extraName);
  await expect(page.getByText('Walk-in added as an extra: token W-002')).toBeVisible();
  const waiting = card.getByRole('list', { name: 'Waiting' });
  await expect(waiting.getByRole('listitem').filter({ hasText: extraName })).toContainText('Extra');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await scan(page)).toEqual([]);

  const { dialog } = await addWalkIn(page, doctorName, refusedName);
  await expect(dialog.getByRole('alert')).toContainText(`The rest of today is full for ${doctorName}, and all 1 extras of the day are booked`);
  // Nothing was added: closed, the queue still holds the two.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(waiting.getByRole('listitem')).toHaveCount(2);
  await expect(waiting).not.toContainText(refusedName);
});
