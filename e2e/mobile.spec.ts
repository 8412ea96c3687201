import { expect, sidebar, signIn, signInAs, test, type Page } from './support/fixtures.ts';

function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - window.innerWidth;
  });
}

test.describe('on a 375 x 812 phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the sidebar is hidden and the Menu button opens a drawer whose entry navigates and closes it', async ({ page }) => {
    await signInAs(page, 'admin@hospital.demo');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await expect(menuButton).toBeVisible();
    await expect(sidebar(page)).toBeHidden();

    await menuButton.click();
    const drawerNav = sidebar(page);
    await expect(drawerNav).toBeVisible();
    await expect(drawerNav.getByRole('link')).toHaveText(['Dashboard', 'Doctors', 'Appointments', 'Other Services', 'Patients', 'Chats', 'Settings']);
    const box = await drawerNav.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(375);

    await drawerNav.getByRole('link', { name: 'Doctors', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/doctor');
    await expect(sidebar(page)).toBeHidden();
  });

  test('neither the sign-in page nor the dashboard scrolls sideways', async ({ page }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await signIn(page, 'admin@hospital.demo');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    expect(await page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe('on a 1440 x 900 desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the sidebar is always visible and there is no Menu button', async ({ page }) => {
    await signInAs(page, 'admin@hospital.demo');
    await expect(sidebar(page)).toBeVisible();
    const box = await sidebar(page).boundingBox();
    expect(box?.x ?? -1).toBeLessThanOrEqual(1);
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});
