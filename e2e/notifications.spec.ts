import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator } from '@playwright/test';
import { organisationDay } from './support/dates.ts';
import { SERVER_LOG_ENV } from './support/env.ts';
import { DEMO_PASSWORD, expect, pathOf, signInAs, test, type Page } from './support/fixtures.ts';
import { uniqueSuffix } from './support/files.ts';

function bell(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: 'Notifications' });
}

/** The bell's unread count, as its accessible description says it ('3 unread', or none). */
async function badgeCount(page: Page): Promise<number> {
  const description = await bell(page).getAttribute('aria-description');
  return description ? Number.parseInt(description, 10) : 0;
}

async function openPopover(page: Page): Promise<Locator> {
  await bell(page).click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await expect(popover).toBeVisible();
  return popover;
}

/** The signed-in user's unread count, straight from the API. */
async function unreadFromApi(page: Page): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await page.request.get('/api/notifications/all?limit=1', { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { unread: number }).unread;
}

// One inbox (admin@multi.demo, who sees appointments, bookings and chats) read and changed in order.
test.describe.serial('the notification popover', () => {
  test("shows 'Notifications', the unread count, mark-all, the New and Chats tabs and 'View all', 420px wide", async ({ page }) => {
    await signInAs(page, 'admin@multi.demo', '/plan');
    const unread = await unreadFromApi(page);
    expect(unread, 'the demo seed leaves unread notifications').toBeGreaterThan(0);
    await expect.poll(() => badgeCount(page)).toBe(unread);

    const popover = await openPopover(page);
    await expect(popover.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    await expect(popover.getByText(`You have ${unread} unread messages`)).toBeVisible();
    await expect(popover.getByRole('button', { name: 'Mark all as read' })).toBeVisible();
    await expect(popover.getByRole('tab', { name: 'New' })).toHaveAttribute('aria-selected', 'true');
    await expect(popover).toHaveCSS('width', '420px');
    await expect(popover).toHaveCSS('max-height', `${0.8 * page.viewportSize()!.height}px`);

    const newList = popover.getByRole('list', { name: 'New notifications' });
    await expect(newList.getByText('Deepak Hegde booked Dr. Kavya Rao (Paediatrics) at Jayanagar for 9:45 AM.')).toBeVisible();
    await expect(newList.getByText('Shalini Gowda booked an Ultrasound Abdomen at Indiranagar for 12:00 PM.')).toBeVisible();
    await expect(newList.getByText(/^New message from/)).toHaveCount(0);

    await popover.getByRole('tab', { name: 'Chats' }).click();
    const chats = popover.getByRole('list', { name: 'Chat notifications' });
    await expect(chats.getByText('New message from Prakash Shetty')).toBeVisible();
    await expect(chats.getByText(/booked/)).toHaveCount(0);

    await popover.getByRole('button', { name: 'View all' }).click();
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    expect(pathOf(page)).toBe('/notifications');
    await expect(popover).toBeHidden();
  });

  for (const [what, text, tab, path] of [
    ['an appointment', 'Deepak Hegde booked Dr. Kavya Rao', 'New', '/appointments'],
    ['a booking', 'Shalini Gowda booked an Ultrasound Abdomen', 'New', '/bookings'],
    ['a chat message', 'Can I reschedule my appointment to next week?', 'Chats', '/chats'],
  ] as const) {
    test(`clicking ${what} marks it read, closes the popover and opens ${path}`, async ({ page }) => {
      await signInAs(page, 'admin@multi.demo', '/plan');
      const before = await unreadFromApi(page);
      const popover = await openPopover(page);
      if (tab === 'Chats') await popover.getByRole('tab', { name: 'Chats' }).click();
      const item = popover.getByRole('listitem').filter({ hasText: text });
      // The demo seed leaves the two newest unread; a read one is opened without marking it again.
      const after = (await item.getAttribute('data-unread')) === 'true' ? before - 1 : before;
      await item.getByRole('button').click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(popover).toBeHidden();
      await expect.poll(() => unreadFromApi(page)).toBe(after);
      await expect.poll(() => badgeCount(page)).toBe(after);
    });
  }

  test('mark all read empties the count and takes the button away', async ({ page, request }) => {
    await signInAs(page, 'admin@multi.demo', '/plan');
    // The clicks above read the seeded unread ones: a worker's booking brings a new one (live).
    const before = await badgeCount(page);
    await bookAsStaff(request, 'worker@multi.demo', `Mark All Patient ${uniqueSuffix()}`);
    await expect.poll(() => badgeCount(page)).toBeGreaterThan(before);
    const popover = await openPopover(page);
    await popover.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(popover.getByText('You have 0 unread messages')).toBeVisible();
    await expect(popover.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
    await popover.press('Escape');
    await expect(popover).toBeHidden();
    await expect(bell(page)).not.toHaveAttribute('aria-description', /unread/);
    expect(await unreadFromApi(page)).toBe(0);
  });
});

/** The sign-in code the server logged (SMS_PROVIDER=log) for a phone, after `offset` in the log. */
async function codeFromServerLog(phone: string, offset: number): Promise<string> {
  const logFile = process.env[SERVER_LOG_ENV];
  if (!logFile) throw new Error(`${SERVER_LOG_ENV} is not set: run through e2e/playwright.config.ts`);
  let code: string | undefined;
  await expect
    .poll(() => {
      const lines = readFileSync(logFile, 'utf8').slice(offset).split('\n');
      const line = lines.reverse().find((entry) => entry.includes(`"to":"${phone.slice(0, -4).replace(/\d/g, '*')}${phone.slice(-4)}"`));
      code = line ? /(\d{6}) is your/.exec(line)?.[1] : undefined;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

type Headers = Record<string, string>;

/** A free slot of one of `doctors` on a day from 3 days ahead; `slotsUrl` is the staff or the patient API's. */
async function firstFreeSlot(request: APIRequestContext, headers: Headers, doctors: { id: string }[], slotsUrl: (doctorId: string, date: string) => string) {
  for (let days = 3; days < 10; days++) {
    const date = organisationDay(days);
    for (const doctor of doctors) {
      const { slots } = (await (await request.get(slotsUrl(doctor.id, date), { headers })).json()) as { slots: { start: string; remaining: number }[] };
      const slot = slots.find((candidate) => candidate.remaining > 0);
      if (slot) return { doctorId: doctor.id, date, startTime: slot.start };
    }
  }
  throw new Error('no free slot in the next days');
}

/** The front desk (staff API) books a new patient into a free slot: every staff member with Appointments is notified. */
async function bookAsStaff(request: APIRequestContext, email: string, patientName: string) {
  const auth = await request.post('/api/admin/auth', { data: { email, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${((await auth.json()) as { access_token: string }).access_token}` };
  const patient = await request.post('/api/patients', { headers, data: { name: patientName, phone: `95${String(Date.now()).slice(-8)}`, gender: 'MALE' } });
  expect(patient.ok(), await patient.text()).toBe(true);
  const doctors = (await (await request.get('/api/doctors?active=true', { headers })).json()) as { data: { id: string }[] };
  const slot = await firstFreeSlot(request, headers, doctors.data, (doctorId, date) => `/api/doctors/${doctorId}/slots?date=${date}`);
  const booked = await request.post('/api/appointments', { headers, data: { ...slot, patientId: ((await patient.json()) as { id: string }).id } });
  expect(booked.status(), await booked.text()).toBe(201);
}

/** The patient app: sign in by SMS code, find a free slot a few days ahead and book it. */
async function bookThroughPatientApp(request: APIRequestContext, organisationId: string, patientName: string) {
  const phone = `+9197${String(Date.now()).slice(-8)}`;
  const offset = readFileSync(process.env[SERVER_LOG_ENV]!, 'utf8').length;
  expect((await request.post('/api/patient/auth/otp', { data: { phone } })).status()).toBe(202);
  const code = await codeFromServerLog(phone, offset);
  const verified = await request.post('/api/patient/auth/verify', { data: { phone, code } });
  expect(verified.ok(), await verified.text()).toBe(true);
  const headers = { authorization: `Bearer ${((await verified.json()) as { accessToken: string }).accessToken}` };

  const doctors = (await (await request.get(`/api/patient/organisations/${organisationId}/doctors`, { headers })).json()) as { data: { id: string }[] };
  const slot = await firstFreeSlot(request, headers, doctors.data, (doctorId, date) => `/api/patient/organisations/${organisationId}/doctors/${doctorId}/slots?date=${date}`);
  const booked = await request.post('/api/patient/appointments', { headers, data: { organisationId, ...slot, patient: { name: patientName, gender: 'FEMALE' } } });
  expect(booked.status(), await booked.text()).toBe(201);
}

test('an appointment booked in the patient app reaches an open console live: the badge rises and a toast says so, without a reload', async ({ page, request }) => {
  await signInAs(page, 'admin@hospital.demo', '/plan');
  const organisationId = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { admin: { id: string } }).admin.id);
  await expect.poll(async () => (await unreadFromApi(page)) === (await badgeCount(page))).toBe(true);
  const before = await badgeCount(page);
  // A reload would reset this marker: its survival proves the update came without one.
  await page.evaluate(() => ((window as unknown as { liveMarker: string }).liveMarker = 'no reload'));

  const patientName = `Live Patient ${uniqueSuffix()}`;
  await bookThroughPatientApp(request, organisationId, patientName);

  await expect(page.getByText(new RegExp(`^New appointment: ${patientName} booked`))).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => badgeCount(page)).toBeGreaterThan(before);
  expect(await page.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker)).toBe('no reload');
  const popover = await openPopover(page);
  await expect(popover.getByText(new RegExp(`^${patientName} booked`))).toBeVisible();
});

test('the console is an installable app: manifest, icons and a service worker served fresh', async ({ page, request }) => {
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/^(application|text)\/javascript/);
  expect(worker.headers()['cache-control']).toBe('no-cache');

  await page.goto('/sign-in');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#5041BC');
  const manifestResponse = await request.get(manifestHref!);
  expect(manifestResponse.status()).toBe(200);
  const manifest = (await manifestResponse.json()) as { name: string; start_url: string; display: string; theme_color: string; icons: { src: string; sizes: string }[] };
  expect(manifest).toMatchObject({ name: 'CareDesk Admin', start_url: '/', display: 'standalone', theme_color: '#5041BC' });
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of [...manifest.icons.map((entry) => entry.src), await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')]) {
    const response = await request.get(icon!);
    expect(response.status(), icon!).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
  }
});

test("offers 'Enable notifications' while the permission is undecided, without asking on load", async ({ page }) => {
  await signInAs(page, 'worker@scan.demo');
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  const popover = await openPopover(page);
  await expect(popover.getByRole('button', { name: 'Enable notifications' })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistration('/'))).toBeUndefined();
});

test('with the notification permission granted, signing in registers /sw.js at scope / and never breaks the page', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const pushLines: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('[push]')) pushLines.push(message.text());
  });
  await signInAs(page, 'worker@scan.demo');
  const registration = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    return { scope: ready.scope, script: ready.active?.scriptURL };
  });
  expect(new URL(registration.scope).pathname).toBe('/');
  expect(new URL(registration.script!).pathname).toBe('/sw.js');
  const popover = await openPopover(page);
  await expect(popover.getByRole('button', { name: 'Enable notifications' })).toHaveCount(0);
  // Headless Chromium may have no push service to subscribe with: that is one console line, nothing more.
  for (const line of pushLines) expect(line).toMatch(/^\[push\] messaging\/[a-z-]+: /);
  expect(errors).toEqual([]);
});

test.describe('the notifications page on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('fits 375px: the tabs, the unread filter and each notification with its actions, without sideways scrolling', async ({ page }) => {
    await signInAs(page, 'admin@scan.demo', '/notifications');
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    const list = page.getByRole('list', { name: 'All notifications' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Chats' })).toBeVisible();
    // The demo's two newest (unread) notifications are bookings; its chat message is read.
    const unreadOnly = page.getByRole('switch', { name: 'Unread only' });
    await page.getByRole('tab', { name: 'Chats' }).click();
    // The switch follows the URL, which the router updates in a transition: click, then wait for it.
    await unreadOnly.click();
    await expect(unreadOnly).toBeChecked();
    await expect(page).toHaveURL(/tab=chats&unread=true/);
    await expect(page.getByText('No notifications')).toBeVisible();
    await unreadOnly.click();
    await expect(unreadOnly).not.toBeChecked();
    await expect(list.getByText('New message from Fatima Begum')).toBeVisible();
    await expect(list.getByRole('button', { name: 'Delete: New message from Fatima Begum' })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
