import { test as base, expect, type Page } from '@playwright/test';
import { BASE_URL_ENV } from './env.ts';

export { expect };
export type { Page };

export const DEMO_PASSWORD = 'Demo@12345';
export const STORAGE_KEYS = ['user', 'accessToken', 'tempAccessToken', 'refreshToken'] as const;

export const test = base.extend({
  // The server's port is chosen in global setup, after this config was read.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env[BASE_URL_ENV];
    if (!url) throw new Error(`${BASE_URL_ENV} is not set: run through e2e/playwright.config.ts`);
    await use(url);
  },
});

/** Signs in through the real sign-in form and waits until the console has left /sign-in. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/sign-in$/);
}

/**
 * Signs in through the API and opens `path` already signed in, with the session stored under the
 * same keys the form stores it. For tests that are not about signing in: the form costs a page
 * load, the typing and a redirect to the dashboard every time (session.spec, guard.spec and the
 * temporary-password flows keep the form). Each call is its own session, so no two tests share a
 * refresh token that the server's reuse detection would revoke.
 */
export async function signInAs(page: Page, email: string, path = '/', password = DEMO_PASSWORD): Promise<void> {
  const reply = await page.request.post('/api/admin/auth', { data: { email, password } });
  expect(reply.status(), `API sign-in of ${email}`).toBe(200);
  const { user, access_token: accessToken, refresh_token: refreshToken } = (await reply.json()) as { user: unknown; access_token: string; refresh_token: string };
  // Stored once per tab (the flag lives in sessionStorage), as the form stores it: a reload, or
  // a test that signs out, must not get the first tokens back, which rotate as the console renews them.
  await page.addInitScript(
    ({ session }) => {
      if (window.sessionStorage.getItem('e2e-session-stored')) return;
      window.sessionStorage.setItem('e2e-session-stored', '1');
      window.localStorage.setItem('user', session.user);
      window.localStorage.setItem('accessToken', session.accessToken);
      window.localStorage.setItem('refreshToken', session.refreshToken);
      window.localStorage.removeItem('tempAccessToken');
    },
    { session: { user: JSON.stringify(user), accessToken, refreshToken } },
  );
  await page.goto(path);
  await expect(page).not.toHaveURL(/\/sign-in$/);
}

export function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

export function readStorage(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate((keys) => Object.fromEntries(keys.map((key) => [key, window.localStorage.getItem(key)])), [...STORAGE_KEYS]);
}

/** The path part of the page's URL, e.g. '/appointments'. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** The header's plan status chip: exactly 'Active' or 'In-Active'. */
export function planChip(page: Page) {
  return page.getByRole('banner').getByText(/^(Active|In-Active)$/);
}

/** The doctors page's 'Add doctor': a link in its header, or a button where the header shows one. */
export async function clickAddDoctor(page: Page): Promise<void> {
  await page
    .getByRole('link', { name: 'Add doctor' })
    .or(page.getByRole('button', { name: 'Add doctor' }))
    .first()
    .click();
}
