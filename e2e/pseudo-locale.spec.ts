import { expect, signInAs, test, type Page } from './support/fixtures.ts';
import { keepPatientSession, patientSession } from './support/patient-app.ts';
import { usePseudoLocale, walker, type Findings } from './support/pseudo-locale.ts';
import { openInConsole } from './support/walk.ts';

// Issue 20: every text a person reads comes from a catalogue. In the pseudo-locale every catalogue
// text is accented and marked, so a plain English word left on a page (outside the organisation's
// and its patients' data) was written in the code: this walks every page of the console and the
// patient app and names each such text and where it is.

/**
 * One route per pattern: a record's id, a patient's chat, stand for all of their kind; a query's
 * names count (?display=1 is the waiting-room display, ?new=1 a dialog), its values do not.
 */
function routePattern(path: string): string {
  const [pathname = '', search = ''] = path.split('?');
  const segments = pathname.split('/').map((segment) => (/\d/.test(segment) && segment.length >= 8 ? ':id' : segment));
  const names = [...new URLSearchParams(search).keys()].sort();
  return `${segments.join('/')}${names.length > 0 ? `?${names.join('&')}` : ''}`;
}

/** The console's links on the page now: the sidebar's, the settings page's, a list's rows. */
async function consoleLinks(page: Page): Promise<string[]> {
  const hrefs = await page.locator('a[href]:not([download])').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.filter((href) => href.startsWith('/') && !href.startsWith('//') && !/^\/(p|api|sign-in)(\/|$)/.test(href));
}

interface Api {
  firstId(path: string, field?: string): Promise<string | undefined>;
}

async function consoleApi(page: Page): Promise<Api> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const headers = { authorization: `Bearer ${token}` };
  return {
    firstId: async (path, field = 'id') => {
      const reply = await page.request.get(path, { headers });
      if (!reply.ok()) return undefined;
      const { data } = (await reply.json()) as { data?: Record<string, string>[] };
      return data?.[0]?.[field];
    },
  };
}

/** Pages no link opens: a record of each kind, a new one, a chat, the token screens and the waiting-room display. */
async function unlinkedRoutes(page: Page, sidebar: string[]): Promise<string[]> {
  const api = await consoleApi(page);
  const routes = ['/account', '/notifications', '/plan', '/wallet', '/day-book', '/404'];
  const records = {
    '/doctor': '/api/doctors?pageSize=1',
    '/scan': '/api/services?kind=SCAN,TEST&pageSize=1',
    '/service': '/api/services?kind=OTHER&pageSize=1',
    '/user': '/api/patients?pageSize=1',
  };
  for (const [area, list] of Object.entries(records)) {
    if (!sidebar.includes(area)) continue;
    const id = await api.firstId(list);
    routes.push(`${area}/new`, ...(id ? [`${area}/${id}`, `${area}/${id}/edit`] : []));
  }
  if (sidebar.includes('/chats')) {
    const patient = await api.firstId('/api/chats', 'patientId');
    if (patient) routes.push(`/chats/${patient}`);
  }
  for (const visits of ['/appointments', '/bookings']) if (sidebar.includes(visits)) routes.push(`${visits}/token`, `${visits}/token?display=1`);
  return routes;
}

/** The header's menu and popovers (account, wallet, notifications) and the shortcuts dialog, each opened and closed. */
async function checkHeaderPopups(page: Page, findings: Findings): Promise<void> {
  const popups = page.getByRole('banner').locator('button[aria-haspopup]');
  for (let index = 0; index < (await popups.count()); index += 1) {
    // Named before it opens: an open popup hides the rest of the page from the accessibility tree.
    const name = await popups.nth(index).getAttribute('aria-label');
    await popups.nth(index).click();
    await findings.check(`header popup ${name}`);
    await page.keyboard.press('Escape');
    await expect(page.locator('.MuiPopover-root, .MuiMenu-root, .MuiDialog-root')).toHaveCount(0);
  }
  await page.locator('main').click({ position: { x: 1, y: 1 } });
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog')).toBeVisible();
  await findings.check('shortcuts dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** A new record's form sent empty: its validation messages. */
async function checkEmptySubmit(page: Page, findings: Findings, route: string): Promise<void> {
  const submit = page.getByRole('main').locator('button[type=submit]').first();
  if (!(await submit.isVisible())) return;
  await submit.click();
  await findings.check(`${route} (sent empty)`);
}

const admins = [
  { account: 'a hospital', email: 'admin@hospital.demo', viewport: { width: 1440, height: 900 } },
  { account: 'a scan centre', email: 'admin@scan.demo', viewport: { width: 1440, height: 900 } },
  { account: 'a hospital group', email: 'admin@multi.demo', viewport: { width: 1440, height: 900 } },
  // A phone's layout has parts of its own (the drawer, lists as cards): one account's lists and records again.
  { account: 'a hospital', email: 'admin@hospital.demo', viewport: { width: 375, height: 812 } },
];

/** The sidebar's routes: behind the header's menu button on a phone, whose drawer closes again. */
async function sidebarRoutes(page: Page): Promise<string[]> {
  const phone = (page.viewportSize()?.width ?? 0) < 1200;
  if (phone) await page.getByRole('banner').locator('button').first().click();
  const links = page.getByRole('navigation').first().locator('a[href]');
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((found) => found.map((link) => link.getAttribute('href') ?? ''));
  if (phone) {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('presentation')).toHaveCount(0);
  }
  return hrefs.filter((href) => href.startsWith('/'));
}

for (const { account, email, viewport } of admins) {
  test(`every console page ${account}'s admin opens reads in the pseudo-locale, but for data (${viewport.width}px)`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    await usePseudoLocale(page);
    const findings = walker(page);
    await signInAs(page, email, '/settings');
    await expect(page.getByRole('main').locator('a[href^="/settings/"]').first()).toBeVisible();
    const sidebar = await sidebarRoutes(page);
    expect(sidebar.length, 'the sidebar lists the menu').toBeGreaterThan(3);

    const phone = viewport.width < 1200;
    const records = (await unlinkedRoutes(page, sidebar)).filter((route) => !phone || /^\/(doctor|scan|service|user)\/[^/]+$/.test(route));
    const queue = [...sidebar, ...(phone ? [] : await consoleLinks(page)), ...records];
    const seen = new Set<string>();
    for (let route = queue.shift(); route !== undefined; route = queue.shift()) {
      if (seen.has(routePattern(route))) continue;
      seen.add(routePattern(route));
      const started = Date.now();
      await openInConsole(page, route);
      await findings.check(route);
      if (process.env.PSEUDO_LOCALE_TIMES) console.log(`${route}: ${Date.now() - started} ms`);
      if (phone) continue;
      if (route === '/') await checkHeaderPopups(page, findings);
      if (route.endsWith('/new')) await checkEmptySubmit(page, findings, route);
      for (const link of await consoleLinks(page)) if (!seen.has(routePattern(link))) queue.push(link);
    }
    expect([...seen], 'the walk reached the settings and a record').toEqual(expect.arrayContaining(['/settings', '/user/:id', ...(phone ? [] : ['/settings/staff', '/account'])]));
    expect(findings.list()).toEqual([]);
  });
}

test('the signed-out console pages and the patient app read in the pseudo-locale, but for data', async ({ page, request }) => {
  test.setTimeout(120_000);
  await usePseudoLocale(page);
  const findings = walker(page);

  for (const route of ['/sign-in', '/new', '/invite/not-a-real-invitation', '/404']) {
    await page.goto(route);
    await findings.check(route);
  }
  await page.goto('/sign-in');
  await page.locator('button[type=submit]').click();
  await findings.check('/sign-in (sent empty)');

  const slug = 'sanjeevani-hospital';
  const organisation = (await (await request.get(`/api/public/organisations/${slug}`)).json()) as { id: string; doctors?: { id: string }[] };
  const doctor = organisation.doctors?.[0]?.id;
  const signedOut = ['/p/', '/p/sign-in', `/p/${slug}`, '/p/not-an-organisation'];
  for (const route of signedOut) {
    await page.goto(route);
    await findings.check(route);
  }

  await keepPatientSession(page, await patientSession(request, `+9194${String(Date.now()).slice(-8)}`));
  for (const route of ['/p/', '/p/visits', '/p/receipts', '/p/waitlist', '/p/chats', `/p/chats/new?organisation=${organisation.id}`]) {
    await page.goto(route);
    await findings.check(route);
  }

  // Booking, step by step: a time, then the person's form sent empty.
  expect(doctor, 'the organisation page lists a doctor to book').toBeDefined();
  const booking = `/p/${slug}/book/doctors/${doctor}`;
  await page.goto(booking);
  await page.locator('.slot-picker__times button').first().click();
  await findings.check(`${booking} (a time chosen)`);
  await page.locator('.actions button').first().click();
  const person = page.locator('form.booking__form');
  await expect(person).toBeVisible();
  await findings.check(`${booking} (the person)`);
  await person.locator('button[type=submit]').click();
  await expect(person.getByRole('alert').first()).toBeVisible();
  await findings.check(`${booking} (the person, sent empty)`);
  expect(findings.list()).toEqual([]);
});
