import { expect, signInAs, test } from './support/fixtures.ts';
import { uniqueSuffix } from './support/files.ts';

test('a scan centre admin creates an MRI scan with a capacity of three per slot', async ({ page }) => {
  const name = `MRI Knee ${uniqueSuffix()}`;
  await signInAs(page, 'admin@scan.demo', '/scan');
  await expect(page.getByRole('heading', { name: 'Services', level: 1 })).toBeVisible();
  await page
    .getByRole('link', { name: 'Add service' })
    .or(page.getByRole('button', { name: 'Add service' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/scan\/new$/);

  // The select can swallow a click made while the form is still settling: open it until it shows its options.
  const scanOption = page.getByRole('option', { name: 'Scan', exact: true });
  await expect(async () => {
    await page.getByRole('combobox', { name: 'Kind' }).click();
    await expect(scanOption).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await scanOption.click();
  await expect(page.getByRole('combobox', { name: 'Kind' })).toHaveText('Scan');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('combobox', { name: 'Category' }).fill('MRI');
  await page.getByRole('option', { name: 'MRI', exact: true }).click();
  await page.getByLabel('Price').fill('5500');
  await page.getByLabel('Duration (minutes)').fill('30');
  await page.getByLabel('Preparation instructions').fill('Remove all metal objects. Arrive 15 minutes early.');
  await page.getByLabel('Capacity per slot').fill('3');
  const friday = page.getByRole('group', { name: 'Friday' });
  await friday.getByRole('button', { name: 'Add window for Friday' }).click();
  await friday.getByLabel('Friday window 1 start').fill('08:00');
  await friday.getByLabel('Friday window 1 end').fill('12:00');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/scan\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Remove all metal objects.', { exact: false }).first()).toBeVisible();
  await expect(page.getByText(/3 per slot/).first()).toBeVisible();
  await expect(page.getByText('₹5,500.00').first()).toBeVisible();

  // The list finds it by name, with its price.
  await page.goto('/scan');
  await page.getByRole('main').getByLabel('Search').first().fill(name);
  await expect(page.getByRole('main').getByText(name).first()).toBeVisible();
});

test('a hospital worker cannot open scans: /scan is outside the menu and lands on appointments', async ({ page }) => {
  await signInAs(page, 'worker@hospital.demo', '/scan/new');
  await expect(page).toHaveURL((url) => url.pathname === '/appointments');
});
