import type { BillingExportQuery, PaymentMode } from '@caredesk/shared';
import { and, asc, between, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { billPayments, bills, creditNotes, patients, staff } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { inBatches, rupees, type CsvColumn } from '../../lib/csv.js';

/**
 * The accountant's exports (issue #19): bills, payments and refunds by business date, in the
 * columns a Tally voucher import takes. Amounts are rupees with two decimals; names go through
 * lib/csv.ts, which quotes a cell that a spreadsheet would run as a formula.
 */

/** '2026-11-25' → '25-11-2026', the date Tally reads. */
export function voucherDate(isoDate: string): string {
  return `${isoDate.slice(8, 10)}-${isoDate.slice(5, 7)}-${isoDate.slice(0, 4)}`;
}

/** The ledger a receipt is posted to: cash in hand, or the bank account each other mode settles into. */
export const LEDGER_OF: Record<PaymentMode, string> = {
  CASH: 'Cash',
  UPI: 'Bank (UPI)',
  CARD: 'Bank (Card)',
  ONLINE: 'Bank (Online)',
};

/** GST on an intra-state supply is half central, half state; an odd paisa goes to the state half. */
export function gstHalves(taxPaise: number): { cgst: number; sgst: number } {
  const cgst = Math.floor(taxPaise / 2);
  return { cgst, sgst: taxPaise - cgst };
}

function scope(caller: StaffContext, query: BillingExportQuery, columns: { organisationId: PgColumn; businessDate: PgColumn; facility: PgColumn }): SQL | undefined {
  return and(
    eq(columns.organisationId, caller.organisationId),
    between(columns.businessDate, query.from, query.to),
    query.facilityId ? eq(columns.facility, query.facilityId) : undefined,
  );
}

export interface BillExportRow {
  businessDate: string;
  number: string;
  patientName: string | null;
  uhid: string | null;
  facilityName: string | null;
  gstin: string | null;
  subtotalPaise: number;
  discountPaise: number;
  discountReason: string | null;
  taxPaise: number;
  totalPaise: number;
  paidPaise: number;
  refundedPaise: number;
}

export async function* exportBills(db: Db, caller: StaffContext, query: BillingExportQuery): AsyncGenerator<BillExportRow[]> {
  const where = scope(caller, query, { organisationId: bills.organisationId, businessDate: bills.businessDate, facility: bills.facilityId });
  yield* inBatches((offset, limit) =>
    db
      .select({
        businessDate: bills.businessDate,
        number: bills.number,
        patientName: patients.name,
        uhid: patients.uhid,
        facilityName: bills.facilityName,
        gstin: bills.gstin,
        subtotalPaise: bills.subtotalPaise,
        discountPaise: bills.discountPaise,
        discountReason: bills.discountReason,
        taxPaise: bills.taxPaise,
        totalPaise: bills.totalPaise,
        paidPaise: bills.paidPaise,
        refundedPaise: bills.refundedPaise,
      })
      .from(bills)
      .leftJoin(patients, eq(patients.id, bills.patientId))
      .where(where)
      .orderBy(asc(bills.businessDate), asc(bills.number), asc(bills.id))
      .limit(limit)
      .offset(offset),
  );
}

export const billCsvColumns: CsvColumn<BillExportRow>[] = [
  { header: 'Voucher Date', value: (b) => voucherDate(b.businessDate) },
  { header: 'Voucher Type', value: () => 'Sales' },
  { header: 'Voucher Number', value: (b) => b.number },
  { header: 'Party Name', value: (b) => b.patientName ?? 'Walk-in' },
  { header: 'UHID', value: (b) => b.uhid },
  { header: 'Facility', value: (b) => b.facilityName },
  { header: 'GSTIN', value: (b) => b.gstin },
  { header: 'Taxable Value', value: (b) => rupees(b.subtotalPaise - b.discountPaise) },
  { header: 'CGST', value: (b) => rupees(gstHalves(b.taxPaise).cgst) },
  { header: 'SGST', value: (b) => rupees(gstHalves(b.taxPaise).sgst) },
  { header: 'Discount', value: (b) => rupees(b.discountPaise) },
  { header: 'Total', value: (b) => rupees(b.totalPaise) },
  { header: 'Paid', value: (b) => rupees(b.paidPaise) },
  { header: 'Due', value: (b) => rupees(b.totalPaise - b.paidPaise) },
  {
    header: 'Narration',
    value: (b) => [b.discountReason ? `Discount: ${b.discountReason}` : '', b.refundedPaise > 0 ? `Refunded ${rupees(b.refundedPaise)}` : ''].filter(Boolean).join('; '),
  },
];

export interface PaymentExportRow {
  businessDate: string;
  number: string;
  billNumber: string;
  patientName: string | null;
  mode: PaymentMode;
  amountPaise: number;
  reference: string | null;
  staffName: string | null;
}

export async function* exportPayments(db: Db, caller: StaffContext, query: BillingExportQuery): AsyncGenerator<PaymentExportRow[]> {
  // facility_key is the facility's id (the nil uuid only for an organisation without facilities).
  const where = scope(caller, query, { organisationId: billPayments.organisationId, businessDate: billPayments.businessDate, facility: billPayments.facilityKey });
  yield* inBatches((offset, limit) =>
    db
      .select({
        businessDate: billPayments.businessDate,
        number: billPayments.number,
        billNumber: bills.number,
        patientName: patients.name,
        mode: billPayments.mode,
        amountPaise: billPayments.amountPaise,
        reference: billPayments.reference,
        staffName: staff.name,
      })
      .from(billPayments)
      .innerJoin(bills, eq(bills.id, billPayments.billId))
      .leftJoin(patients, eq(patients.id, bills.patientId))
      .leftJoin(staff, eq(staff.id, billPayments.receivedBy))
      .where(where)
      .orderBy(asc(billPayments.businessDate), asc(billPayments.number), asc(billPayments.id))
      .limit(limit)
      .offset(offset),
  );
}

export const paymentCsvColumns: CsvColumn<PaymentExportRow>[] = [
  { header: 'Voucher Date', value: (p) => voucherDate(p.businessDate) },
  { header: 'Voucher Type', value: () => 'Receipt' },
  { header: 'Voucher Number', value: (p) => p.number },
  { header: 'Against Bill', value: (p) => p.billNumber },
  { header: 'Party Name', value: (p) => p.patientName ?? 'Walk-in' },
  { header: 'Mode', value: (p) => p.mode },
  { header: 'Ledger', value: (p) => LEDGER_OF[p.mode] },
  { header: 'Amount', value: (p) => rupees(p.amountPaise) },
  { header: 'Reference', value: (p) => p.reference },
  { header: 'Received By', value: (p) => p.staffName },
];

export interface RefundExportRow {
  businessDate: string;
  number: string;
  billNumber: string;
  patientName: string | null;
  mode: PaymentMode;
  amountPaise: number;
  reason: string;
  staffName: string | null;
}

export async function* exportRefunds(db: Db, caller: StaffContext, query: BillingExportQuery): AsyncGenerator<RefundExportRow[]> {
  const where = scope(caller, query, { organisationId: creditNotes.organisationId, businessDate: creditNotes.businessDate, facility: creditNotes.facilityKey });
  yield* inBatches((offset, limit) =>
    db
      .select({
        businessDate: creditNotes.businessDate,
        number: creditNotes.number,
        billNumber: bills.number,
        patientName: patients.name,
        mode: creditNotes.mode,
        amountPaise: creditNotes.amountPaise,
        reason: creditNotes.reason,
        staffName: staff.name,
      })
      .from(creditNotes)
      .innerJoin(bills, eq(bills.id, creditNotes.billId))
      .leftJoin(patients, eq(patients.id, bills.patientId))
      .leftJoin(staff, eq(staff.id, creditNotes.issuedBy))
      .where(where)
      .orderBy(asc(creditNotes.businessDate), asc(creditNotes.number), asc(creditNotes.id))
      .limit(limit)
      .offset(offset),
  );
}

export const refundCsvColumns: CsvColumn<RefundExportRow>[] = [
  { header: 'Voucher Date', value: (r) => voucherDate(r.businessDate) },
  { header: 'Voucher Type', value: () => 'Credit Note' },
  { header: 'Voucher Number', value: (r) => r.number },
  { header: 'Against Bill', value: (r) => r.billNumber },
  { header: 'Party Name', value: (r) => r.patientName ?? 'Walk-in' },
  { header: 'Mode', value: (r) => r.mode },
  { header: 'Ledger', value: (r) => LEDGER_OF[r.mode] },
  { header: 'Amount', value: (r) => rupees(r.amountPaise) },
  { header: 'Reason', value: (r) => r.reason },
  { header: 'Issued By', value: (r) => r.staffName },
];
