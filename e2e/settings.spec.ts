import type { Browser } from '@playwright/test';
import { tinyPng, uniqueSuffix } from './support/files.ts';
import { expect, pathOf, sidebar, signIn, signInAs, test, type Page } from './support/fixtures.ts';

const ADMIN = 'admin@hospital.demo';
const TEMPORARY = 'Temp@Desk2026';

/** A fresh browser, so the second person's session never shares storage with the admin's. */
async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

async function addStaff(page: Page, name: string, email: string, method: 'Temporary password' | 'Invitation link') {
  await page.goto('/settings/staff');
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add staff member' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await dialog.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await dialog.getByRole('radio', { name: method }).check();
  if (method === 'Temporary password') await dialog.locator('input[name="password"]').fill(TEMPORARY);
  await dialog.getByRole('button', { name: 'Add staff member' }).click();
  return page.getByRole('dialog', { name: `${name} added` });
}

async function changePassword(scope: ReturnType<Page['getByRole']>, current: string, next: string) {
  await scope.locator('input[name="currentPassword"]').fill(current);
  await scope.locator('input[name="newPassword"]').fill(next);
  await scope.locator('input[name="confirmPassword"]').fill(next);
  await scope.getByRole('button', { name: 'Change password' }).click();
}

/** A password newPasswordSchema accepts whatever the random suffix is: it may hold no digit. */
const chosen = (prefix: string, suffix: string): string => `${prefix}${suffix}-9`;

test('a worker added with a temporary password must change it, gets the worker menu, and a deactivation signs them out', async ({ page, browser, baseURL }) => {
  // Two people, two browsers and several password hashes on the server: longer than most tests.
  test.slow();
  const suffix = uniqueSuffix();
  const name = `Kiran Worker ${suffix}`;
  const email = `kiran.${suffix}@e2e.test`;
  await signInAs(page, ADMIN);
  const added = await addStaff(page, name, email, 'Temporary password');
  await expect(added).toContainText('temporary password');
  await added.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(row).toContainText('Worker');
  await expect(row).toContainText('Never signed in');

  const worker = await freshPage(browser, baseURL);
  await signIn(worker, email, TEMPORARY);
  const required = worker.getByRole('dialog', { name: 'Choose a new password' });
  await expect(required).toBeVisible();
  await changePassword(required, TEMPORARY, chosen('Kiran@Own', suffix));
  await expect(required).toBeHidden();

  // SPEC.md §2: a default-type worker's menu.
  await expect(sidebar(worker).getByRole('link')).toHaveText(['Appointments', 'Doctors', 'Patients', 'Other Services']);
  await worker.goto('/settings');
  await expect(worker).toHaveURL(/\/appointments$/);

  await page.reload();
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: `Deactivate ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Deactivate ${name}?` });
  await expect(confirm).toContainText('signed out everywhere at once');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row).toContainText('Deactivated');

  // The worker's open page: its next request finds the session gone.
  await worker.reload();
  await expect(worker).toHaveURL(/\/sign-in$/);
  await worker.context().close();
});

test('an invitation link, opened in a fresh browser, sets the password and signs the person in', async ({ page, browser, baseURL }) => {
  const suffix = uniqueSuffix();
  const name = `Invited Nurse ${suffix}`;
  const email = `invited.${suffix}@e2e.test`;
  await signInAs(page, ADMIN);
  const added = await addStaff(page, name, email, 'Invitation link');
  const link = await added.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  expect(new URL(link).pathname).toMatch(/^\/invite\/.+/);
  await expect(added.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await added.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })).toContainText('Invitation pending');

  const invited = await freshPage(browser, baseURL);
  await invited.goto(new URL(link).pathname);
  await expect(invited.getByRole('heading', { name: /^Join / })).toBeVisible();
  await expect(invited.getByText(`Welcome, ${name}.`)).toBeVisible();
  await invited.locator('input[name="password"]').fill(chosen('Invited@', suffix));
  await invited.locator('input[name="confirmPassword"]').fill(chosen('Invited@', suffix));
  await invited.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(invited).toHaveURL(/\/appointments$/);
  await expect(sidebar(invited).getByRole('link', { name: 'Appointments' })).toBeVisible();
  const stored = await invited.evaluate(() => JSON.parse(window.localStorage.getItem('user') ?? '{}') as { email?: string });
  expect(stored.email).toBe(email);

  // A used link does not work twice.
  await invited.goto(new URL(link).pathname);
  await expect(invited.getByRole('heading', { name: 'Invitation not valid' })).toBeVisible();
  await expect(invited.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
  await invited.context().close();
});

test("an uploaded logo shows in the console's logo area at once, and removing it brings the default back", async ({ page }) => {
  await signInAs(page, ADMIN, '/settings/organisation');
  const orgName = await page.getByRole('textbox', { name: /^Name/ }).inputValue();
  const logoArea = page.getByRole('complementary');
  try {
    await page.getByLabel('Upload logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng() });
    await expect(page.getByRole('img', { name: 'Current logo' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    const logo = logoArea.getByRole('img', { name: orgName });
    await expect(logo).toHaveAttribute('src', /\/uploads\//);
    await expect(logo).toHaveAttribute('width', '200');
    expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

    await page.getByRole('button', { name: 'Remove logo' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(logoArea.getByRole('img', { name: orgName })).toHaveCount(0);
    await expect(logoArea.getByRole('link', { name: 'CareDesk Admin' })).toBeVisible();
  } finally {
    // Other specs expect the demo hospital's default logo.
    const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
    const response = await page.request.patch('/api/settings/organisation', { headers: { Authorization: `Bearer ${token}` }, data: { logoUrl: null } });
    expect(response.ok()).toBe(true);
  }
});

test('a person changes their own password under My account (a wrong current one is named under its field)', async ({ page, browser, baseURL }) => {
  // Two people, two browsers and four password hashes on the server: longer than most tests.
  test.slow();
  const suffix = uniqueSuffix();
  const name = `Pass Changer ${suffix}`;
  const email = `changer.${suffix}@e2e.test`;
  await signInAs(page, ADMIN);
  await (await addStaff(page, name, email, 'Temporary password')).getByRole('button', { name: 'Done' }).click();

  const person = await freshPage(browser, baseURL);
  await signIn(person, email, TEMPORARY);
  const first = chosen('First@', suffix);
  await changePassword(person.getByRole('dialog', { name: 'Choose a new password' }), TEMPORARY, first);
  await expect(person.getByRole('dialog', { name: 'Choose a new password' })).toBeHidden();

  await person.getByRole('button', { name: 'Account' }).click();
  await person.getByRole('menuitem', { name: 'My account' }).click();
  await expect(person).toHaveURL(/\/account$/);
  await expect(person.getByRole('list', { name: 'Active sessions' }).getByText('This device')).toBeVisible();
  const form = person.getByRole('form', { name: 'Change password' });
  await changePassword(form, 'not-my-password1', chosen('Second@', suffix));
  await expect(form.getByText('Your current password is not correct')).toBeVisible();
  await changePassword(form, first, chosen('Second@', suffix));
  await expect(form.locator('input[name="currentPassword"]')).toHaveValue('');

  await person.getByRole('button', { name: 'Account' }).click();
  await person.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(person).toHaveURL(/\/sign-in$/);
  await signIn(person, email, chosen('Second@', suffix));
  expect(pathOf(person)).toBe('/appointments');
  await person.context().close();
});

test('Staff and My account fit a 375px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAs(page, ADMIN);
  for (const path of ['/settings/staff', '/account']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: path === '/account' ? 'Active sessions' : 'Staff' })).toBeVisible();
    const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await page.goto('/settings/staff');
  await page.getByRole('button', { name: 'Add staff member' }).click();
  await expect(page.getByRole('dialog', { name: 'Add staff member' }).getByRole('button', { name: 'Add staff member' })).toBeInViewport();
});
