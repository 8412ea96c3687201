import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { organisationDay } from './support/dates.ts';
import { SERVER_LOG_ENV } from './support/env.ts';
import { DEMO_PASSWORD, expect, test, type Page } from './support/fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { codeFromServerLog, signInPatient, type Headers } from './support/patient-app.ts';

// The patient app is used on phones: every test here runs at 375 px unless it says otherwise.
test.use({ viewport: { width: 375, height: 812 } });

function logLength(): number {
  return readFileSync(process.env[SERVER_LOG_ENV]!, 'utf8').length;
}

/** A new phone number of this test's own (+91 and 10 digits starting 9). */
function newPhone(): { digits: string; e164: string } {
  const digits = `93${String(Date.now()).slice(-8)}`;
  return { digits, e164: `+91${digits}` };
}

/** The patient books a doctor at the demo hospital through the patient API: the visit My visits will show. */
async function bookAppointment(request: APIRequestContext, patient: Headers, patientName: string) {
  const staff = await request.post('/api/admin/auth', { data: { email: 'admin@hospital.demo', password: DEMO_PASSWORD } });
  const organisationId = ((await staff.json()) as { user: { admin: { id: string } } }).user.admin.id;
  const doctors = (await (await request.get(`/api/patient/organisations/${organisationId}/doctors`, { headers: patient })).json()) as { data: { id: string }[] };
  for (let days = 3; days < 10; days++) {
    const date = organisationDay(days);
    for (const doctor of doctors.data) {
      const url = `/api/patient/organisations/${organisationId}/doctors/${doctor.id}/slots?date=${date}`;
      const { slots } = (await (await request.get(url, { headers: patient })).json()) as { slots: { start: string; remaining: number }[] };
      const slot = slots.find((candidate) => candidate.remaining > 0);
      if (!slot) continue;
      const booked = await request.post('/api/patient/appointments', {
        headers: patient,
        data: { organisationId, doctorId: doctor.id, date, startTime: slot.start, patient: { name: patientName, gender: 'FEMALE' } },
      });
      expect(booked.status(), await booked.text()).toBe(201);
      return (await booked.json()) as { doctorName: string; tokenLabel: string };
    }
  }
  throw new Error('no free slot in the next days');
}

async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test('a patient signs in with the texted code, sees and cancels a visit, and reads the app in Hindi', async ({ page, request }) => {
  const phone = newPhone();
  const visit = await bookAppointment(request, await signInPatient(request, phone.e164), 'Meera Iyer');

  await page.goto('/p/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your hospital visits, on your phone' })).toBeVisible();
  await fitsTheScreen(page);
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/p\/sign-in$/);

  await page.getByLabel('Mobile number').fill('12345');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Enter your 10-digit mobile number.')).toBeVisible();

  const offset = logLength();
  await page.getByLabel('Mobile number').fill(phone.digits);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /^Resend code in/ })).toBeDisabled();
  const code = await codeFromServerLog(phone.e164, offset);
  await page.getByLabel('Code from the text message').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(/^Incorrect code\. \d attempts? left\.$/)).toBeVisible();
  await page.getByLabel('Code from the text message').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL(/\/p\/visits$/);
  const upcoming = page.getByRole('list', { name: 'Upcoming' });
  const card = upcoming.getByRole('article', { name: visit.doctorName });
  await expect(card).toContainText(visit.tokenLabel);
  await expect(card).toContainText('Sanjeevani Multispeciality Hospital');
  await expect(card).toContainText('Booked');
  await fitsTheScreen(page);
  expect(await seriousViolations(page)).toEqual([]);

  await card.getByRole('button', { name: /^Cancel visit: / }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel this visit?' });
  await expect(dialog).toContainText(visit.doctorName);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(page.getByText('Your visit is cancelled.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Past' }).getByRole('article', { name: visit.doctorName })).toContainText('Cancelled');

  await page.getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'मेरी विज़िट' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('list', { name: 'पिछली' }).getByRole('article', { name: visit.doctorName })).toContainText('रद्द');
  expect(await seriousViolations(page)).toEqual([]);
  // The choice survives a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'मेरी विज़िट' })).toBeVisible();

  await page.getByRole('button', { name: 'साइन आउट करें' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'आपकी अस्पताल विज़िट, आपके फ़ोन पर' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('caredesk.patient.session'))).toBeNull();
});

test('the app is installable: its manifest and a service worker scoped /p/ that keeps no API answer', async ({ page, request }) => {
  const manifest = await request.get('/p/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  expect(await manifest.json()).toMatchObject({ name: 'CareDesk', short_name: 'CareDesk', start_url: '/p/', scope: '/p/', theme_color: '#5041BC' });
  const icon = await request.get('/p/icons/icon-192.png');
  expect(icon.headers()['content-type']).toBe('image/png');
  const worker = await request.get('/p/sw.js');
  expect(worker.headers()['service-worker-allowed']).toBe('/p/');
  expect(worker.headers()['cache-control']).toBe('no-cache');

  await page.goto('/p/visits');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(new URL('/p/', page.url()).href);
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)))).flat(),
      ),
    )
    .toContain('/p/offline.html');
  const cached = await page.evaluate(async () =>
    (await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)))).flat(),
  );
  expect(cached.filter((path) => !path.startsWith('/p/'))).toEqual([]);
  expect(cached.some((path) => path.startsWith('/p/assets/index-'))).toBe(true);

  // Without a connection, a page answers the offline page in both languages.
  await page.reload();
  await page.context().setOffline(true);
  await page.goto('/p/visits').catch(() => undefined);
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'आप ऑफ़लाइन हैं' })).toBeVisible();
  await page.context().setOffline(false);
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the home and not-found pages fit, with no serious accessibility violation', async ({ page }) => {
    await page.goto('/p/');
    await expect(page.getByRole('heading', { level: 1, name: 'Your hospital visits, on your phone' })).toBeVisible();
    await fitsTheScreen(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/p/no-such-clinic/at-all');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
