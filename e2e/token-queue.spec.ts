import { awayFromOrganisationMidnight, organisationDay } from './support/dates.ts';
import { expect, signInAs, test } from './support/fixtures.ts';
import { uniqueSuffix } from './support/files.ts';
import { staffApiAs, type StaffApi } from './support/staff.ts';

/**
 * A doctor seeing patients all day in 5-minute slots, and a patient booked into today's first
 * free slot and checked in. (Callers first wait out the last minutes before the organisation's
 * midnight, when no slot of today is left and the queue is about to turn over.)
 */
async function checkedInToday(api: StaffApi, doctorId: string, name: string) {
  const patient = await api.post('/api/patients', { name, phone: `96${String(Date.now()).slice(-8)}`, gender: 'FEMALE' });
  const today = organisationDay();
  const { slots } = await api.get<{ slots: { start: string }[] }>(`/api/doctors/${doctorId}/slots?date=${today}`);
  expect(slots.length, 'a free slot left today').toBeGreaterThan(0);
  const appointment = await api.post('/api/appointments', { doctorId, patientId: patient.id, date: today, startTime: slots[0]!.start });
  await api.post(`/api/appointments/${appointment.id}/actions/check-in`);
  return appointment as { id: string; tokenLabel: string };
}

test('Call next on the token page updates a waiting-room display in another browser live, and a new booking reaches the queue', async ({ page, browser, request }) => {
  await awayFromOrganisationMidnight();
  const api = await staffApiAs(request, 'admin@hospital.demo');
  const doctorName = `Dr. Token Tester ${uniqueSuffix()}`;
  const availability = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '23:59' }));
  const doctor = await api.post('/api/doctors', {
    name: doctorName,
    specialization: 'General Medicine',
    consultationFeePaise: 40000,
    slotMinutes: 5,
    patientsPerSlot: 1,
    tokenPrefix: 'T',
    availability,
  });
  const first = await checkedInToday(api, doctor.id, `Queue Patient ${uniqueSuffix()}`);
  expect(first.tokenLabel).toBe('T-001');

  // The waiting-room screen: another browser, signed in as the worker, on the display.
  const tv = await browser.newContext();
  const display = await tv.newPage();
  await signInAs(display, 'worker@hospital.demo', '/appointments/token?display=1');
  const tile = display.getByRole('region', { name: 'Waiting room display' }).getByRole('region', { name: doctorName });
  await expect(tile.getByText('Now serving')).toBeVisible();
  await expect(tile.getByTestId('display-token')).toHaveText('—');
  await expect(tile).toContainText('Next: T-001');

  await signInAs(page, 'admin@hospital.demo', '/appointments/token');
  const card = page.getByRole('region', { name: `Queue of ${doctorName}` });
  await expect(card.getByTestId('next-token')).toHaveText('T-001');
  await card.getByRole('button', { name: 'Call next' }).click();
  await expect(card.getByTestId('now-serving')).toHaveText('T-001');

  // The display follows without a reload.
  await expect(tile.getByTestId('display-token')).toHaveText('T-001', { timeout: 10_000 });

  // Another desk books and checks in a second patient: the console's queue shows them waiting.
  await checkedInToday(api, doctor.id, `Second Patient ${uniqueSuffix()}`);
  await expect(card.getByTestId('next-token')).toHaveText('T-002', { timeout: 10_000 });
  await expect(tile).toContainText('Next: T-002', { timeout: 10_000 });

  // Undo puts T-001 back in line; the display shows no one being served again.
  await card.getByRole('button', { name: 'Undo' }).click();
  await expect(card.getByTestId('now-serving')).toHaveText('—');
  await expect(tile.getByTestId('display-token')).toHaveText('—', { timeout: 10_000 });
  await tv.close();
});

test('the token page works on a phone: no sideways scrolling, actions reachable', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAs(page, 'worker@hospital.demo', '/appointments/token');
  await expect(page.getByRole('heading', { name: 'Appointment tokens', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Call next' }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("from Appointments, 'Queue' opens the token page; its filters stay in the URL and the display opens in a new window with them", async ({ page, context, request }) => {
  await awayFromOrganisationMidnight();
  const api = await staffApiAs(request, 'admin@multi.demo');
  const facilities = await api.get<{ data: { id: string; name: string }[] }>('/api/facilities');
  const facility = facilities.data.at(-1)!;
  const doctorName = `Dr. Floor Display ${uniqueSuffix()}`;
  const availability = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '23:59' }));
  const doctor = await api.post('/api/doctors', {
    name: doctorName,
    specialization: 'General Medicine',
    consultationFeePaise: 40000,
    slotMinutes: 5,
    patientsPerSlot: 1,
    tokenPrefix: 'F',
    facilityId: facility.id,
    availability,
  });
  await checkedInToday(api, doctor.id, `Floor Patient ${uniqueSuffix()}`);

  await signInAs(page, 'admin@multi.demo', '/appointments');
  await page.getByRole('link', { name: 'Queue' }).click();
  await expect(page).toHaveURL(/\/appointments\/token$/);
  await expect(page.getByRole('heading', { name: 'Appointment tokens', level: 1 })).toBeVisible();

  const filters = page.getByRole('search', { name: 'Queue filters' });
  await filters.getByRole('combobox', { name: 'Facility' }).click();
  await page.getByRole('option', { name: facility.name, exact: true }).click();
  await filters.getByRole('combobox', { name: 'Doctor' }).click();
  await page.getByRole('option', { name: doctorName }).click();
  await filters.getByRole('switch', { name: 'Only doctors with patients today' }).check();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('facility') === facility.id && url.searchParams.get('doctor') === doctor.id && url.searchParams.get('withPatients') === '1',
  );
  await expect(page.getByRole('region', { name: /^Queue of / })).toHaveCount(1);
  await expect(page.getByRole('region', { name: `Queue of ${doctorName}` })).toBeVisible();

  // The display: a new page, the same filters; the desk keeps its controls.
  const [display] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Open display' }).click()]);
  await display.waitForLoadState();
  const url = new URL(display.url());
  expect(url.pathname).toBe('/appointments/token');
  expect(Object.fromEntries(url.searchParams)).toEqual({ facility: facility.id, doctor: doctor.id, withPatients: '1', display: '1' });
  const screen = display.getByRole('region', { name: 'Waiting room display' });
  await expect(screen.getByRole('region', { name: doctorName })).toBeVisible();
  await expect(screen.getByRole('region')).toHaveCount(1);
  await expect(page.getByRole('region', { name: `Queue of ${doctorName}` }).getByRole('button', { name: 'Call next' })).toBeEnabled();
  expect(await display.evaluate(() => window.opener)).toBeNull();
  await display.close();
});
