import { expect, signInAs, test } from './support/fixtures.ts';

test.use({ viewport: { width: 375, height: 812 } });

for (const path of ['/user', '/doctor', '/service', '/doctor/new', '/user/new']) {
  test(`at 375 px ${path} fits the screen without sideways scrolling`, async ({ page }) => {
    await signInAs(page, 'admin@hospital.demo', path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText(/./).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('at 375 px the patient list shows cards that open the record', async ({ page }) => {
  await signInAs(page, 'admin@hospital.demo', '/user');
  await expect(page.getByRole('grid')).toHaveCount(0);
  const first = page.getByRole('main').getByRole('link').filter({ hasText: /\+91/ }).first();
  await first.click();
  await expect(page).toHaveURL(/\/user\/[0-9a-f-]{36}$/);
});
