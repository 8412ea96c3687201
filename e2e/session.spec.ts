import { expect, planChip, readStorage, sidebar, signIn, STORAGE_KEYS, test } from './support/fixtures.ts';

test('signing out from the account menu clears the stored session and lands on /sign-in', async ({ page }) => {
  await signIn(page, 'admin@hospital.demo');
  const before = await readStorage(page);
  expect(before.user).not.toBeNull();
  expect(before.accessToken).not.toBeNull();
  expect(before.refreshToken).not.toBeNull();
  // A leftover onboarding token must go too.
  await page.evaluate(() => window.localStorage.setItem('tempAccessToken', 'left-over-onboarding-token'));

  await page.getByRole('button', { name: 'Account' }).click();
  await page
    .getByRole('menuitem', { name: 'Logout' })
    .or(page.getByRole('button', { name: 'Logout' }))
    .first()
    .click();

  await expect(page).toHaveURL((url) => url.pathname === '/sign-in');
  const after = await readStorage(page);
  for (const key of STORAGE_KEYS) expect(after[key], `localStorage ${key}`).toBeNull();

  // And the console no longer lets the user in.
  await page.goto('/doctor');
  await expect(page).toHaveURL((url) => url.pathname === '/sign-in');
});

test('the header clock shows the date and time and ticks every second', async ({ page }) => {
  await signIn(page, 'admin@hospital.demo');
  const clock = page.getByTestId('clock');
  await expect(clock).toBeVisible();
  const year = String(new Date().getFullYear());
  await expect(clock).toContainText(year);
  const first = (await clock.textContent()) ?? '';
  // Polling, not sleeping: passes as soon as the text changes, fails if it is frozen.
  await expect.poll(async () => clock.textContent(), { timeout: 2_500, intervals: [100] }).not.toBe(first);
});

test('an invalid access token is refreshed transparently with the refresh token', async ({ page }) => {
  await signIn(page, 'admin@hospital.demo');
  await expect(planChip(page)).toHaveText('Active');
  const before = await readStorage(page);
  expect(before.refreshToken).toBeTruthy();

  // Garbled as the reloaded page starts, before any of its code runs: garbled in the open page, a
  // live refetch (other tests share the demo organisation) could refresh it before the reload.
  await page.addInitScript(() => {
    if (window.sessionStorage.getItem('garbled')) return;
    window.sessionStorage.setItem('garbled', '1');
    window.localStorage.setItem('accessToken', 'garbage.not-a.jwt');
  });
  const refreshed = page.waitForResponse((res) => res.url().endsWith('/api/auth/refresh-token'));
  await page.reload();
  expect((await refreshed).status()).toBe(200);

  // Still signed in, and the data behind the header loads after the retry.
  await expect(sidebar(page)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(planChip(page)).toHaveText('Active');
  await expect.poll(async () => (await readStorage(page)).accessToken).not.toBe('garbage.not-a.jwt');
  const after = await readStorage(page);
  expect(after.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  // Refresh tokens rotate on every use.
  expect(after.refreshToken).toBeTruthy();
  expect(after.refreshToken).not.toBe(before.refreshToken);
});

test('a hospital admin with a current plan sees the plan chip "Active"', async ({ page }) => {
  await signIn(page, 'admin@hospital.demo');
  // Exactly one chip in the header, and it says Active.
  await expect(planChip(page)).toHaveText(['Active']);
});

test('an admin whose plan has lapsed sees the plan chip "In-Active"', async ({ page }) => {
  await signIn(page, 'admin@lapsed.demo');
  await expect(planChip(page)).toHaveText(['In-Active']);
});
