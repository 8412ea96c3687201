import type { APIRequestContext } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { organisationDay } from './support/dates.ts';
import { uniqueSuffix } from './support/files.ts';
import { DEMO_PASSWORD, expect, signInAs, test, type Page } from './support/fixtures.ts';
import { staffApiWith } from './support/staff.ts';

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '20:00' }));

/** The demo admin's API, and a put (a day change) the shared helper has no verb for. */
async function adminApi(request: APIRequestContext) {
  const auth = await request.post('/api/admin/auth', { data: { email: 'admin@hospital.demo', password: DEMO_PASSWORD } });
  const token = ((await auth.json()) as { access_token: string }).access_token;
  const put = async (path: string, data: unknown) => {
    const response = await request.put(path, { headers: { authorization: `Bearer ${token}` }, data });
    expect(response.ok(), await response.text()).toBe(true);
  };
  return { ...staffApiWith(request, token), put };
}

/**
 * A doctor of our own, seen every day 08:00-20:00 in 30-minute slots of one patient (with
 * `extraPerDay` extras a day), and tomorrow's visits of new patients at the given times.
 */
async function doctorWithVisits(request: APIRequestContext, times: string[], extraPerDay = 0) {
  const api = await adminApi(request);
  const suffix = uniqueSuffix();
  const doctor = `Dr. Nila Varma ${suffix}`;
  const { id: doctorId } = await api.post('/api/doctors', {
    name: doctor,
    specialization: 'General Medicine',
    consultationFeePaise: 50000,
    slotMinutes: 30,
    patientsPerSlot: 1,
    extraPerDay,
    availability: EVERY_DAY,
  });
  const date = organisationDay(1);
  const patients: string[] = [];
  for (const [index, startTime] of times.entries()) {
    const name = `Kamala Iyengar ${suffix} ${index + 1}`;
    const { id: patientId } = await api.post('/api/patients', { name, phone: `97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, gender: 'FEMALE' });
    await api.post('/api/appointments', { doctorId, patientId, date, startTime });
    patients.push(name);
  }
  return { api, doctor, doctorId, date, patients };
}

/** Tomorrow's day view, the doctor's column only. */
async function openDay(page: Page, doctorId: string, date: string) {
  await signInAs(page, 'admin@hospital.demo', `/appointments?view=day&from=${date}&doctorId=${doctorId}`);
  const grid = page.getByRole('region', { name: /^Appointments on / });
  await expect(grid).toBeVisible();
  return grid;
}

/** No serious axe finding, and nothing wider than the window (a phone's 375 px). */
async function expectUsable(page: Page, where: string) {
  expect(await seriousViolations(page, where)).toEqual([]);
  const width = page.viewportSize()?.width ?? 1440;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const width of [1440, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a visit a day's late start kept outside its hours is marked so on the calendar, in words", async ({ page, request }) => {
      const { api, doctorId, date, patients } = await doctorWithVisits(request, ['08:00', '10:00']);
      const [early, later] = patients as [string, string];
      // The doctor starts at 9:00 that day; the desk keeps the 8:00 visit rather than moving it.
      await api.put(`/api/doctors/${doctorId}/days/${date}`, { windows: [{ start: '09:00', end: '20:00' }], strandedVisits: 'keep' });

      const grid = await openDay(page, doctorId, date);
      const kept = grid.getByRole('button', { name: `Token 001, ${early}, Outside hours, 8:00 am – 8:30 am, Booked`, exact: true });
      await expect(kept).toBeVisible();
      await expect(kept.getByText('Outside hours', { exact: true })).toBeVisible();
      await expect(grid.getByRole('button', { name: `Token 002, ${later}, 10:00 am – 10:30 am, Booked`, exact: true })).toBeVisible();
      await expect(grid.getByText('Outside hours', { exact: true })).toHaveCount(1);
      await expectUsable(page, `the calendar at ${width} px with a visit outside the day's hours`);
    });
  });
}
