import { clickAddDoctor, expect, pathOf, signInAs, test } from './support/fixtures.ts';
import { tinyPng, uniqueSuffix } from './support/files.ts';

test('a hospital admin adds a doctor with a photo and a two-window schedule, finds, edits and deactivates them', async ({ page }) => {
  const name = `Dr. Kavya Iyer ${uniqueSuffix()}`;
  await signInAs(page, 'admin@hospital.demo', '/doctor');
  await clickAddDoctor(page);
  await expect(page).toHaveURL(/\/doctor\/new$/);

  await page.getByLabel('Upload photo').setInputFiles({ name: 'kavya.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(page.getByRole('img', { name: 'Current photo' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByLabel('Specialization').fill('Dermatology');
  await page.getByRole('option', { name: 'Dermatology' }).click();
  await page.getByLabel('Consultation fee').fill('650');

  const monday = page.getByRole('group', { name: 'Monday' });
  await monday.getByRole('button', { name: 'Add window for Monday' }).click();
  await monday.getByLabel('Monday window 1 start').fill('09:00');
  await monday.getByLabel('Monday window 1 end').fill('13:00');
  await monday.getByRole('button', { name: 'Add window for Monday' }).click();
  await monday.getByLabel('Monday window 2 start').fill('17:00');
  await monday.getByLabel('Monday window 2 end').fill('20:00');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/doctor\/[0-9a-f-]{36}$/);
  const doctorPath = pathOf(page);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Dermatology').first()).toBeVisible();
  await expect(page.getByRole('img', { name }).or(page.locator(`img[src*="/api/uploads/public/"]`)).first()).toBeVisible();

  // Found through the header search, which opens the record.
  await page.goto('/doctor');
  const search = page.getByRole('banner').getByRole('combobox', { name: 'Search' });
  await search.fill(name.slice(4, 15));
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await expect(page).toHaveURL((url) => url.pathname === doctorPath);

  // Edit: the new fee shows on the doctor's page.
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByLabel('Consultation fee').fill('800');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL((url) => url.pathname === doctorPath);
  await expect(page.getByText('₹800.00').first()).toBeVisible();

  // Deactivate: the record stays, marked inactive.
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('button', { name: 'Activate' })).toBeVisible();
  await expect(page.getByText('Inactive').first()).toBeVisible();
});

test('overlapping windows are refused in the form with the reason on the field', async ({ page }) => {
  await signInAs(page, 'admin@hospital.demo', '/doctor/new');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Dr. Overlap ${uniqueSuffix()}`);
  await page.getByLabel('Specialization').fill('ENT');
  await page.getByLabel('Consultation fee').fill('400');
  const tuesday = page.getByRole('group', { name: 'Tuesday' });
  await tuesday.getByRole('button', { name: 'Add window for Tuesday' }).click();
  await tuesday.getByLabel('Tuesday window 1 start').fill('09:00');
  await tuesday.getByLabel('Tuesday window 1 end').fill('12:00');
  await tuesday.getByRole('button', { name: 'Add window for Tuesday' }).click();
  await tuesday.getByLabel('Tuesday window 2 start').fill('11:00');
  await tuesday.getByLabel('Tuesday window 2 end').fill('14:00');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(tuesday.getByText('This window overlaps another on the same day')).toBeVisible();
  await expect(page).toHaveURL(/\/doctor\/new$/);
});
