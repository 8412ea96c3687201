import type { BillingSettings, FacilityBilling } from '@caredesk/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { createOrganisation, staffClients } from '../../test/fixtures.js';
import { auditEntriesOf } from '../audit/test-support.js';

// What Settings → Billing sends: every refusal names its field and changes nothing.
describe.each(drivers)('billing settings (%s)', (driver) => {
  const t = useTestApp(driver);

  it('lets an admin change fees and taxes, refuses bad values by field, and keeps each change in the audit trail', async () => {
    const org = await createOrganisation(t.database.db);
    const { admin, worker } = await staffClients(t.app, org);
    const change = { registrationFeePaise: 15_050, followUpFeePaise: 30_000, followUpDays: 30, freeFollowUpDays: 7, registrationGstRateBp: 1800, workerDiscountLimitPercent: 15 };
    const saved = await admin.patch('/api/billing/settings', change);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<BillingSettings>()).toMatchObject(change);

    const refusals: [Record<string, unknown>, string, string][] = [
      [{ registrationFeePaise: 10_000_001 }, 'registrationFeePaise', 'Enter a fee of at most ₹1,00,000'],
      [{ followUpFeePaise: -1 }, 'followUpFeePaise', 'Enter a fee of ₹0 or more'],
      [{ freeFollowUpDays: 400 }, 'freeFollowUpDays', 'Enter at most 365 days'],
      [{ followUpDays: 1.5 }, 'followUpDays', 'Enter whole days'],
      [{ workerDiscountLimitPercent: 101 }, 'workerDiscountLimitPercent', 'Enter at most 100 %'],
      [{ consultationSac: '12' }, 'consultationSac', 'A SAC/HSN code is 4 to 8 digits'],
      [{ consultationGstRateBp: 1700 }, 'consultationGstRateBp', 'Choose a GST rate: 0, 5, 12, 18 or 28 %'],
      [{ registrationFeePaise: 'a lot' }, 'registrationFeePaise', 'Enter a fee in paise'],
    ];
    for (const [body, path, message] of refusals) {
      const response = await admin.patch('/api/billing/settings', { workerDiscountLimitPercent: 50, ...body });
      expect(response.json(), JSON.stringify(body)).toMatchObject({ statusCode: 400, issues: [{ path, message }] });
    }
    expect((await worker.patch('/api/billing/settings', { workerDiscountLimitPercent: 100 })).statusCode).toBe(403);
    // Workers bill with the fees, so they read them.
    expect((await worker.get('/api/billing/settings')).json<BillingSettings>()).toMatchObject(change);

    const updates = (await auditEntriesOf(t.database.db, org.id)).filter((entry) => entry.route === 'PATCH /api/billing/settings' && entry.statusCode === 200);
    expect(updates.map((entry) => [entry.entity, entry.action])).toEqual([['billing', 'update']]);
  });

  it("sets a facility's GSTIN, prefixes and fees; refuses a bad GSTIN or prefix by field; another organisation's facility is not found", async () => {
    const org = await createOrganisation(t.database.db);
    const other = await createOrganisation(t.database.db);
    const { admin, worker } = await staffClients(t.app, org);
    const { admin: otherAdmin } = await staffClients(t.app, other);
    const [facility] = (await admin.get('/api/billing/facilities')).json<{ data: FacilityBilling[] }>().data;
    const url = `/api/billing/facilities/${facility!.facilityId}`;

    const saved = await admin.patch(url, { gstin: '29abcde1234f1z5', receiptPrefix: 'jnr', followUpFeePaise: 25_000, registrationFeePaise: null });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<FacilityBilling>()).toMatchObject({ gstin: '29ABCDE1234F1Z5', receiptPrefix: 'JNR', followUpFeePaise: 25_000, registrationFeePaise: null });

    const badGstin = await admin.patch(url, { gstin: '29ABCDE' });
    expect(badGstin.json()).toMatchObject({ statusCode: 400, issues: [{ path: 'gstin', message: 'Enter a valid 15-character GSTIN' }] });
    const badFee = await admin.patch(url, { registrationFeePaise: 10_000_001 });
    expect(badFee.json()).toMatchObject({ statusCode: 400, issues: [{ path: 'registrationFeePaise', message: 'Enter a fee of at most ₹1,00,000' }] });
    const samePrefix = await admin.patch(url, { invoicePrefix: 'JNR' });
    expect(samePrefix.json()).toMatchObject({ statusCode: 409, issues: [{ path: 'creditNotePrefix' }] });
    expect((await admin.get('/api/billing/facilities')).json<{ data: FacilityBilling[] }>().data[0]).toMatchObject({ gstin: '29ABCDE1234F1Z5', receiptPrefix: 'JNR' });

    expect((await worker.patch(url, { gstin: null })).statusCode).toBe(403);
    expect((await otherAdmin.patch(url, { gstin: null })).statusCode).toBe(404);
    expect((await otherAdmin.get('/api/billing/facilities')).json<{ data: FacilityBilling[] }>().data.map((row) => row.facilityId)).not.toContain(facility!.facilityId);
    const entries = (await auditEntriesOf(t.database.db, org.id)).filter((entry) => entry.route === 'PATCH /api/billing/facilities/:id' && entry.statusCode === 200);
    expect(entries.map((entry) => [entry.action, entry.entityId])).toEqual([['update', facility!.facilityId]]);
  });
});
