import { expect, signIn, test, type Page } from './support/fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { newStaffMember } from './support/staff.ts';

const viewports = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
];

/** The sidebar: fixed from lg (1200px), behind the header's menu button (named in the active language) below. */
async function openSidebar(page: Page, menuButton: string, navigationName: string) {
  if ((page.viewportSize()?.width ?? 0) < 1200) await page.getByRole('button', { name: menuButton }).click();
  const nav = page.getByRole('navigation', { name: navigationName }).first();
  await expect(nav).toBeVisible();
  return nav;
}

/** Closes the phone's drawer, if open, so the page is checked as it is used. */
async function closeSidebar(page: Page) {
  if ((page.viewportSize()?.width ?? 0) < 1200) {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('presentation')).toHaveCount(0);
  }
}

async function chooseLanguage(page: Page, accountButton: string, language: string) {
  await page.getByRole('banner').getByRole('button', { name: accountButton }).click();
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/account') && response.request().method() === 'PATCH');
  await page.getByRole('menuitemradio', { name: language }).click();
  expect((await saved).status()).toBe(200);
  // The menu fades out over the header: axe measuring contrast through it would find the clock faint.
  await expect(page.getByRole('menu')).toBeHidden();
}

for (const viewport of viewports) {
  test(`the console switches to Hindi and Kannada from the avatar menu, and the account keeps it (${viewport.width}px)`, async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const fontFiles: string[] = [];
    page.on('request', (request) => {
      if (/\.woff2(\?|$)/.test(request.url())) fontFiles.push(request.url());
    });
    const { email, password } = await newStaffMember(page);
    await signIn(page, email, password);
    await expect(await openSidebar(page, 'Menu', 'Main navigation')).toContainText('Doctors');
    await closeSidebar(page);
    // English pages never fetch an Indian script's face.
    expect(fontFiles.filter((url) => /noto-sans/.test(url))).toEqual([]);
    // A mark on the window: a page reload would lose it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await chooseLanguage(page, 'Account', 'हिन्दी');
    const hindiNav = await openSidebar(page, 'मेनू', 'मुख्य नेविगेशन');
    for (const title of ['डैशबोर्ड', 'डॉक्टर', 'अपॉइंटमेंट', 'अन्य सेवाएँ', 'मरीज़', 'सेटिंग्स']) await expect(hindiNav.getByRole('link', { name: title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Noto Sans Devanagari"', 'डैशबोर्ड'))).toBe(true);
    await closeSidebar(page);
    expect(await seriousViolations(page)).toEqual([]);

    await chooseLanguage(page, 'खाता', 'ಕನ್ನಡ');
    const kannadaNav = await openSidebar(page, 'ಮೆನು', 'ಮುಖ್ಯ ನ್ಯಾವಿಗೇಶನ್');
    for (const title of ['ಡ್ಯಾಶ್‌ಬೋರ್ಡ್', 'ವೈದ್ಯರು', 'ರೋಗಿಗಳು', 'ಸೆಟ್ಟಿಂಗ್‌ಗಳು']) await expect(kannadaNav.getByRole('link', { name: title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'kn');
    await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Noto Sans Kannada"', 'ವೈದ್ಯರು'))).toBe(true);
    await closeSidebar(page);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    // Signed out, this browser's sign-in page speaks Kannada; signed in again, so does the console.
    await page.getByRole('banner').getByRole('button', { name: 'ಖಾತೆ' }).click();
    await page.getByRole('menuitem', { name: 'ಲಾಗ್ ಔಟ್' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole('heading', { name: 'ಸೈನ್ ಇನ್ ಮಾಡಿ' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('ಇ-ಮೇಲ್ ವಿಳಾಸ').fill(email);
    await page.getByLabel('ಪಾಸ್‌ವರ್ಡ್', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'ಸೈನ್ ಇನ್ ಮಾಡಿ' }).click();
    await expect(await openSidebar(page, 'ಮೆನು', 'ಮುಖ್ಯ ನ್ಯಾವಿಗೇಶನ್')).toContainText('ವೈದ್ಯರು');
    await closeSidebar(page);

    // Another browser, which has never seen this person: the account's language follows them.
    const other = await browser.newContext({ baseURL, viewport });
    try {
      const otherPage = await other.newPage();
      await signIn(otherPage, email, password);
      await expect(await openSidebar(otherPage, 'ಮೆನು', 'ಮುಖ್ಯ ನ್ಯಾವಿಗೇಶನ್')).toContainText('ವೈದ್ಯರು');
      await expect(otherPage.locator('html')).toHaveAttribute('lang', 'kn');
    } finally {
      await other.close();
    }
  });
}
