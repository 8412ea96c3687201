import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './support/fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { openInConsole, quietWatcher } from './support/walk.ts';

/**
 * axe-core on every console route (apps/web/src/app/routes.tsx), as each kind of account sees it,
 * on a desktop (1440px) and a phone (375px). Any serious or critical violation fails the test,
 * named by route, rule and element, so the fix is one look away.
 */

const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;

interface RecordIds {
  patient: string;
  doctor: string | undefined;
  otherService: string | undefined;
  scan: string | undefined;
  chatPatient: string | undefined;
}

interface Account {
  email: string;
  routes: (ids: RecordIds) => string[];
}

const recordRoutes = (area: string, id: string | undefined) => (id ? [`${area}/${id}`, `${area}/${id}/edit`] : []);

const accounts: Account[] = [
  {
    // HOSPITAL admin: Dashboard, Doctors, Appointments, Other Services, Patients, Chats, Settings.
    email: 'admin@hospital.demo',
    routes: (ids) => [
      '/',
      '/user',
      '/user/new',
      ...recordRoutes('/user', ids.patient),
      '/doctor',
      '/doctor/new',
      ...recordRoutes('/doctor', ids.doctor),
      '/service',
      '/service/new',
      ...recordRoutes('/service', ids.otherService),
      '/appointments',
      '/appointments?view=day',
      '/appointments?view=week',
      '/appointments?new=1',
      '/appointments/token',
      '/profile',
      '/settings',
      '/settings/facilities',
      '/settings/organisation',
      '/settings/staff',
      '/settings/audit',
      '/settings/messages',
      '/settings/messages/log',
      '/settings/billing',
      '/account',
      '/notifications',
      '/chats',
      ...(ids.chatPatient ? [`/chats/${ids.chatPatient}`] : []),
      '/plan',
      '/wallet',
      '/day-book',
    ],
  },
  {
    // SCAN admin: Services (/scan) and Bookings.
    email: 'admin@scan.demo',
    routes: (ids) => ['/', '/scan', '/scan/new', ...recordRoutes('/scan', ids.scan), '/bookings', '/bookings?new=1', '/bookings/token', '/chats', '/day-book'],
  },
  {
    // HOSPITAL worker: Appointments, Doctors, Patients, Other Services, plus what every role has.
    email: 'worker@hospital.demo',
    routes: () => ['/appointments', '/doctor', '/user', '/service', '/account', '/notifications', '/plan', '/wallet'],
  },
  {
    // MULTIHOSPITAL admin: every area, several facilities.
    email: 'admin@multi.demo',
    routes: () => ['/', '/appointments', '/bookings', '/scan', '/doctor', '/settings/facilities', '/settings/billing', '/day-book'],
  },
];

const publicRoutes = ['/sign-in', '/new', '/404', '/invite/not-a-real-invitation'];

async function firstId(page: Page, url: string): Promise<string | undefined> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok()) return undefined;
  const body = (await response.json()) as { data: { id: string; patientId?: string }[] };
  const first = body.data[0];
  return first?.patientId ?? first?.id;
}

async function recordIds(page: Page): Promise<RecordIds> {
  return {
    patient: (await firstId(page, '/api/patients?pageSize=1')) ?? 'none',
    doctor: await firstId(page, '/api/doctors?pageSize=1'),
    otherService: await firstId(page, '/api/services?kind=OTHER&pageSize=1'),
    scan: await firstId(page, '/api/services?kind=SCAN&pageSize=1'),
    chatPatient: await firstId(page, '/api/chats'),
  };
}

/**
 * Waits until the route has rendered its page (lazy chunk, first data). Its fades (dialogs,
 * drawers, skeletons) are waited out by seriousViolations itself, before each scan.
 */
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0);
}

/**
 * Checks a route at both widths with one render: axe at the width the page opened at, then again
 * once it has re-laid itself out at the other. Consecutive routes open at alternate widths, so
 * every width also gets its share of first renders. The app is loaded once per test; each route
 * opens in it as a link would (e2e/support/walk.ts), and its requests answered and chunk loaded.
 */
async function violationsAtBothWidths(page: Page, route: string, index: number, quiet: () => Promise<void>): Promise<string[]> {
  const order = index % 2 === 0 ? viewports : [...viewports].reverse();
  const found: string[] = [];
  for (const [step, viewport] of order.entries()) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    if (step === 0) {
      if (page.url() === 'about:blank') await page.goto(route);
      else await openInConsole(page, route);
      await quiet();
    }
    // After a resize: two frames for the media queries' re-render, whose transitions the scan waits out.
    else await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await settle(page);
    found.push(...(await seriousViolations(page, `${route} at ${viewport.width}px`)));
  }
  return found;
}

/** An account's routes in this many tests, so the longest lists spread over the workers. */
const parts = (routes: number) => Math.max(1, Math.ceil(routes / 10));

test('the public pages have no serious or critical violations at 1440 and 375 px', async ({ page }) => {
  // Eight scans, like a part of an account's routes: past the default 30 s on a loaded machine.
  test.setTimeout(120_000);
  const quiet = quietWatcher(page);
  const found: string[] = [];
  for (const [index, route] of publicRoutes.entries()) found.push(...(await violationsAtBothWidths(page, route, index, quiet)));
  expect(found).toEqual([]);
});

for (const account of accounts) {
  // The route count without records is a lower bound: with the demo's records each part has a few more.
  const count = parts(account.routes({ patient: 'none', doctor: undefined, otherService: undefined, scan: undefined, chatPatient: undefined }).length);
  for (let part = 0; part < count; part++) {
    test(`every route ${account.email} can open has no serious or critical violations at 1440 and 375 px (part ${part + 1} of ${count})`, async ({ page }) => {
      test.setTimeout(300_000);
      const quiet = quietWatcher(page);
      await signInAs(page, account.email);
      const ids = await recordIds(page);
      const found: string[] = [];
      const routes = account.routes(ids).filter((_, index) => index % count === part);
      for (const [index, route] of routes.entries()) found.push(...(await violationsAtBothWidths(page, route, index, quiet)));
      expect(found).toEqual([]);
    });
  }
}
