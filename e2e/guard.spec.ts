import { expect, readStorage, sidebar, signIn, test } from './support/fixtures.ts';

test.describe('without a session', () => {
  for (const protectedPath of ['/', '/doctor']) {
    test(`opening ${protectedPath} goes to /sign-in and going back does not return to it`, async ({ page }) => {
      // A public page first, so that "back" has somewhere to go.
      await page.goto('/404');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      const entriesBefore = await page.evaluate(() => window.history.length);

      await page.goto(protectedPath);
      await expect(page).toHaveURL((url) => url.pathname === '/sign-in');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expect(sidebar(page)).toHaveCount(0);

      // The redirect replaced the protected entry instead of pushing /sign-in after it
      // (one new entry, not two), so back returns to the page before it.
      expect(await page.evaluate(() => window.history.length)).toBe(entriesBefore + 1);
      await page.goBack();
      await expect(page).toHaveURL((url) => url.pathname === '/404');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    });
  }

  test('an unknown path shows "Page not found" at /404 with a way home', async ({ page }) => {
    await page.goto('/no-such-page/at-all');
    await expect(page).toHaveURL((url) => url.pathname === '/404');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

    const home = page.getByRole('link', { name: /home/i }).or(page.getByRole('button', { name: /home/i }));
    await home.first().click();
    // Home is protected, so without a session it continues to the sign-in page.
    await expect(page).toHaveURL((url) => url.pathname === '/sign-in');
  });

  test('a wrong password shows an error and stays on /sign-in without storing a session', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Email address').fill('admin@hospital.demo');
    await page.getByLabel('Password', { exact: true }).fill('Wrong@12345');
    const reply = page.waitForResponse((res) => res.url().endsWith('/api/admin/auth'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect((await reply).status()).toBe(401);

    await expect(page.getByRole('alert').filter({ hasText: /\S/ }).first()).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/sign-in');
    const stored = await readStorage(page);
    expect(stored.accessToken).toBeNull();
    expect(stored.user).toBeNull();
  });
});

test.describe('with a session', () => {
  test('opening /sign-in goes to the home page', async ({ page }) => {
    await signIn(page, 'admin@hospital.demo');
    await page.goto('/sign-in');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(sidebar(page).locator('[aria-current="page"]')).toHaveText(['Dashboard']);
  });

  test('an unknown path shows "Page not found" and its way home leads to the dashboard', async ({ page }) => {
    await signIn(page, 'admin@hospital.demo');
    await page.goto('/definitely/not/here');
    await expect(page).toHaveURL((url) => url.pathname === '/404');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

    const home = page.getByRole('link', { name: /home/i }).or(page.getByRole('button', { name: /home/i }));
    await home.first().click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(sidebar(page)).toBeVisible();
  });
});
