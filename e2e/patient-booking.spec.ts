import { readFileSync } from 'node:fs';
import { organisationDay } from './support/dates.ts';
import { SERVER_LOG_ENV } from './support/env.ts';
import { uniqueSuffix, tinyPng } from './support/files.ts';
import { expect, signInAs, test, type Page } from './support/fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { codeFromServerLog, signInStaff } from './support/patient-app.ts';

// The patient books on a phone; the desk watches on its PC.
test.use({ viewport: { width: 375, height: 812 } });

const HOSPITAL = 'Sanjeevani Multispeciality Hospital';

async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test('a patient books on the hospital’s page, and the desk’s open list shows it live; then they chat both ways', async ({ page, browser, request }) => {
  const patientName = `Savitri Bai ${uniqueSuffix()}`;
  const digits = `92${String(Date.now()).slice(-8)}`;

  // The desk (an admin: workers of a hospital have no chats), on a PC, has the coming weeks'
  // appointments open, searched for the name.
  const deskContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const deskPage = await deskContext.newPage();
  await signInAs(deskPage, 'admin@hospital.demo', `/appointments?search=${encodeURIComponent(patientName)}&from=${organisationDay()}&to=${organisationDay(60)}`);
  await expect(deskPage.getByRole('heading', { name: 'Appointments', level: 1 })).toBeVisible();
  await expect(deskPage.getByRole('main').getByText(patientName)).toHaveCount(0);

  // The hospital's page, as its QR poster opens it.
  await page.goto('/p/sanjeevani-hospital');
  await expect(page.getByRole('heading', { level: 1, name: HOSPITAL })).toBeVisible();
  await fitsTheScreen(page);
  expect(await seriousViolations(page)).toEqual([]);
  const book = page.getByRole('link', { name: /^Book Dr\./ }).first();
  const doctorName = (await book.getAttribute('aria-label'))?.replace(/^Book /, '') ?? (await book.innerText());
  await book.click();

  await expect(page.getByRole('heading', { level: 1, name: `Book ${doctorName}` })).toBeVisible();
  await page.getByRole('group', { name: 'Time' }).getByRole('button').first().click();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Not signed in: the phone and the texted code, inside the flow.
  await expect(page.getByRole('heading', { name: 'Sign in to book' })).toBeVisible();
  const offset = readFileSync(process.env[SERVER_LOG_ENV]!, 'utf8').length;
  await page.getByLabel('Mobile number').fill(digits);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code from the text message').fill(await codeFromServerLog(`+91${digits}`, offset));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  // A new phone: nobody on it yet, so the form for the person.
  await expect(page.getByRole('heading', { name: 'Who is this visit for?' })).toBeVisible();
  await page.getByLabel('Full name').fill(patientName);
  await page.getByLabel('Age in years').fill('58');
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByLabel('Reason for the visit (optional)').fill('Knee pain');
  await fitsTheScreen(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Check and confirm' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(patientName);
  await page.getByRole('button', { name: 'Confirm booking' }).click();

  await expect(page.getByRole('heading', { name: 'Your visit is booked' })).toBeVisible();
  const calendar = page.getByRole('link', { name: 'Add to calendar' });
  const token = (await calendar.getAttribute('download'))!.replace(/^caredesk-|\.ics$/g, '');
  expect(token).toMatch(/^([A-Z]+-)?\d{3,}$/);
  await expect(page.getByRole('main')).toContainText(token);
  const ics = decodeURIComponent((await calendar.getAttribute('href'))!.replace(/^data:text\/calendar;charset=utf-8,/, ''));
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toContain(`SUMMARY:${doctorName}\\, ${HOSPITAL}`);
  expect(await seriousViolations(page)).toEqual([]);

  // The desk's list shows the new visit without a reload, from the app.
  const row = deskPage.getByRole('main').getByText(patientName).first();
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(deskPage.getByRole('main')).toContainText(token);

  // My visits has it.
  await page.getByRole('main').getByRole('link', { name: 'My visits' }).click();
  await expect(page.getByRole('list', { name: 'Upcoming' }).getByRole('article', { name: doctorName })).toContainText(token);

  // Chat: the patient writes to the desk from the app.
  await page.getByRole('banner').getByRole('link', { name: 'Chats' }).click();
  await page.getByRole('link', { name: `Message the desk of ${HOSPITAL}` }).click();
  const question = `Is parking free? ${uniqueSuffix()}`;
  await page.getByRole('textbox', { name: 'Message' }).fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
  const thread = page.getByRole('log', { name: 'Messages' });
  await expect(thread.getByText(question)).toBeVisible();
  await expect(page).toHaveURL(/\/p\/chats\/[0-9a-f-]{36}$/);

  // The desk sees it and answers, with a photo.
  const staff = await signInStaff(request, 'admin@hospital.demo');
  const found = (await (await request.get(`/api/patients?search=${encodeURIComponent(patientName)}`, { headers: staff })).json()) as { data: { id: string }[] };
  await deskPage.goto(`/chats/${found.data[0]!.id}`);
  const deskThread = deskPage.getByRole('log', { name: 'Messages' });
  await expect(deskThread.getByText(question)).toBeVisible();
  const answer = `Yes, for two hours ${uniqueSuffix()}`;
  await deskPage.getByTestId('chat-attachment-input').setInputFiles({ name: 'parking-map.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(deskPage.getByRole('button', { name: 'parking-map.png' })).toBeVisible();
  await deskPage.getByRole('textbox', { name: 'Message' }).fill(answer);
  await deskPage.getByRole('button', { name: 'Send' }).click();

  // The app shows the answer and the photo live, and the desk sees its message read.
  await expect(thread.getByText(answer)).toBeVisible({ timeout: 15_000 });
  await expect(thread.getByRole('link', { name: /parking-map\.png/ })).toBeVisible();
  await expect(deskThread.getByRole('listitem').filter({ hasText: answer }).getByRole('img', { name: 'Read' })).toBeVisible({ timeout: 15_000 });
  // And the patient's own question shows read once the desk opened it.
  await expect(thread.getByRole('listitem').filter({ hasText: question }).getByRole('img', { name: 'Read' })).toBeVisible({ timeout: 15_000 });
  await fitsTheScreen(page);
  expect(await seriousViolations(page)).toEqual([]);
  await deskContext.close();
});

test('the hospital’s page reads in Hindi, and the choice is kept', async ({ page }) => {
  await page.goto('/p/sanjeevani-hospital');
  await expect(page.getByRole('heading', { level: 1, name: HOSPITAL })).toBeVisible();
  await page.getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('link', { name: / बुक करें$/ }).first()).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await fitsTheScreen(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the hospital’s page fits, with no serious accessibility violation, and an embedded frame offers the full page', async ({ page }) => {
    await page.goto('/p/sanjeevani-hospital?embed=1');
    await expect(page.getByRole('heading', { level: 1, name: HOSPITAL })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('href', /\/p\/sanjeevani-hospital$/);
    await fitsTheScreen(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
