import jsQR from 'jsqr';
import pngjs from 'pngjs';
import { uniqueSuffix } from './support/files.ts';
import { expect, signInAs, test, type Page } from './support/fixtures.ts';
import { seriousViolations } from './support/axe.ts';

// Settings > Online booking belongs to a clinic no other spec edits (the lapsed one): this spec
// changes its address and its doctors' switches. The poster reads the scan centre's, which nobody changes.
const CLINIC_ADMIN = 'admin@lapsed.demo';
const SCAN_ADMIN = 'admin@scan.demo';
const SCAN_SLUG = 'lotus-diagnostics';

function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth - window.innerWidth);
}

/** What a phone's camera would read: the code's pixels as the browser drew them, through a QR decoder. */
async function scanQrCode(page: Page): Promise<string | undefined> {
  const { PNG } = pngjs;
  const image = PNG.sync.read(await page.getByRole('img', { name: /^QR code/ }).screenshot());
  // jsqr is CommonJS whose function is also its own `default`: under Node's module rules the types see the module.
  return jsQR.default(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

test.describe('online booking on a 375px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('an admin changes the page address and a doctor’s switch, and both are kept after a reload', async ({ page, baseURL }) => {
    const slug = `shanti-clinic-${uniqueSuffix()}`;
    await signInAs(page, CLINIC_ADMIN, '/settings/online-booking');
    const address = page.getByRole('textbox', { name: 'Page address' });
    await address.fill(slug);
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Page address saved. The old address keeps working.')).toBeVisible();
    await expect(page.getByTestId('public-page-url')).toHaveText(`${baseURL}/p/${slug}`);

    const doctor = page.getByRole('switch', { name: 'Dr. Hetal Shah takes online bookings' });
    const wasOn = await doctor.isChecked();
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/settings/online-booking') && response.request().method() === 'PATCH');
    await doctor.click();
    expect((await saved).ok()).toBe(true);

    await page.reload();
    await expect(address).toHaveValue(slug);
    await expect(page.getByTestId('public-page-url')).toHaveText(`${baseURL}/p/${slug}`);
    if (wasOn) await expect(doctor).not.toBeChecked();
    else await expect(doctor).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Code for your website' })).toHaveValue(
      `<iframe src="${baseURL}/p/${slug}?embed=1" title="Book an appointment at Shanti Family Clinic" width="100%" height="720" style="border:0" loading="lazy"></iframe>`,
    );
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a worker reaches neither the settings page nor the poster', async ({ page }) => {
    await signInAs(page, 'worker@hospital.demo');
    for (const path of ['/settings/online-booking', '/settings/online-booking/poster']) {
      await page.goto(path);
      await expect(page).toHaveURL((url) => url.pathname === '/appointments');
    }
  });

  test('the poster’s QR code, as drawn, scans to the booking page', async ({ page, baseURL }) => {
    await signInAs(page, SCAN_ADMIN, '/settings/online-booking');
    await page.getByRole('link', { name: 'Print poster' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/settings/online-booking/poster');
    const url = `${baseURL}/p/${SCAN_SLUG}`;
    await expect(page.getByRole('heading', { level: 1, name: 'Lotus Diagnostics & Imaging' })).toBeVisible();
    await expect(page.getByText(url, { exact: true })).toBeVisible();
    await expect(page.getByText('Enter your phone number to confirm — no app to install')).toBeVisible();
    expect(await scanQrCode(page)).toBe(url);

    // Nothing of the console on the page, and the Print button stays off the paper.
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('img', { name: /^QR code/ })).toBeVisible();
    await page.emulateMedia({ media: 'screen' });

    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
