import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expect, signInAs, test } from './support/fixtures.ts';
import { awayFromOrganisationMidnight, organisationDay } from './support/dates.ts';
import { uniqueSuffix } from './support/files.ts';

/** The smallest PDF the server's byte check accepts (it starts with %PDF-). */
const TINY_PDF = '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n';

/** A scan of our own, open all day every day in 15-minute slots with one patient per slot, so today has free places until 23:30. */
async function createScan(request: APIRequestContext, name: string): Promise<void> {
  const auth = await request.post('/api/admin/auth', { data: { email: 'admin@scan.demo', password: DEMO_PASSWORD } });
  const token = ((await auth.json()) as { access_token: string }).access_token;
  const availability = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '23:59' }));
  const response = await request.post('/api/services', {
    headers: { authorization: `Bearer ${token}` },
    data: { kind: 'SCAN', name, category: 'CT', pricePaise: 350000, durationMinutes: 15, availability, capacityPerSlot: 1, tokenPrefix: 'CT' },
  });
  expect(response.status()).toBe(201);
}

test('a scan booked through the slot picker is checked in, started, completed and gets its PDF report', async ({ page, request }) => {
  const scan = `CT Chest ${uniqueSuffix()}`;
  const patient = `Meenakshi Sundaram ${uniqueSuffix()}`;
  // A visit is checked in and completed on its day only: book today, with a slot still ahead.
  await awayFromOrganisationMidnight(35);
  await createScan(request, scan);

  await signInAs(page, 'admin@scan.demo', '/bookings');
  await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'New booking' });
  await dialog.getByRole('button', { name: 'Quick add' }).click();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(patient);
  await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill(`96${String(Date.now()).slice(-8)}`);
  const female = page.getByRole('option', { name: 'Female', exact: true });
  // The select can swallow a click made while the form is still settling: open it until it shows its options.
  await expect(async () => {
    await dialog.getByRole('combobox', { name: 'Gender' }).click();
    await expect(female).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await female.click();
  await dialog.getByRole('button', { name: 'Add patient' }).click();
  await expect(dialog.getByLabel('Chosen patient')).toContainText(patient);

  await dialog.getByRole('combobox', { name: 'Scan or test' }).fill(scan);
  await page.getByRole('option', { name: new RegExp(scan) }).click();
  await dialog.getByLabel('Date', { exact: true }).fill(organisationDay());
  const slots = dialog.getByRole('group', { name: 'Free slots' });
  await slots.getByRole('button').first().click();
  await dialog.getByRole('button', { name: 'Book' }).click();

  const confirmed = page.getByRole('dialog', { name: 'Booking confirmed' });
  await expect(confirmed.getByLabel('Booking slip')).toContainText('CT-001');
  await expect(confirmed.getByLabel('Booking slip')).toContainText(patient);
  await confirmed.getByRole('button', { name: 'Done' }).click();

  // Today's list finds it by the patient's name; the row opens the drawer.
  await page.getByRole('button', { name: 'Today' }).click();
  await page.getByRole('main').getByLabel('Search').fill(patient);
  await expect(page).toHaveURL(/search=/);
  const drawer = page.getByRole('dialog', { name: 'Token CT-001' });
  // A click while the searched list re-renders can be lost: click the row until the drawer opens.
  await expect(async () => {
    await page.getByRole('main').getByText(patient).first().click();
    await expect(drawer).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(drawer.getByText('Booked', { exact: true })).toBeVisible();
  for (const [action, status] of [
    ['Check in', 'Checked in'],
    ['Start', 'In progress'],
    ['Complete', 'Completed'],
  ] as const) {
    await drawer.getByRole('button', { name: action, exact: true }).click();
    await expect(drawer.getByText(status, { exact: true }).first()).toBeVisible();
  }

  const file = join(tmpdir(), `report-${uniqueSuffix()}.pdf`);
  await writeFile(file, TINY_PDF);
  const report = drawer.getByRole('region', { name: 'Report' });
  await report.locator('input[type="file"]').setInputFiles(file);
  await expect(drawer.getByText('Report ready', { exact: true })).toBeVisible();
  await expect(report.getByRole('button', { name: 'View report' })).toBeVisible();
  await expect(drawer.getByRole('list', { name: 'History' })).toContainText('Completed → Report ready');

  // The report opens in a new tab through a short-lived signed link, served as a PDF.
  const served = page.context().waitForEvent('response', (response) => /\/api\/uploads\/private\/[0-9a-f-]{36}\?expires=\d+&signature=/.test(response.url()));
  await report.getByRole('button', { name: 'View report' }).click();
  const response = await served;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('at 375 px /bookings fits the screen without sideways scrolling', async ({ page }) => {
    await signInAs(page, 'worker@scan.demo', '/bookings?from=2020-01-01&to=2030-12-31');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText(/./).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
