import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { organisationDay } from './support/dates.ts';
import { uniqueSuffix } from './support/files.ts';
import { chooseVisit } from './support/visit-dialog.ts';
import { DEMO_PASSWORD, expect, signInAs, test } from './support/fixtures.ts';

/**
 * Recurring scans and tests (issue 21): a weekly series booked through the real New booking
 * dialog, a full slot skipped and named, and the series moved as a whole from a booking's drawer.
 */

/*
 * The list behind the dialog on a day far ahead, with no bookings: axe measures rows under the
 * modal's dimming backdrop as low contrast, and whether today's rows have loaded is a race.
 */
const emptyList = `/bookings?from=${organisationDay(300)}&to=${organisationDay(300)}`;

interface Centre {
  headers: { authorization: string };
  serviceId: string;
  service: string;
  patient: string;
}

/** A test of the test's own, open every day 08:00–20:00 in 30-minute slots of one patient; and a patient. */
async function centreWith(request: APIRequestContext): Promise<Centre> {
  const auth = await request.post('/api/admin/auth', { data: { email: 'admin@scan.demo', password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${((await auth.json()) as { access_token: string }).access_token}` };
  const availability = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '20:00' }));
  const service = `Dialysis bloods ${uniqueSuffix()}`;
  const created = await request.post('/api/services', {
    headers,
    data: { kind: 'TEST', name: service, category: 'Pathology', pricePaise: 80000, durationMinutes: 30, availability, capacityPerSlot: 1, tokenPrefix: 'DB' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const patient = `Series Patient ${uniqueSuffix()}`;
  const added = await request.post('/api/patients', {
    headers,
    data: { name: patient, phone: `+9194${String(Date.now()).slice(-8)}`, gender: 'MALE', dateOfBirth: '1968-04-02' },
  });
  expect(added.status(), await added.text()).toBe(201);
  return { headers, serviceId: ((await created.json()) as { id: string }).id, service, patient };
}

/** The New booking dialog with the patient, the test, tomorrow and its 8:00 am slot chosen, and Repeat on. */
async function newSeriesAt8(page: Page, centre: Centre): Promise<Locator> {
  await page.getByRole('button', { name: 'New booking' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New booking' });
  await chooseVisit(page, dialog, { patient: centre.patient, ownerField: 'Scan or test', owner: centre.service, date: organisationDay(1), time: '8:00 am' });
  const repeat = dialog.getByRole('switch', { name: 'Repeat' });
  await expect(repeat).not.toBeChecked();
  await repeat.check();
  return dialog;
}

test('a weekly series of tests is booked with a full slot skipped, then moved as a whole from the drawer', async ({ page, request }) => {
  const centre = await centreWith(request);
  // Someone else holds the second week's 8:00 am: that date is skipped and named.
  const other = await request.post('/api/patients', {
    headers: centre.headers,
    data: { name: `Other Patient ${uniqueSuffix()}`, phone: `+9193${String(Date.now()).slice(-8)}`, gender: 'FEMALE', dateOfBirth: '1980-01-01' },
  });
  const taken = await request.post('/api/bookings', {
    headers: centre.headers,
    data: { serviceId: centre.serviceId, patientId: ((await other.json()) as { id: string }).id, date: organisationDay(8), startTime: '08:00' },
  });
  expect(taken.status(), await taken.text()).toBe(201);

  await signInAs(page, 'admin@scan.demo', emptyList);
  const dialog = await newSeriesAt8(page, centre);
  await expect(dialog).toContainText('a course of dressings, weekly dialysis bloods, a monthly scan');
  await expect(dialog.getByRole('list', { name: '4 dates' }).getByRole('listitem')).toHaveCount(4);
  expect(await seriousViolations(page, 'New booking with Repeat at 1440px')).toEqual([]);
  await dialog.getByRole('button', { name: 'Book 4 visits' }).click();

  const booked = page.getByRole('dialog', { name: 'Series booked' });
  await expect(booked.getByRole('region', { name: 'Booked (3)' }).getByRole('listitem')).toHaveCount(3);
  await expect(booked.getByRole('region', { name: 'Not booked (1)' })).toContainText('Slot full');
  expect(await seriousViolations(page, 'Series booked at 1440px')).toEqual([]);
  await booked.getByRole('button', { name: 'Done' }).click();
  await expect(booked).toBeHidden();

  const range = `serviceId=${centre.serviceId}&from=${organisationDay(1)}&to=${organisationDay(30)}&sort=date&order=asc`;
  const listed = await request.get(`/api/bookings?${range}`, { headers: centre.headers });
  const mine = ((await listed.json()) as { data: { id: string; date: string; patientName: string }[] }).data.filter((visit) => visit.patientName === centre.patient);
  expect(mine.map((visit) => visit.date)).toEqual([organisationDay(1), organisationDay(15), organisationDay(22)]);

  await page.goto(`/bookings?from=${organisationDay(1)}&to=${organisationDay(1)}&open=${mine[0]!.id}`);
  const drawer = page.getByRole('dialog', { name: 'Token DB-001' });
  const series = drawer.getByRole('region', { name: 'Part of a series: 3 visits' });
  await expect(series).toContainText('Every week at 8:00 am; 3 booked ahead');
  expect(await seriousViolations(page, 'booking series in the drawer at 1440px')).toEqual([]);
  await series.getByRole('button', { name: 'Move the series…' }).click();
  const move = page.getByRole('dialog', { name: 'Move the series' });
  await expect(move.getByRole('combobox', { name: 'Scan or test' })).toHaveValue(centre.service);
  await move.getByRole('group', { name: 'Free slots' }).getByRole('button', { name: '9:00 am' }).click();
  await move.getByRole('button', { name: 'Move the series' }).click();
  const moved = page.getByRole('dialog', { name: 'Series moved' });
  await expect(moved.getByRole('region', { name: 'Moved (3)' }).getByRole('listitem')).toHaveCount(3);
  expect(await seriousViolations(page, 'booking series moved at 1440px')).toEqual([]);
  await moved.getByRole('button', { name: 'Done' }).click();
  await expect(series).toContainText('Every week at 9:00 am');

  const after = await request.get(`/api/bookings?${range}`, { headers: centre.headers });
  const times = ((await after.json()) as { data: { startTime: string; patientName: string }[] }).data.filter((visit) => visit.patientName === centre.patient);
  expect(times.map((visit) => visit.startTime)).toEqual(['09:00', '09:00', '09:00']);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a booking series fits a phone: the Repeat form, the dates it makes, and the series in the drawer', async ({ page, request }) => {
    const centre = await centreWith(request);
    await signInAs(page, 'admin@scan.demo', emptyList);
    const dialog = await newSeriesAt8(page, centre);
    await dialog.getByRole('spinbutton', { name: 'Number of visits' }).fill('3');
    await expect(dialog.getByRole('list', { name: '3 dates' }).getByRole('listitem')).toHaveCount(3);
    await dialog.getByRole('list', { name: '3 dates' }).scrollIntoViewIfNeeded();
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    expect(await seriousViolations(page, 'booking Repeat form at 375px')).toEqual([]);
    await dialog.getByRole('button', { name: 'Book 3 visits' }).click();
    const booked = page.getByRole('dialog', { name: 'Series booked' });
    await expect(booked.getByRole('region', { name: 'Booked (3)' }).getByRole('listitem')).toHaveCount(3);
    expect(await seriousViolations(page, 'Series booked at 375px')).toEqual([]);
    await booked.getByRole('button', { name: 'Done' }).click();

    const listed = await request.get(`/api/bookings?serviceId=${centre.serviceId}&from=${organisationDay(1)}&to=${organisationDay(1)}`, { headers: centre.headers });
    const [first] = ((await listed.json()) as { data: { id: string }[] }).data;
    // Over an empty day: axe would otherwise catch the list's cards dimmed behind the drawer as it fades in.
    await page.goto(`${emptyList}&open=${first!.id}`);
    const series = page.getByRole('dialog', { name: 'Token DB-001' }).getByRole('region', { name: 'Part of a series: 3 visits' });
    await expect(series.getByRole('button', { name: 'Cancel the series…' })).toBeVisible();
    const drawerWidths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(drawerWidths.page).toBeLessThanOrEqual(drawerWidths.viewport);
    expect(await seriousViolations(page, 'booking series in the drawer at 375px')).toEqual([]);
  });
});
