import type { APIRequestContext } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { organisationDay } from './support/dates.ts';
import { uniqueSuffix } from './support/files.ts';
import type { Locator } from '@playwright/test';
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

/** Presses on `from`'s middle, drags to the middle of what `onto` finds once the drag has begun, and lets go. */
async function drag(page: Page, from: Locator, onto: () => Locator) {
  const start = (await from.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2 + 12, { steps: 4 });
  const target = onto();
  await expect(target).toBeVisible();
  const end = (await target.boundingBox())!;
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 12 });
  await page.mouse.up();
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

    test('a visit dragged onto a full slot moves in as an extra once the desk says so, and Undo moves it back', async ({ page, request }) => {
      const { doctor, doctorId, date, patients } = await doctorWithVisits(request, ['09:00', '10:00'], 1);
      const [first, moving] = patients as [string, string];
      const grid = await openDay(page, doctorId, date);
      const block = grid.getByRole('button', { name: `Token 002, ${moving}, 10:00 am – 10:30 am, Booked`, exact: true });
      await expect(block).toBeVisible();

      // 9:00 is full: drawn as a place to drop only while a visit is dragged.
      const fullSlot = () => grid.getByText('Full: move in as extra', { exact: true });
      await expect(fullSlot()).toHaveCount(0);
      await drag(page, block, fullSlot);
      const ask = page.getByRole('dialog', { name: 'Move in as an extra?' });
      await expect(ask).toContainText(`9:00 am on `);
      await expect(ask).toContainText(`with ${doctor} is full. Token 002, ${moving}, can go in as an extra beyond its places (1 of 1 left that day).`);
      await expectUsable(page, `the offer of an extra at ${width} px`);
      await ask.getByRole('button', { name: 'Move in as extra', exact: true }).click();
      await expect(ask).toBeHidden();

      await expect(page.getByText(new RegExp(`^Token 002 moved in as an extra at 9:00 am, .*, ${doctor}$`))).toBeVisible();
      const extra = grid.getByRole('button', { name: `Token 002, ${moving}, Extra, 9:00 am – 9:30 am, Booked`, exact: true });
      await expect(extra).toBeVisible();
      await expect(grid.getByRole('button', { name: `Token 001, ${first}, 9:00 am – 9:30 am, Booked`, exact: true })).toBeVisible();
      await expect(grid.getByRole('button', { name: `Book 10:00 am, ${doctor}`, exact: true })).toBeVisible();
      await expectUsable(page, `the calendar with an extra at ${width} px`);

      await page.getByRole('button', { name: 'Undo', exact: true }).click();
      await expect(page.getByText(new RegExp(`^Token 002 is back at 10:00 am, .*, ${doctor}$`))).toBeVisible();
      await expect(block).toBeVisible();
      await expect(extra).toHaveCount(0);
    });
  });
}
