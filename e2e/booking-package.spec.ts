import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { awayFromOrganisationMidnight, organisationDay } from './support/dates.ts';
import { uniqueSuffix } from './support/files.ts';
import { expect, signInAs, test, type Page } from './support/fixtures.ts';
import { staffApiAs } from './support/staff.ts';

// Issue 21: a package (a health check) is one booking with one token, and the lab works it test
// by test: each marked done or skipped with a reason, each with its own report.

/** The smallest PDF the server's byte check accepts (it starts with %PDF-). */
const TINY_PDF = '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n';
/** Open all day every day in 15-minute slots, so today has free places until 23:30. */
const ALL_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '23:59' }));

/** No serious axe finding, and nothing wider than the window or the drawer. */
async function expectUsable(page: Page, drawer: Locator, where: string) {
  expect(await seriousViolations(page, where)).toEqual([]);
  const width = page.viewportSize()?.width ?? 1440;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  expect(await drawer.evaluate((paper) => paper.scrollWidth - paper.clientWidth)).toBe(0);
}

for (const width of [1440, 375]) {
  test(`at ${width} px: a health check package is made, booked, worked test by test and gets its reports`, async ({ page, request }) => {
    // The whole desk flow in one story (the form, six moves of the visit, an upload) with two axe
    // scans: about 30 s on this 2-core machine with two workers, the default limit.
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    // A visit is checked in and completed on its day only: book today, with a slot still ahead.
    await awayFromOrganisationMidnight(35);
    const suffix = uniqueSuffix();
    const [cbcName, lipidName, packageName] = [`CBC ${suffix}`, `Lipid Profile ${suffix}`, `Health Check ${suffix}`];
    const admin = await staffApiAs(request, 'admin@scan.demo');
    for (const [name, category] of [
      [cbcName, 'Haematology'],
      [lipidName, 'Biochemistry'],
    ]) {
      await admin.post('/api/services', { kind: 'TEST', name, category, pricePaise: 40000 });
    }
    const healthCheck = await admin.post('/api/services', {
      kind: 'TEST',
      name: packageName,
      category: 'Health Package',
      pricePaise: 199900,
      durationMinutes: 15,
      availability: ALL_DAY,
      capacityPerSlot: 1,
      tokenPrefix: 'HC',
    });

    // The admin makes it a package of the two tests, in the form.
    await signInAs(page, 'admin@scan.demo', `/scan/${healthCheck.id}/edit`);
    const section = page.getByRole('region', { name: 'Tests in this package' });
    const picker = section.getByRole('combobox', { name: 'Add a scan or test' });
    for (const name of [lipidName, cbcName]) {
      await picker.fill(name);
      await page.getByRole('option', { name: new RegExp(name) }).click();
    }
    await section.getByRole('button', { name: `Move ${cbcName} up` }).click();
    await expect(section.getByRole('list', { name: 'Tests in this package' }).getByRole('listitem')).toHaveText([new RegExp(cbcName), new RegExp(lipidName)]);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`/scan/${healthCheck.id}$`));
    await expect(page.getByText('Package · 2 tests').first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Tests in this package' }).getByRole('listitem')).toHaveText([new RegExp(cbcName), new RegExp(lipidName)]);

    // Booked for today at its first free slot: one token for both tests.
    const patient = await admin.post('/api/patients', {
      name: `Kavya Package ${suffix}`,
      phone: `97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      gender: 'FEMALE',
    });
    const today = organisationDay();
    const { slots } = await admin.get<{ slots: { start: string }[] }>(`/api/services/${healthCheck.id}/slots?date=${today}`);
    const booking = await admin.post('/api/bookings', { serviceId: healthCheck.id, patientId: patient.id, date: today, startTime: slots[0]!.start });

    await page.goto(`/bookings?open=${booking.id}`);
    const drawer = page.getByRole('dialog', { name: 'Token HC-001' });
    const tests = drawer.getByRole('region', { name: 'Tests' });
    const cbc = tests.getByRole('listitem', { name: cbcName });
    const lipid = tests.getByRole('listitem', { name: lipidName });
    await expect(tests.getByRole('status')).toHaveText('0 of 2 done');
    await expect(cbc).toContainText('Pending');
    // A package's reports are its tests': the booking has none of its own.
    await expect(drawer.getByRole('region', { name: 'Report', exact: true })).toHaveCount(0);
    for (const [action, status] of [
      ['Check in', 'Checked in'],
      ['Start', 'In progress'],
    ] as const) {
      await drawer.getByRole('button', { name: action, exact: true }).click();
      await expect(drawer.getByText(status, { exact: true }).first()).toBeVisible();
    }

    await cbc.getByRole('button', { name: 'Mark done' }).click();
    await expect(cbc).toContainText('Done');
    await expect(tests.getByRole('status')).toHaveText('1 of 2 done');
    await lipid.getByRole('button', { name: 'Skip' }).click();
    const skip = page.getByRole('dialog', { name: `Skip ${lipidName}?` });
    await skip.getByRole('textbox', { name: 'Reason' }).fill('Sample haemolysed');
    await skip.getByRole('button', { name: 'Skip test' }).click();
    await expect(skip).toBeHidden();
    await expect(lipid).toContainText('Skipped: Sample haemolysed');
    await expect(tests.getByRole('status')).toHaveText('1 of 1 done');
    // The last test left is never skipped.
    await expect(cbc.getByRole('button', { name: 'Skip' })).toHaveCount(0);
    await expectUsable(page, drawer, `the package drawer at ${width} px, in progress`);

    await drawer.getByRole('button', { name: 'Complete', exact: true }).click();
    await expect(tests.getByRole('status')).toHaveText('0 of 1 reports in');
    await expect(lipid.getByLabel('Upload report')).toHaveCount(0);
    const file = join(tmpdir(), `cbc-${suffix}.pdf`);
    await writeFile(file, TINY_PDF);
    await cbc.getByLabel('Upload report').setInputFiles(file);
    await expect(tests.getByRole('status')).toHaveText('1 of 1 reports in');
    await expect(cbc.getByRole('button', { name: 'View report' })).toBeVisible();
    await expect(drawer.getByRole('list', { name: 'History' })).toContainText('Completed → Report ready');
    await expect(drawer.getByText('Report ready', { exact: true })).toHaveCount(2);
    await expectUsable(page, drawer, `the package drawer at ${width} px, report ready`);
  });
}
