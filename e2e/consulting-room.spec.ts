import { randomUUID } from 'node:crypto';
import { seriousViolations } from './support/axe.ts';
import { awayFromOrganisationMidnight, organisationDay } from './support/dates.ts';
import { expect, sidebar, signInAs, test, type Page } from './support/fixtures.ts';
import { uniqueSuffix } from './support/files.ts';
import { staffApiAs, type StaffApi } from './support/staff.ts';

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '23:59' }));

/** A doctor seeing patients all day in 5-minute slots, with `count` patients booked today and checked in. */
async function doctorWithPatients(api: StaffApi, count: number) {
  const name = `Dr. Room Tester ${uniqueSuffix()}`;
  const doctor = await api.post('/api/doctors', {
    name,
    specialization: 'General Medicine',
    consultationFeePaise: 40000,
    slotMinutes: 5,
    patientsPerSlot: 1,
    tokenPrefix: 'R',
    availability: EVERY_DAY,
  });
  const today = organisationDay();
  const patients: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const patientName = `Room Patient ${index + 1} ${uniqueSuffix()}`;
    const patient = await api.post('/api/patients', {
      name: patientName,
      phone: `95${String(Date.now() + index).slice(-8)}`,
      gender: 'FEMALE',
      notes: index === 0 ? 'Allergic to penicillin' : undefined,
    });
    const { slots } = await api.get<{ slots: { start: string }[] }>(`/api/doctors/${doctor.id}/slots?date=${today}`);
    const appointment = await api.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date: today, startTime: slots[0]!.start });
    await api.post(`/api/appointments/${appointment.id}/actions/check-in`);
    patients.push(patientName);
  }
  return { id: doctor.id, name, patients };
}

/** The doctor's own account, added by the admin in Settings → Staff, with a password of its own. */
async function addDoctorAccount(page: Page, doctorName: string): Promise<{ email: string; password: string }> {
  const email = `room-${randomUUID().slice(0, 8)}@hospital.demo`;
  const temporary = `Temp@${randomUUID().slice(0, 8)}`;
  await signInAs(page, 'admin@hospital.demo', '/settings/staff');
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add staff member' });
  await dialog.getByRole('textbox', { name: /Name/ }).fill(doctorName.replace('Dr. ', ''));
  await dialog.getByRole('textbox', { name: /E-mail/ }).fill(email);
  await dialog.getByRole('radio', { name: 'Doctor' }).check();
  await dialog.getByRole('combobox', { name: /Doctor/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${doctorName}`) }).click();
  await dialog.getByRole('textbox', { name: 'Password' }).fill(temporary);
  await dialog.getByRole('button', { name: 'Add staff member' }).click();
  await page
    .getByRole('dialog', { name: /added$/ })
    .getByRole('button', { name: 'Done' })
    .click();
  // Their own password, so the console does not stop them at 'choose a new password'.
  const first = await page.request.post('/api/admin/auth', { data: { email, password: temporary } });
  const password = `Own@${randomUUID().slice(0, 8)}`;
  const own = await page.request.post('/api/account/password', {
    headers: { authorization: `Bearer ${((await first.json()) as { access_token: string }).access_token}` },
    data: { currentPassword: temporary, newPassword: password },
  });
  expect(own.status(), await own.text()).toBe(200);
  return { email, password };
}

test("a doctor's own account calls and completes its patients from the consulting room, and the desk follows live", async ({ page, browser, request }) => {
  await awayFromOrganisationMidnight();
  const api = await staffApiAs(request, 'admin@hospital.demo');
  const doctor = await doctorWithPatients(api, 2);
  const account = await addDoctorAccount(page, doctor.name);

  // The desk's token page, in another browser.
  const deskContext = await browser.newContext();
  const desk = await deskContext.newPage();
  await signInAs(desk, 'worker@hospital.demo', '/appointments/token');
  const card = desk.getByRole('region', { name: `Queue of ${doctor.name}` });
  await expect(card.getByTestId('next-token')).toHaveText('R-001');

  const roomContext = await browser.newContext();
  const roomPage = await roomContext.newPage();
  await signInAs(roomPage, account.email, '/', account.password);
  await expect(roomPage).toHaveURL(/\/consulting$/);
  await expect(sidebar(roomPage).getByRole('link')).toHaveText(['My patients']);
  const room = roomPage.getByRole('region', { name: `Consulting room of ${doctor.name}` });
  await expect(roomPage.getByRole('list', { name: 'Waiting, in order' }).getByRole('button')).toHaveText([
    new RegExp(`R-001${doctor.patients[0]}`),
    new RegExp(`R-002${doctor.patients[1]}`),
  ]);

  await room.getByRole('button', { name: 'Call next' }).click();
  await expect(room).toContainText(doctor.patients[0]!);
  const record = roomPage.getByRole('region', { name: doctor.patients[0] });
  await expect(record).toContainText('Desk notes: Allergic to penicillin');
  await expect(card.getByTestId('now-serving')).toHaveText('R-001', { timeout: 10_000 });
  expect(await seriousViolations(roomPage)).toEqual([]);

  await room.getByRole('button', { name: 'Complete' }).click();
  await expect(room).toContainText('No one yet: call the next patient');
  await expect(card.getByTestId('now-serving')).toHaveText('—', { timeout: 10_000 });

  // The desk calls the next one: the room follows without a reload.
  await card.getByRole('button', { name: 'Call next' }).click();
  await expect(room).toContainText(doctor.patients[1]!, { timeout: 10_000 });

  // The rest of the console is not the doctor's: a desk page sends it back to its room.
  await roomPage.goto('/user');
  await expect(roomPage).toHaveURL(/\/consulting$/);
  await deskContext.close();
  await roomContext.close();
});

test('the consulting room works on a phone: no sideways scrolling, its actions reachable', async ({ page, request }) => {
  await awayFromOrganisationMidnight();
  const api = await staffApiAs(request, 'admin@hospital.demo');
  const doctor = await doctorWithPatients(api, 1);
  const account = await addDoctorAccount(page, doctor.name);
  const phone = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 375, height: 800 } });
  const roomPage = await phone.newPage();
  await signInAs(roomPage, account.email, '/consulting', account.password);
  const room = roomPage.getByRole('region', { name: `Consulting room of ${doctor.name}` });
  await room.getByRole('button', { name: 'Call next' }).click();
  await expect(roomPage.getByRole('region', { name: doctor.patients[0] })).toContainText('Desk notes');
  expect(await roomPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(roomPage)).toEqual([]);
  await phone.close();
});
