import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expect, signInAs, test, type Page } from './support/fixtures.ts';

/** A visit the demo seed booked (not necessarily today: the seeded doctors may not work today's weekday). */
async function bookedVisit(request: APIRequestContext): Promise<{ date: string; doctorId: string }> {
  const auth = await request.post('/api/admin/auth', { data: { email: 'admin@hospital.demo', password: DEMO_PASSWORD } });
  const { access_token: token } = (await auth.json()) as { access_token: string };
  const response = await request.get('/api/appointments?pageSize=1&sort=date&order=desc', { headers: { authorization: `Bearer ${token}` } });
  const { data } = (await response.json()) as { data: { date: string; doctorId: string }[] };
  expect(data[0]?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  return data[0]!;
}

async function openDayView(page: Page, request: APIRequestContext) {
  const { date } = await bookedVisit(request);
  await signInAs(page, 'admin@hospital.demo', `/appointments?view=day&from=${date}`);
  const grid = page.getByRole('region', { name: /^Appointments on / });
  await expect(grid).toBeVisible();
  return { grid, date };
}

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

test('the day view shows a column per doctor with appointment blocks that open the appointment', async ({ page, request }) => {
  const { grid, date } = await openDayView(page, request);
  await expect(page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Day', exact: true })).toHaveAttribute('aria-pressed', 'true');
  expect(await grid.getByRole('list').count()).toBeGreaterThan(1);
  const block = grid.getByRole('button', { name: /^Token / }).first();
  await expect(block).toBeVisible();
  const name = (await block.getAttribute('aria-label')) ?? '';
  const token = /^Token ([^,]+),/.exec(name)?.[1];
  expect(token).toBeTruthy();

  await block.click();
  const drawer = page.getByRole('dialog', { name: `Token ${token}` });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(/[?&]open=[0-9a-f-]{36}/);

  // The view lives in the URL: a reload comes back to the day, and Next day moves it.
  await drawer.getByRole('button', { name: 'Close' }).click();
  await page.reload();
  await expect(page.getByRole('region', { name: /^Appointments on / })).toBeVisible();
  const headingBefore = (await page.getByRole('heading', { level: 2 }).textContent()) ?? '';
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]from=${nextDay(date)}`));
  await expect(page.getByRole('heading', { level: 2 })).not.toHaveText(headingBefore);
});

test("the week view shows seven days of one doctor's visits", async ({ page, request }) => {
  const { date, doctorId } = await bookedVisit(request);
  await signInAs(page, 'admin@hospital.demo', `/appointments?view=week&from=${date}&doctorId=${doctorId}`);
  const grid = page.getByRole('region', { name: /^Appointments of / });
  await expect(grid).toBeVisible();
  await expect(grid.getByRole('list')).toHaveCount(7);
  const monday = grid.getByRole('list').first();
  await expect(monday).toHaveAccessibleName(/^Monday, /);
  const mondayName = (await monday.getAttribute('aria-label')) ?? '';
  await expect(grid.getByRole('button', { name: /^Token / }).first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Doctor' })).not.toBeEmpty();
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page).toHaveURL(/[?&]to=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByRole('heading', { level: 2 })).not.toContainText(mondayName.replace(/^Monday, /, ''));
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the day view scrolls inside its card and the page does not scroll sideways', async ({ page, request }) => {
    const { grid } = await openDayView(page, request);
    await expect(grid.getByRole('button', { name: /^Token / }).first()).toBeVisible();
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(375);
    expect(widths.viewport).toBe(375);
    // Several doctors do not fit 375 px: the grid itself scrolls.
    const inner = await grid.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(inner.scroll).toBeGreaterThan(inner.client);
  });
});
