import type { BrowserContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, pathOf, signIn, test } from './support/fixtures.ts';
import { uniqueSuffix } from './support/files.ts';
import { SHORT_TOKEN_URL_ENV } from './support/env.ts';

/**
 * Issue #14: the token page and the waiting-room display open in two tabs of one browser both
 * renewed the session when the access token expired, with the same refresh token, and the
 * server's reuse detection signed both out (the TV showed the sign-in form to patients). This
 * spec runs on a second server (started by global setup) whose access tokens live a few seconds,
 * so a minute holds many expiries; the shared server keeps the default lifetime.
 */
/** Refresh tokens seen in storage before the tabs are checked: the sign-in's and four rotations. */
const REFRESH_TOKENS_TO_SEE = 5;

test.describe.configure({ mode: 'serial' });

let serverUrl: string;
let doctorName: string;
let doctorId: string;

test.beforeAll(async ({ playwright }) => {
  const url = process.env[SHORT_TOKEN_URL_ENV];
  if (!url) throw new Error(`${SHORT_TOKEN_URL_ENV} is not set: run through e2e/playwright.config.ts`);
  serverUrl = url;
  // A doctor seeing patients every day, so both the token page and the display show a queue today.
  const request = await playwright.request.newContext({ baseURL: serverUrl });
  const auth = await request.post('/api/admin/auth', { data: { email: 'admin@hospital.demo', password: DEMO_PASSWORD } });
  const { access_token: token } = (await auth.json()) as { access_token: string };
  doctorName = `Dr. Two Tabs ${uniqueSuffix()}`;
  const availability = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '23:59' }));
  const doctor = await request.post('/api/doctors', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: doctorName, specialization: 'General Medicine', consultationFeePaise: 40000, slotMinutes: 5, patientsPerSlot: 1, tokenPrefix: 'W', availability },
  });
  expect(doctor.ok(), await doctor.text()).toBe(true);
  doctorId = ((await doctor.json()) as { id: string }).id;
  await request.dispose();
});

/** The token page in one tab and the waiting-room display in another tab of the same browser. */
async function deskAndDisplay(context: BrowserContext): Promise<{ desk: Page; tv: Page }> {
  const desk = await context.newPage();
  await signIn(desk, 'admin@hospital.demo');
  await desk.goto('/appointments/token');
  await expect(desk.getByRole('region', { name: `Queue of ${doctorName}` })).toBeVisible();
  const tv = await context.newPage();
  // The display of this doctor's room: a display of everyone shows only the queues that have
  // patients today, and this doctor has none.
  await tv.goto(`/appointments/token?doctor=${doctorId}&display=1`);
  await expect(displayTile(tv)).toBeVisible();
  return { desk, tv };
}

function displayTile(tv: Page) {
  return tv.getByRole('region', { name: 'Waiting room display' }).getByRole('region', { name: doctorName });
}

test('the token page and the waiting-room display in two tabs stay signed in through many token expiries', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: serverUrl });
  const { desk, tv } = await deskAndDisplay(context);

  // Both tabs' live connections are closed at every expiry of the token they share, and both
  // renew it at that same moment (then refetch their queues). Watch the refresh token rotate.
  const seen = new Set<string>();
  const progress = async (): Promise<string> => {
    const signedOut = [desk, tv].filter((page) => pathOf(page) === '/sign-in').length;
    if (signedOut > 0) return `${signedOut} tab(s) signed out after ${seen.size - 1} rotation(s)`;
    const refreshToken = await desk.evaluate(() => window.localStorage.getItem('refreshToken'));
    if (refreshToken) seen.add(refreshToken);
    return seen.size >= REFRESH_TOKENS_TO_SEE ? 'rotated' : `waiting (${seen.size - 1} rotation(s))`;
  };
  await expect.poll(progress, { timeout: 60_000, intervals: [250] }).toMatch(/^(rotated|.*signed out.*)$/);
  expect(await progress()).not.toMatch(/signed out/);

  // Both still load data: a fresh load of each, at once, with whatever token is stored now.
  await Promise.all([desk.reload(), tv.reload()]);
  await expect(desk.getByRole('region', { name: `Queue of ${doctorName}` })).toBeVisible();
  await expect(displayTile(tv)).toContainText('Now serving');
  expect(pathOf(desk)).toBe('/appointments/token');
  expect(pathOf(tv)).toBe('/appointments/token');
  await context.close();
});

test('signing out in one tab still signs the other tab out', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: serverUrl });
  const { desk, tv } = await deskAndDisplay(context);

  await desk.getByRole('button', { name: 'Account' }).click();
  await desk
    .getByRole('menuitem', { name: 'Logout' })
    .or(desk.getByRole('button', { name: 'Logout' }))
    .first()
    .click();

  await expect(desk).toHaveURL((url) => url.pathname === '/sign-in');
  await expect(tv).toHaveURL((url) => url.pathname === '/sign-in');
  await context.close();
});
