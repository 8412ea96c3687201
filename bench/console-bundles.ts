// What the staff console downloads, route by route, through a real browser (Debian's Chromium
// via playwright-core): each route loaded in a fresh browser context (empty cache), signed in
// through the real sign-in form once and the session handed to each context, every JavaScript
// and font response counted. Used by bench/budget.ts.
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Response } from 'playwright-core';
import { CHROME_FLAGS, CHROMIUM_PATH } from './chromium.ts';

export interface LoadedFile {
  url: string;
  /** As sent: the encoded body's bytes, and the Content-Encoding it came with ('' when none). */
  sentBytes: number;
  encoding: string;
  /** The decoded body gzipped by the bench (zlib's default level, as the server's gzip). */
  gzipBytes: number;
}

export interface RouteLoad {
  route: string;
  /** Where the page ended (a route the account may not see redirects). */
  finalPath: string;
  scripts: LoadedFile[];
  fonts: LoadedFile[];
  /** The entry chunk of index.html (its path), when the document named one. */
  entry?: string;
}

const PARALLEL_ROUTES = 3;

export const sum = (files: readonly LoadedFile[], pick: (file: LoadedFile) => number): number => files.reduce((total, file) => total + pick(file), 0);

/** The module script index.html starts the console with. */
function entryOf(html: string): string | undefined {
  return /<script[^>]*type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
}

async function loadRoute(browser: Browser, baseUrl: string, route: string, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<RouteLoad> {
  const context = await browser.newContext({ ...(storageState ? { storageState } : {}), serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const pending: Promise<void>[] = [];
    const unread: string[] = [];
    const scripts: LoadedFile[] = [];
    const fonts: LoadedFile[] = [];
    let entry: string | undefined;
    const onResponse = (response: Response) => {
      const type = response.request().resourceType();
      if (type === 'document' && new URL(response.url()).pathname === route) {
        pending.push(
          response.text().then(
            (html) => void (entry = entryOf(html)),
            () => undefined,
          ),
        );
      }
      if (type !== 'script' && type !== 'font') return;
      pending.push(
        (async () => {
          const [body, sizes, encoding] = await Promise.all([response.body(), response.request().sizes(), response.headerValue('content-encoding')]);
          const file = { url: new URL(response.url()).pathname, sentBytes: sizes.responseBodySize, encoding: encoding ?? '', gzipBytes: gzipSync(body).length };
          (type === 'script' ? scripts : fonts).push(file);
        })().catch((error: unknown) => void unread.push(`${response.url()}: ${String(error)}`)),
      );
    };
    page.on('response', onResponse);
    await page.goto(`${baseUrl}${route}`, { waitUntil: 'load' });
    // Lazy chunks of the route load after `load`; the live-updates WebSocket does not count as busy.
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    // Idle can come between the console's chunk and the page's own (a route once counted 23 of
    // its 114 files): the page is loaded when its heading shows, then its lazy parts settle.
    await page
      .locator('h1')
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(() => undefined);
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    // Settle every body read started so far, also those started while waiting; then stop counting.
    for (let settled = 0; settled < pending.length;) {
      const batch = pending.slice(settled);
      settled = pending.length;
      await Promise.all(batch);
    }
    page.off('response', onResponse);
    // A file counted without its bytes would make the route look lighter than it is.
    if (unread.length > 0) throw new Error(`${route}: ${unread.length} responses not read (${unread[0]})`);
    return { route, finalPath: new URL(page.url()).pathname, scripts, fonts, ...(entry ? { entry } : {}) };
  } finally {
    await context.close();
  }
}

/** Signs in through the console's form (as e2e/support/fixtures.ts does) and keeps the session. */
async function signedInState(browser: Browser, baseUrl: string, email: string, password: string) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/sign-in`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname !== '/sign-in', { timeout: 30_000 });
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * /sign-in signed out, then each of `routes` signed in as `account`, every one from an empty
 * cache, in one Chromium that is closed whatever happens.
 */
export async function measureConsoleRoutes(
  baseUrl: string,
  account: { email: string; password: string },
  routes: readonly string[],
): Promise<{ signIn: RouteLoad; routes: RouteLoad[] }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROME_FLAGS.filter((flag) => flag !== '--headless') });
  try {
    const signIn = await loadRoute(browser, baseUrl, '/sign-in');
    const state = await signedInState(browser, baseUrl, account.email, account.password);
    // Bytes do not depend on timing, so a few routes load at once (each in its own context).
    const loads: RouteLoad[] = new Array<RouteLoad>(routes.length);
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < routes.length; i = next++) loads[i] = await loadRoute(browser, baseUrl, routes[i]!, state);
    };
    await Promise.all(Array.from({ length: PARALLEL_ROUTES }, worker));
    return { signIn, routes: loads };
  } finally {
    await browser.close();
  }
}
