import { readFileSync } from 'node:fs';
import { SERVER_LOG_ENV } from './support/env.ts';
import { tinyPng, uniqueSuffix } from './support/files.ts';
import { expect, readStorage, test, type Page } from './support/fixtures.ts';

/** A mobile number no other run uses, as typed in the form (10 digits) and as the server keeps it. */
function newMobile(): { national: string; e164: string } {
  const national = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  return { national, e164: `+91${national}` };
}

function logLength(): number {
  return readFileSync(process.env[SERVER_LOG_ENV]!, 'utf8').length;
}

/** The onboarding code the development SMS adapter logged for the phone, after `offset`. */
async function codeFromLog(e164: string, offset: number): Promise<string> {
  const masked = `${e164.slice(0, -4).replace(/\d/g, '*')}${e164.slice(-4)}`;
  let code: string | undefined;
  await expect
    .poll(() => {
      const lines = readFileSync(process.env[SERVER_LOG_ENV]!, 'utf8').slice(offset).split('\n').reverse();
      const line = lines.find((entry) => entry.includes(`"to":"${masked}"`) && entry.includes('to create an organisation'));
      code = line ? /(\d{6}) is your CareDesk code/.exec(line)?.[1] : undefined;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

/** /new through the phone step: answers the code the server texted. */
async function sendCode(page: Page, phone: { national: string; e164: string }): Promise<string> {
  await page.goto('/new');
  await expect(page.getByRole('heading', { name: 'Create your organisation', level: 1 })).toBeVisible();
  const offset = logLength();
  await page.getByLabel('Mobile number').fill(phone.national);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('Verification code')).toBeVisible();
  return codeFromLog(phone.e164, offset);
}

async function verify(page: Page, code: string) {
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('signs up a new organisation: phone, code (a wrong one first), organisation and admin, then the dashboard', async ({ page }) => {
  const phone = newMobile();
  const suffix = uniqueSuffix();
  const adminEmail = `founder-${suffix}@onboarding.e2e.test`;
  const code = await sendCode(page, phone);

  const wrong = code === '000000' ? '111111' : '000000';
  await verify(page, wrong);
  await expect(page.getByText('Incorrect code. 4 attempts left.')).toBeVisible();
  await expect(page.getByLabel('Verification code')).toHaveAttribute('aria-invalid', 'true');
  expect((await readStorage(page)).tempAccessToken).toBeNull();

  await verify(page, code);
  await expect(page.getByLabel('Organisation name')).toBeVisible();
  expect((await readStorage(page)).tempAccessToken).toBeTruthy();
  await expect(page.getByText(`Verified ${phone.e164}`)).toBeVisible();

  await page.getByLabel('Organisation name').fill(`Sunrise Scans ${suffix}`);
  await page.getByRole('radio', { name: /Scan and test centre/ }).check();
  await page.getByLabel('Organisation e-mail').fill(`desk-${suffix}@onboarding.e2e.test`);
  await page.getByLabel('Address (optional)').fill('12 MG Road, Pune');
  await page.getByLabel('Logo (optional)').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await page.getByLabel('Your name').fill('Priya Nair');
  await page.getByLabel('Your e-mail').fill(adminEmail);
  await page.getByLabel('Password', { exact: true }).fill('Sunrise-Scans-2024');
  await expect(page.getByText('Password strength: Strong')).toBeVisible();
  await page.getByLabel('Confirm password').fill('Sunrise-Scans-2024');
  await page.getByRole('button', { name: 'Create organisation' }).click();

  await expect(page).toHaveURL(/\/$/);
  const storage = await readStorage(page);
  expect(storage.tempAccessToken).toBeNull();
  expect(storage.accessToken).toBeTruthy();
  expect(storage.refreshToken).toBeTruthy();
  const user = JSON.parse(storage.user!) as { email: string; role: string; admin: { type: string; logoUrl: string | null } };
  expect(user).toMatchObject({ email: adminEmail, role: 'ADMIN', admin: { type: 'SCAN' } });
  await expect.poll(async () => (JSON.parse((await readStorage(page)).user!) as typeof user).admin.logoUrl).toBeTruthy();

  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Plan not Active.' })).toBeVisible();
  const checklist = page.getByRole('region', { name: 'Getting started' });
  await expect(checklist).toBeVisible();
  for (const label of ['Add a doctor or service', 'Add staff', 'Enable notifications', 'Recharge wallet']) {
    await expect(checklist.getByText(label, { exact: true }).first()).toBeVisible();
  }
});

test('the temporary token alone does not open the console API', async ({ page, request }) => {
  const phone = newMobile();
  const code = await sendCode(page, phone);
  await verify(page, code);
  await expect(page.getByLabel('Organisation name')).toBeVisible();
  const token = (await readStorage(page)).tempAccessToken!;
  expect((await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
});

test('at 375px every step fits without sideways scrolling; from md the form is 448px wide', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const phone = newMobile();
  const code = await sendCode(page, phone);
  await noSidewaysScroll(page);
  await expect(page.getByRole('button', { name: /Resend code/ })).toBeVisible();
  await verify(page, code);
  await expect(page.getByLabel('Organisation name')).toBeVisible();
  await noSidewaysScroll(page);
  const create = page.getByRole('button', { name: 'Create organisation' });
  await create.scrollIntoViewIfNeeded();
  const box = (await create.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);

  await page.setViewportSize({ width: 1440, height: 900 });
  const form = page.getByRole('heading', { name: 'Create your organisation' }).locator('xpath=ancestor::div[contains(@class,"MuiPaper-root")]');
  expect((await form.boundingBox())!.width).toBe(448);
});
