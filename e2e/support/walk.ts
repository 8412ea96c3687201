import type { Page } from '@playwright/test';

/**
 * Opens a console route without reloading the app, as a link would (the router follows
 * popstate). A walk over every page that reloads the app for each one parses and runs its
 * JavaScript and asks for the session afresh every time: most of a walk's browser time (issue #18).
 */
export async function openInConsole(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Resolves once the page has been quiet for a moment: no request to the API or for a chunk in
 * flight and no spinner or skeleton showing, so the texts that come with the data are there.
 */
export function quietWatcher(page: Page): () => Promise<void> {
  let inFlight = 0;
  let lastChange = Date.now();
  const counts = (url: string) => {
    const { pathname } = new URL(url);
    return pathname.startsWith('/api/') || pathname.includes('/assets/');
  };
  page.on('request', (request) => {
    if (!counts(request.url())) return;
    inFlight += 1;
    lastChange = Date.now();
  });
  const done = (request: { url(): string }) => {
    if (!counts(request.url())) return;
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    // Quiet from the call on: a route's chunk is asked for only once React has rendered the new route.
    lastChange = Math.max(lastChange, Date.now());
    const deadline = Date.now() + 8_000;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastChange < 300)) await page.waitForTimeout(100);
    await page
      .locator('.MuiCircularProgress-indeterminate, .MuiLinearProgress-indeterminate, .MuiSkeleton-root')
      .first()
      .waitFor({ state: 'hidden', timeout: 4_000 })
      .catch(() => undefined);
  };
}
