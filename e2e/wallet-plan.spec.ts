import { expect, pathOf, planChip, signInAs, test, type Page } from './support/fixtures.ts';

/** '₹2,450.00' -> 2450 */
function rupees(text: string | null): number {
  return Number((text ?? '').replace(/[^\d.]/g, ''));
}

/** The [r, g, b] of a CSS colour such as 'rgb(46, 125, 50)'. */
function rgb(colour: string): [number, number, number] {
  const [r = 0, g = 0, b = 0] = (colour.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return [r, g, b];
}

function walletButton(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: 'Wallet balance' });
}

async function openWallet(page: Page) {
  await walletButton(page).click();
  const popover = page.getByRole('dialog', { name: 'Wallet' });
  await expect(popover).toBeVisible();
  return popover;
}

/** Every wallet order the page asks the server for. */
function recordOrders(page: Page): string[] {
  const orders: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/wallet/order') orders.push(request.postData() ?? '');
  });
  return orders;
}

test.describe('the wallet popover', () => {
  test("is 250px wide with 'Wallet Balance', an amount of 100, +100 / +500 / +1000 and 'Recharge Wallet'", async ({ page }) => {
    await signInAs(page, 'admin@hospital.demo');
    // The button reads 'Wallet balance ₹…' to assistive technology and shows the amount.
    const balance = ((await walletButton(page).textContent()) ?? '').replace(/^Wallet balance\s*/, '');
    const popover = await openWallet(page);
    // Polled: the popover grows in from a smaller scale, then settles at its width.
    await expect.poll(async () => (await popover.boundingBox())?.width).toBe(250);
    await expect(popover.getByText('Wallet Balance', { exact: true })).toBeVisible();
    expect(balance).toMatch(/^₹[\d,]+\.\d{2}$/);
    await expect(popover.getByText(balance, { exact: true })).toBeVisible();
    const amount = popover.getByRole('spinbutton', { name: 'Amount' });
    await expect(amount).toHaveValue('100');
    await expect(amount).toHaveAttribute('min', '1');
    await expect(popover.getByRole('button')).toHaveText(['+100', '+500', '+1000', 'Recharge Wallet']);
    await expect(popover.getByRole('link', { name: 'View transactions' })).toHaveAttribute('href', '/wallet');
  });

  test('quick-add buttons add to the amount: 100 + 500 + 1000 = 1600', async ({ page }) => {
    await signInAs(page, 'admin@hospital.demo');
    const popover = await openWallet(page);
    await popover.getByRole('button', { name: '+500' }).click();
    await popover.getByRole('button', { name: '+1000' }).click();
    await expect(popover.getByRole('spinbutton', { name: 'Amount' })).toHaveValue('1600');
    await popover.getByRole('button', { name: '+100', exact: true }).click();
    await expect(popover.getByRole('spinbutton', { name: 'Amount' })).toHaveValue('1700');
  });

  test("alerts 'Enter valid amount' and sends nothing for 0, a negative or an empty amount", async ({ page }) => {
    await signInAs(page, 'admin@hospital.demo');
    const orders = recordOrders(page);
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    const popover = await openWallet(page);
    const amount = popover.getByRole('spinbutton', { name: 'Amount' });
    for (const typed of ['0', '-50', '']) {
      await amount.fill(typed);
      await popover.getByRole('button', { name: 'Recharge Wallet' }).click();
    }
    await expect.poll(() => alerts).toEqual(['alert: Enter valid amount', 'alert: Enter valid amount', 'alert: Enter valid amount']);
    expect(orders).toEqual([]);
  });

  test('a full test-mode recharge credits the wallet, reloads the header balance and says so bottom left', async ({ page }) => {
    await signInAs(page, 'admin@hospital.demo');
    const before = rupees(await walletButton(page).textContent());
    const orders = recordOrders(page);
    const popover = await openWallet(page);
    await popover.getByRole('button', { name: '+500' }).click();
    await popover.getByRole('button', { name: 'Recharge Wallet' }).click();

    const checkout = page.getByRole('dialog', { name: /Wallet Recharge/ });
    await expect(checkout.getByText('Test mode', { exact: true })).toBeVisible();
    await expect(checkout.getByText('Add money to wallet')).toBeVisible();
    await checkout.getByRole('button', { name: 'Pay ₹600.00' }).click();

    const toast = page.getByText('Wallet recharged successfully!');
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    const viewport = page.viewportSize()!;
    // Bottom left, within the fixed sidebar's width: never over the header or the page's controls.
    expect(box.x).toBeLessThan(40);
    expect(box.x + box.width).toBeLessThanOrEqual(300);
    expect(box.y + box.height).toBeGreaterThan(viewport.height - 120);
    await expect(checkout).toBeHidden();
    expect(orders.map((body) => JSON.parse(body) as unknown)).toEqual([{ amount: 600 }]);
    await expect.poll(async () => rupees(await walletButton(page).textContent())).toBeCloseTo(before + 600, 2);
  });

  test("a declined test card ends in 'Recharge failed: Card declined (test card)' and credits nothing", async ({ page }) => {
    await signInAs(page, 'admin@multi.demo');
    const before = await walletButton(page).textContent();
    const popover = await openWallet(page);
    await popover.getByRole('button', { name: 'Recharge Wallet' }).click();
    await page
      .getByRole('dialog', { name: /Wallet Recharge/ })
      .getByRole('button', { name: 'Simulate failure' })
      .click();
    await expect(page.getByText('Recharge failed: Card declined (test card)')).toBeVisible();
    await page.reload();
    await expect(walletButton(page)).toHaveText(before ?? '');
  });

  test('a worker has the same popover and recharges like an admin (SPEC.md §6: role changes only the sidebar)', async ({ page }) => {
    await signInAs(page, 'worker@hospital.demo');
    const before = rupees(await walletButton(page).textContent());
    const popover = await openWallet(page);
    await expect(popover.getByText('Wallet Balance', { exact: true })).toBeVisible();
    await expect(popover.getByRole('spinbutton', { name: 'Amount' })).toHaveValue('100');
    for (const add of ['+100', '+500', '+1000']) await expect(popover.getByRole('button', { name: add, exact: true })).toBeVisible();
    await popover.getByRole('button', { name: '+100', exact: true }).click();
    await popover.getByRole('button', { name: 'Recharge Wallet' }).click();
    const checkout = page.getByRole('dialog', { name: /Wallet Recharge/ });
    await checkout.getByRole('button', { name: 'Pay ₹200.00' }).click();
    await expect(page.getByText('Wallet recharged successfully!')).toBeVisible();
    await expect.poll(async () => rupees(await walletButton(page).textContent())).toBeCloseTo(before + 200, 2);
  });
});

test.describe('the plan chip', () => {
  test('is green when the plan is active and opens /plan', async ({ page }) => {
    await signInAs(page, 'admin@hospital.demo');
    const chip = planChip(page);
    await expect(chip).toHaveText('Active');
    const [r, g, b] = rgb(await chip.locator('..').evaluate((element) => getComputedStyle(element).backgroundColor));
    expect(g).toBeGreaterThan(r);
    expect(g).toBeGreaterThan(b);
    await chip.click();
    await expect(page).toHaveURL((url) => url.pathname === '/plan');
    await expect(page.getByRole('heading', { name: 'Plan', level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText('Plan not Active.')).toHaveCount(0);
  });

  test("is red for a lapsed plan, and the plan page warns 'Plan not Active.' with a way to /plan", async ({ page }) => {
    await signInAs(page, 'admin@lapsed.demo');
    const chip = planChip(page);
    await expect(chip).toHaveText('In-Active');
    const [r, g, b] = rgb(await chip.locator('..').evaluate((element) => getComputedStyle(element).backgroundColor));
    expect(r).toBeGreaterThan(g);
    expect(r).toBeGreaterThan(b);
    // The lapsed clinic's wallet is under ₹100: its balance is red too.
    const [wr, wg, wb] = rgb(await walletButton(page).evaluate((element) => getComputedStyle(element).color));
    expect(wr).toBeGreaterThan(wg);
    expect(wr).toBeGreaterThan(wb);

    await chip.click();
    await expect(page).toHaveURL((url) => url.pathname === '/plan');
    const alert = page.getByRole('alert').filter({ hasText: 'Plan not Active.' });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('link', { name: 'View plan' })).toHaveAttribute('href', '/plan');
    await expect(page.getByRole('main').getByText(/^Ended on \d{2} \w{3} \d{4}$/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Plans on offer' })).toBeVisible();
    await expect(
      page
        .getByRole('main')
        .getByRole('button', { name: /^(Buy|Renew)$/ })
        .first(),
    ).toBeVisible();
  });
});

test.describe('the wallet page', () => {
  test('lists the ledger with filters and exports it as CSV', async ({ page }) => {
    await signInAs(page, 'admin@scan.demo', '/wallet');
    const table = page.getByRole('table', { name: 'Wallet transactions' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Credit' }).click();
    await expect(page).toHaveURL(/kind=CREDIT/);
    await expect(table.getByRole('cell', { name: 'Debit', exact: true })).toHaveCount(0);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
  });

  test('works on a 375px phone without scrolling sideways', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInAs(page, 'admin@scan.demo', '/wallet');
    await expect(page.getByRole('list', { name: 'Wallet transactions' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Recharge Wallet' })).toBeVisible();
    expect(await page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth)).toBeLessThanOrEqual(375);
    expect(pathOf(page)).toBe('/wallet');
  });
});
