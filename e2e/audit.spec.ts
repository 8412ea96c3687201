import { readFile } from 'node:fs/promises';
import { DEMO_PASSWORD, expect, signInAs, test, type Page } from './support/fixtures.ts';

/** A patient of the demo hospital, read through its admin's API session. */
async function aHospitalPatient(page: Page): Promise<{ id: string; name: string }> {
  const auth = await page.request.post('/api/admin/auth', { data: { email: 'admin@hospital.demo', password: DEMO_PASSWORD } });
  const { access_token: token } = (await auth.json()) as { access_token: string };
  const list = await page.request.get('/api/patients?pageSize=1&sort=name', { headers: { authorization: `Bearer ${token}` } });
  const { data } = (await list.json()) as { data: { id: string; name: string }[] };
  return data[0]!;
}

test('an admin opens a patient record, finds the read at the top of the audit log, exports it and verifies the chain', async ({ page }) => {
  const patient = await aHospitalPatient(page);
  await signInAs(page, 'admin@hospital.demo', `/user/${patient.id}`);
  await expect(page.getByRole('heading', { name: patient.name })).toBeVisible();

  await page.goto('/settings/audit');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Entity' }).click();
  await page.getByRole('option', { name: 'Patients', exact: true }).click();
  await page.getByRole('combobox', { name: 'Person' }).click();
  await page.getByRole('option', { name: 'Priya Kulkarni' }).click();
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Read', exact: true }).click();
  await expect(page).toHaveURL(/entity=patients/);
  await expect(page).toHaveURL(/action=read/);

  // Specs running beside this one read and add other records as the same admin (patient
  // registration, the queue, the message log's patient view): the filters keep the list to reads
  // of patients, and this read is found by its record among the newest, not taken to be the first.
  const top = page.getByRole('grid', { name: 'Audit log entries' }).getByRole('row').filter({ hasText: patient.id }).first();
  for (const text of ['Priya Kulkarni', 'Read', 'patients', patient.id, 'GET /api/patients/:id']) await expect(top).toContainText(text);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await file.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('Entry,When (UTC),Staff id,Who,Action,Entity,Record id,Route,Status,From (IP),User agent,Details,Hash');
  expect(lines.slice(1).some((line) => line.includes(`,Priya Kulkarni,read,patients,${patient.id},GET /api/patients/:id,200,`))).toBe(true);
  for (const line of lines.slice(1)) expect(line).toContain(',Priya Kulkarni,');

  await page.getByRole('button', { name: 'Verify integrity' }).click();
  // The server anchors chain heads outside the database at start and every 10 minutes.
  await expect(page.getByText(/^Audit trail intact: \d+ entries checked( \(anchored outside the database up to entry #\d+, .+\))?$/)).toBeVisible();
});

test('the audit log works on a 375px phone without scrolling sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInAs(page, 'admin@hospital.demo', '/settings/audit?action=sign-in');
  const entries = page.getByRole('list', { name: 'Audit log entries' });
  await expect(entries.getByRole('listitem').first()).toContainText('Sign-in · auth');
  await expect(page.getByRole('button', { name: 'Verify integrity' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
