import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { keepPatientSession, patientSession, signInStaff } from './support/patient-app.ts';

/**
 * The desk takes a walk-in's payment at the demo hospital (the staff API), and the patient finds
 * its receipt in the app and saves the PDF. Each viewport has a phone of its own.
 */
async function deskPayment(request: APIRequestContext, phone: string) {
  const staff = await signInStaff(request, 'worker@hospital.demo');
  const patient = await request.post('/api/patients', { headers: staff, data: { name: 'Farida Khan', phone, gender: 'FEMALE' } });
  expect(patient.status(), await patient.text()).toBe(201);
  const services = (await (await request.get('/api/services?pageSize=1', { headers: staff })).json()) as { data: { id: string }[] };
  const bill = await request.post('/api/billing/bills', {
    headers: staff,
    data: { patientId: ((await patient.json()) as { id: string }).id, items: [{ serviceId: services.data[0]!.id, quantity: 1 }] },
  });
  expect(bill.status(), await bill.text()).toBe(201);
  const { id, totalPaise } = (await bill.json()) as { id: string; totalPaise: number };
  expect(totalPaise).toBeGreaterThan(0);
  const paid = await request.post(`/api/billing/bills/${id}/payments`, { headers: staff, data: { mode: 'CASH', amountPaise: totalPaise } });
  expect(paid.status(), await paid.text()).toBe(201);
  return (await paid.json()) as { receiptNumber: string };
}

for (const [width, height, prefix] of [
  [375, 812, '94'],
  [1440, 900, '95'],
] as const) {
  test(`a desk payment's receipt reaches the patient app, and its PDF downloads (${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height });
    const phone = `+91${prefix}${String(Date.now()).slice(-8)}`;
    const { receiptNumber } = await deskPayment(request, phone);
    await keepPatientSession(page, await patientSession(request, phone));

    await page.goto('/p/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Receipts' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My receipts' })).toBeVisible();
    const receipt = page.getByRole('article', { name: receiptNumber });
    await expect(receipt).toContainText('Receipt');
    await expect(receipt).toContainText('Paid byCash');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    const [download, response] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForResponse((candidate) => /\/api\/patient\/receipts\/[^/]+\/receipt\.pdf$/.test(candidate.url())),
      receipt.getByRole('button', { name: `Download PDF of receipt ${receiptNumber}` }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(download.suggestedFilename()).toBe(`receipt-${receiptNumber.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
    await expect(receipt.getByRole('alert')).toHaveCount(0);
  });
}
