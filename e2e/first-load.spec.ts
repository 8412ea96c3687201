import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, signInAs, test, type Page } from './support/fixtures.ts';

// What the console's first page downloads (issue 18's budgets), read against the build's own
// manifest: chunk names carry hashes, and the manifest says which chunk holds which module.
interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const manifestFile = `${dist}.vite/manifest.json`;
const FONT_BUDGET_BYTES = 50 * 1024;
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;

/** The chunk and everything it imports statically: what the browser must fetch to run it. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const urlOf = (key: string) => `/${manifest[key]!.file}`;
const entryScripts = [...staticClosure('index.html')].map(urlOf).sort();
const shellScript = urlOf('src/layouts/dashboard/dashboard-layout.tsx');
const gridScripts = Object.values(manifest)
  .filter((chunk) => chunk.name === 'record-grid')
  .map((chunk) => `/${chunk.file}`);

/** Every script and font the page fetches until the network is quiet. */
async function firstLoad(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  const scripts: string[] = [];
  const fonts: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js')) scripts.push(pathname);
    if (response.request().resourceType() === 'font') fonts.push(pathname);
  });
  await page.goto(path);
  await ready(page);
  // A face is fetched when laid-out text first needs it, which can come after the network has
  // gone quiet once (seen on a loaded CI machine): let a frame lay the page out and its fonts load.
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await document.fonts.ready;
  });
  await page.waitForLoadState('networkidle');
  return { scripts: [...new Set(scripts)].sort(), fonts: [...new Set(fonts)].sort() };
}

test('/sign-in loads only the entry and its static imports: no shell, no data grid, no lazy page', async ({ page }) => {
  expect(gridScripts).toHaveLength(1);
  expect(entryScripts).not.toContain(shellScript);
  expect(entryScripts).not.toContain(gridScripts[0]);

  const { scripts } = await firstLoad(page, '/sign-in', (p) => expect(p.getByRole('button', { name: 'Sign in' })).toBeVisible());
  expect(scripts).toEqual(entryScripts);
});

test('/sign-in fetches only the plain-English font faces, the first-paint one preloaded, within 50 KB', async ({ page }) => {
  const { fonts } = await firstLoad(page, '/sign-in', (p) => expect(p.getByRole('button', { name: 'Sign in' })).toBeVisible());
  // DM Sans for the text, Barlow 700 for the heading and 600 for the logo: the subsets of fonts.css.
  expect(fonts.map((font) => font.replace(/-[\w-]{8}\.woff2$/, ''))).toEqual(['/assets/barlow-core-600', '/assets/barlow-core-700', '/assets/dm-sans-core-wght']);
  const bytes = fonts.reduce((sum, font) => sum + statSync(`${dist}${font.slice(1)}`).size, 0);
  expect(bytes).toBeLessThanOrEqual(FONT_BUDGET_BYTES);

  const preloaded = await page.locator('link[rel="preload"][as="font"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(preloaded).toHaveLength(1);
  expect(fonts).toContain(preloaded[0]);
});

test('a signed-in page fetches the shell and its page as chunks of their own', async ({ page }) => {
  await signInAs(page, 'admin@hospital.demo');
  const { scripts, fonts } = await firstLoad(page, '/appointments', (p) => expect(p.getByRole('heading', { name: 'Appointments', level: 1 })).toBeVisible());
  expect(scripts).toEqual(expect.arrayContaining([...entryScripts, shellScript]));
  expect(scripts.length).toBeGreaterThan(entryScripts.length + 1);
  // The header's notification popover loads with the first click on the bell.
  expect(scripts).not.toContain(urlOf('src/features/notifications/components/notifications-popover.tsx'));
  // Its text (MUI's zero-width spaces included) needs no full latin file; the ₹ of fees may
  // fetch the latin-ext one.
  expect(fonts.filter((font) => /-latin-(wght|\d+)-normal-/.test(font))).toEqual([]);
});

test('what every signed-in page runs beside the entry comes mostly in one console chunk', () => {
  // apps/web/vite.config.ts (consoleChunk): left to the automatic splitting, these modules came as
  // some 70 files compressed one by one, ~25 KB gzip more; the shared schemas and zod came as 15
  // more until the package's index was followed name by name. Apart stay the two roots (each a
  // dynamic import's module) and dayjs, which the sign-in page's language loader shares.
  const always = new Set([...staticClosure('src/app/app.tsx'), ...staticClosure('src/layouts/dashboard/dashboard-layout.tsx')]);
  const files = [...always].map(urlOf).filter((file) => !entryScripts.includes(file));
  expect(files.filter((file) => /^\/assets\/console-[\w-]{8}\.js$/.test(file))).toHaveLength(1);
  expect(files.length).toBeLessThanOrEqual(5);
});
