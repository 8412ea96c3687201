import { expect, signInAs, test, type Page } from './support/fixtures.ts';

// A multi-hospital organisation: several facilities, each with its own prefixes. The hospital's
// fees are left alone for billing.spec.ts, which charges the demo hospital's registration fee.
const ADMIN = 'admin@multi.demo';

interface FacilityBilling {
  facilityId: string;
  facilityName: string;
  receiptPrefix: string;
  gstin: string | null;
}

async function facilitiesOf(page: Page): Promise<FacilityBilling[]> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await page.request.get('/api/billing/facilities', { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: FacilityBilling[] }).data;
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an admin opens Settings → Billing from the hub, changes a follow-up window, and a prefix another facility uses is refused under its field', async ({ page }) => {
  await signInAs(page, ADMIN, '/settings');
  await page.getByRole('link', { name: /^Billing/ }).click();
  await expect(page).toHaveURL(/\/settings\/billing$/);
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);

  const free = page.getByRole('spinbutton', { name: 'Free follow-up window' });
  const before = await free.inputValue();
  await free.fill('400');
  await page.getByRole('button', { name: 'Save fees and taxes' }).click();
  await expect(page.getByText('Enter at most 365 days')).toBeVisible();
  const next = before === '5' ? '6' : '5';
  await free.fill(next);
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/billing/settings') && response.request().method() === 'PATCH');
  await page.getByRole('button', { name: 'Save fees and taxes' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Fees and taxes saved')).toBeVisible();
  await page.reload();
  await expect(free).toHaveValue(next);

  const [first, second] = await facilitiesOf(page);
  expect(second, 'the demo multi-hospital has two facilities or more').toBeDefined();
  const section = page.getByRole('region', { name: first!.facilityName, exact: true });
  const receipt = section.getByRole('textbox', { name: 'Receipt prefix' });
  await receipt.fill(second!.receiptPrefix);
  await section.getByRole('button', { name: 'Save facility' }).click();
  await expect(section.getByText('Another facility uses this prefix')).toBeVisible();
  await expect(receipt).toHaveAttribute('aria-invalid', 'true');
  await page.reload();
  await expect(receipt).toHaveValue(first!.receiptPrefix);
});

test.describe('Settings → Billing on a 375px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("an admin sets a facility's GSTIN, a malformed one is refused, and the page never scrolls sideways", async ({ page }) => {
    await signInAs(page, ADMIN, '/settings/billing');
    await expect(page.getByRole('heading', { name: 'Fees', level: 2 })).toBeVisible();
    await expectNoSidewaysScroll(page);

    const [, second] = await facilitiesOf(page);
    const section = page.getByRole('region', { name: second!.facilityName, exact: true });
    const gstin = section.getByRole('textbox', { name: 'GSTIN' });
    await gstin.fill('29ABCDE');
    await section.getByRole('button', { name: 'Save facility' }).click();
    await expect(section.getByText('Enter a valid 15-character GSTIN')).toBeVisible();

    await gstin.fill('29abcde1234f1z5');
    const saved = page.waitForResponse((response) => response.url().endsWith(`/api/billing/facilities/${second!.facilityId}`));
    await section.getByRole('button', { name: 'Save facility' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText(`${second!.facilityName} saved`)).toBeVisible();
    await page.reload();
    await expect(gstin).toHaveValue('29ABCDE1234F1Z5');
    await expect(section.getByText(new RegExp(`^e\\.g\\. ${second!.receiptPrefix}/\\d{4}-\\d{2}/000123$`))).toBeVisible();
    await expectNoSidewaysScroll(page);

    // Leave the demo facility as it was for the other specs.
    await gstin.fill(second!.gstin ?? '');
    await section.getByRole('button', { name: 'Save facility' }).click();
    await expect(page.getByText(`${second!.facilityName} saved`).first()).toBeVisible();
  });
});
