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
