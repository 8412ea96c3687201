import type { APIRequestContext } from '@playwright/test';
import { awayFromOrganisationMidnight, organisationDay } from './support/dates.ts';
import { DEMO_PASSWORD, expect, signInAs, test, type Page } from './support/fixtures.ts';
import { uniqueSuffix } from './support/files.ts';

interface Api {
  post<T = { id: string }>(path: string, data?: unknown): Promise<T>;
  get<T>(path: string): Promise<T>;
}

async function apiAs(request: APIRequestContext, email: string): Promise<Api> {
  const auth = await request.post('/api/admin/auth', { data: { email, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${((await auth.json()) as { access_token: string }).access_token}` };
  return {
    post: async <T>(path: string, data: unknown = {}) => {
      const response = await request.post(path, { headers, data });
      expect(response.ok(), await response.text()).toBe(true);
      return (await response.json()) as T;
    },
    get: async <T>(path: string) => {
      const response = await request.get(path, { headers });
      expect(response.ok(), await response.text()).toBe(true);
      return (await response.json()) as T;
    },
  };
}

interface DashboardReply {
  revenue: { todayPaise: number; monthPaise: number };
  billed: { todayPaise: number; monthPaise: number };
  due: { totalPaise: number };
  upcoming: { id: string; status: string; patientName: string; token: string }[];
}

const rupees = (paise: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(paise / 100);

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function openDashboard(page: Page, email: string) {
  await signInAs(page, email, '/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

test("a hospital's dashboard: today's figures, charts with their tables, and the next visits", async ({ page, request }) => {
  await openDashboard(page, 'admin@hospital.demo');
  const api = await apiAs(request, 'admin@hospital.demo');
  const figures = await api.get<DashboardReply>('/api/dashboard');

  for (const name of ['Appointments today', 'Waiting now', 'New patients this week', 'Revenue today', 'Revenue this month', 'Plan']) {
    await expect(region(page, name)).toBeVisible();
  }
  await expect(region(page, 'Revenue this month')).toContainText(rupees(figures.revenue.monthPaise));
  // Issue #19: revenue is money collected, shown beside what was billed and what is still due.
  await expect(region(page, 'Billed today')).toContainText(`${rupees(figures.billed.monthPaise)} this month`);
  await expect(region(page, 'Due')).toContainText(rupees(figures.due.totalPaise));
  await expect(region(page, 'Bookings today')).toHaveCount(0);
  await expect(page.getByText('Plan not Active.')).toHaveCount(0);

  const visits = page.getByRole('figure', { name: 'Visits per day (last 30 days)' });
  // A chart is fetched and drawn when its figure scrolls into view.
  await visits.scrollIntoViewIfNeeded();
  await expect(visits.getByTestId('chart').locator('svg').first()).toBeVisible();
  const table = visits.getByRole('table', { name: 'Visits per day, last 30 days' });
  await expect(table.locator('tbody tr')).toHaveCount(30);
  await visits.getByRole('button', { name: 'Show as table' }).click();
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Appointments']);

  const doctors = page.getByRole('figure', { name: 'Appointments by doctor (top ten)' });
  await doctors.scrollIntoViewIfNeeded();
  await expect(doctors.getByTestId('chart').locator('svg').first()).toBeVisible();
  await expect(doctors.getByRole('table', { name: 'Appointments by doctor, last 30 days' }).locator('tbody tr')).not.toHaveCount(0);
  await expect(page.getByRole('figure', { name: 'Appointment status mix (last 30 days)' })).toBeVisible();

  const upcoming = page.getByRole('list', { name: 'Upcoming appointments' });
  await expect(upcoming.getByRole('listitem')).toHaveCount(figures.upcoming.length);
  expect(figures.upcoming.length).toBeGreaterThan(0);
  // Other specs book today's visits in this organisation while this one runs, and the page follows
  // them live: the first visit is the API's first as it is now, once the two agree.
  await expect(async () => {
    const now = await api.get<DashboardReply>('/api/dashboard');
    await expect(upcoming.getByRole('listitem').first()).toContainText(now.upcoming[0]!.patientName, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
});

test('a scan centre sees its bookings and no appointments', async ({ page }) => {
  await openDashboard(page, 'admin@scan.demo');
  await expect(region(page, 'Bookings today')).toBeVisible();
  await expect(region(page, 'Appointments today')).toHaveCount(0);
  await expect(page.getByRole('figure', { name: 'Booking status mix (last 30 days)' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Appointment status mix (last 30 days)' })).toHaveCount(0);
  await expect(page.getByRole('figure', { name: 'Appointments by doctor (top ten)' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Upcoming bookings' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Visits per day (last 30 days)' }).getByRole('table').getByRole('columnheader')).toHaveText(['Date', 'Bookings']);
});

test("a lapsed plan shows 'Plan not Active.' leading to /plan", async ({ page }) => {
  await openDashboard(page, 'admin@lapsed.demo');
  const alert = page.getByRole('alert').filter({ hasText: 'Plan not Active.' });
  await expect(alert).toBeVisible();
  await alert.getByRole('link', { name: 'View plan' }).click();
  await expect(page).toHaveURL(/\/plan$/);
});

for (const email of ['admin@hospital.demo', 'admin@multi.demo']) {
  test(`${email}'s dashboard fits a 375px phone without sideways scrolling`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openDashboard(page, email);
    await expect(page.getByRole('figure', { name: 'Visits per day (last 30 days)' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Upcoming/ })).toBeVisible();
    // Every chart loads when its figure scrolls into view: bring each in, and let it draw before measuring.
    for (const figure of await page.getByRole('figure').all()) await figure.scrollIntoViewIfNeeded();
    await expect(page.locator('[data-testid="chart"]:not(:has(svg))')).toHaveCount(0);
    await expect(page.getByRole('figure').locator('[data-testid="chart"] .MuiSkeleton-root')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
}

test('a check-in from the upcoming list updates the counts without a reload', async ({ page, request }) => {
  // Today's figures need today's slot, and a today that lasts while the test runs.
  await awayFromOrganisationMidnight();
  const api = await apiAs(request, 'admin@hospital.demo');
  // Our own doctor and patient, booked into today's next free slot, so the seeded visits stay as they are.
  const availability = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '23:59' }));
  const doctor = await api.post('/api/doctors', {
    name: `Dr. Dashboard ${uniqueSuffix()}`,
    specialization: 'General Medicine',
    consultationFeePaise: 40000,
    slotMinutes: 5,
    patientsPerSlot: 1,
    availability,
  });
  const patientName = `Dashboard Patient ${uniqueSuffix()}`;
  const patient = await api.post('/api/patients', { name: patientName, phone: `95${String(Date.now()).slice(-8)}`, gender: 'FEMALE' });
  const today = organisationDay();
  const { slots } = await api.get<{ slots: { start: string }[] }>(`/api/doctors/${doctor.id}/slots?date=${today}`);
  expect(slots.length, 'a free slot left today').toBeGreaterThan(0);
  const appointment = await api.post<{ id: string; tokenLabel: string }>('/api/appointments', {
    doctorId: doctor.id,
    patientId: patient.id,
    date: today,
    startTime: slots[0]!.start,
  });
  try {
    const before = await api.get<DashboardReply>('/api/dashboard');
    expect(
      before.upcoming.map((visit) => visit.id),
      'our visit is among the next ten',
    ).toContain(appointment.id);

    await openDashboard(page, 'admin@hospital.demo');
    const waiting = region(page, 'Waiting now').locator('p').first();
    await expect(waiting).toHaveText(/^\d+$/);
    const waitingBefore = Number(await waiting.textContent());
    await page.evaluate(() => ((window as { untouched?: boolean }).untouched = true));

    const item = page.getByRole('list', { name: 'Upcoming appointments' }).getByRole('listitem').filter({ hasText: patientName });
    await expect(item).toContainText('Booked');
    await item.getByRole('button', { name: `Check in ${patientName}, token ${appointment.tokenLabel}` }).click();

    await expect(item).toContainText('Checked in');
    await expect(item.getByRole('button', { name: /^Check in/ })).toHaveCount(0);
    await expect.poll(async () => Number(await waiting.textContent())).toBeGreaterThan(waitingBefore);
    expect(await page.evaluate(() => (window as { untouched?: boolean }).untouched)).toBe(true);
  } finally {
    await api.post(`/api/appointments/${appointment.id}/actions/cancel`, { reason: 'e2e dashboard clean-up' });
  }
});

test("the waiting figure opens the doctors' queue", async ({ page }) => {
  await openDashboard(page, 'admin@hospital.demo');
  await region(page, 'Waiting now').getByRole('link').click();
  await expect(page).toHaveURL(/\/appointments\/token$/);
  await expect(page.getByRole('heading', { name: 'Appointment tokens', level: 1 })).toBeVisible();
});
