import { expect, signInAs, test, type Page } from './support/fixtures.ts';
import { newStaffMember } from './support/staff.ts';
import { openInConsole, quietWatcher } from './support/walk.ts';

// Issue 20: Kannada and Tamil words run long (a Tamil 'Appointments' is three times the English),
// and a phone is where a long label pushes a page sideways. Every page a hospital admin opens, at
// 375 px, in each: no sideways scrolling, in the language asked for.

const routes = [
  '/',
  '/appointments',
  '/appointments/token',
  '/doctor',
  '/doctor/new',
  '/user',
  '/user/new',
  '/service',
  '/service/new',
  '/chats',
  '/notifications',
  '/day-book',
  '/wallet',
  '/plan',
  '/account',
  '/settings',
  '/settings/organisation',
  '/settings/staff',
  '/settings/messages',
  '/settings/messages/log',
  '/settings/online-booking',
  '/settings/billing',
  '/settings/audit',
];

test.use({ viewport: { width: 375, height: 812 } });

/** How far the page scrolls sideways, once its heading is there and its requests have answered. */
async function sidewaysScroll(page: Page, path: string, quiet: () => Promise<void>): Promise<number> {
  await openInConsole(page, path);
  await expect(page).toHaveURL(path);
  await quiet();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
}

/** The deepest element that reaches past the screen's right edge, so a failure says where to look. */
function widest(page: Page): Promise<string> {
  return page.evaluate(() => {
    const past = [...document.body.querySelectorAll('*')].filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5);
    const deepest = past.filter((element) => !past.some((other) => other !== element && element.contains(other)));
    return deepest
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${(element.textContent ?? '').trim().slice(0, 40)}"`)
      .join('; ');
  });
}

for (const { language, sample } of [
  { language: 'kn', sample: /[\u0C80-\u0CFF]/ },
  { language: 'ta', sample: /[\u0B80-\u0BFF]/ },
] as const) {
  test(`every page of a hospital admin fits 375 px in ${language}`, async ({ page }) => {
    test.setTimeout(120_000);
    const { email, password } = await newStaffMember(page, language);
    const quiet = quietWatcher(page);
    await signInAs(page, email, '/', password);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const wide: string[] = [];
    for (const path of routes) {
      const overflow = await sidewaysScroll(page, path, quiet);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toMatch(sample);
      if (overflow > 0) wide.push(`${path}: ${overflow}px (${await widest(page)})`);
    }
    expect(wide).toEqual([]);
  });
}
