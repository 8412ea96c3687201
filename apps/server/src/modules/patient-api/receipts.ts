import type { PatientReceipt, PatientReceiptKind } from '@caredesk/shared';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { billItems, billPayments, bills, creditNotes, organisations, patients } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { offsetOf, pageOf } from '../../lib/list-query.js';
import { ownPatients, type PatientCaller } from '../../lib/patient-auth.js';

/** Money documents live in two tables of the same shape: a payment's receipt, a refund's credit note. */
const tableOf = (kind: PatientReceiptKind) => (kind === 'RECEIPT' ? billPayments : creditNotes);

/**
 * One kind's rows for the account: through its bill to a patient record carrying the account's
 * phone, as visits are (patient-auth.ts ownPatients). A walk-in bill without a patient is no one's.
 * Columns of the bill are aliased so that the union's output names are distinct.
 */
function ownDocuments(db: Db, caller: PatientCaller, kind: PatientReceiptKind) {
  const table = tableOf(kind);
  return db
    .select({
      kind: sql<PatientReceiptKind>`${kind}::text`.as('kind'),
      id: table.id,
      number: table.number,
      mode: table.mode,
      amountPaise: table.amountPaise,
      businessDate: table.businessDate,
      createdAt: table.createdAt,
      billId: sql<string>`${bills.id}`.as('bill_id'),
      billNumber: sql<string>`${bills.number}`.as('bill_number'),
      facilityName: bills.facilityName,
      appointmentId: bills.appointmentId,
      bookingId: bills.bookingId,
      organisationId: bills.organisationId,
      organisationName: sql<string>`${organisations.name}`.as('organisation_name'),
    })
    .from(table)
    .innerJoin(bills, eq(bills.id, table.billId))
    .innerJoin(patients, eq(patients.id, bills.patientId))
    .innerJoin(organisations, eq(organisations.id, bills.organisationId))
    .where(ownPatients(caller));
}

function countOwn(db: Db, caller: PatientCaller, kind: PatientReceiptKind) {
  const table = tableOf(kind);
  return db.select({ n: count() }).from(table).innerJoin(bills, eq(bills.id, table.billId)).innerJoin(patients, eq(patients.id, bills.patientId)).where(ownPatients(caller));
}

/** A page of the account's receipts, and how many of each organisation it holds (for the audit trail). */
export interface OwnReceiptsPage {
  page: { data: PatientReceipt[]; total: number; page: number; pageSize: number };
  perOrganisation: { organisationId: string; count: number }[];
}

/**
 * GET /api/patient/receipts: the account's receipts and credit notes in every organisation it is
 * a patient of, newest first (ties by id, so pages never overlap or skip).
 */
export async function ownReceipts(db: Db, caller: PatientCaller, query: { page: number; pageSize: number }): Promise<OwnReceiptsPage> {
  const [rows, receiptTotal, creditTotal] = await Promise.all([
    unionAll(ownDocuments(db, caller, 'RECEIPT'), ownDocuments(db, caller, 'CREDIT_NOTE'))
      .orderBy(desc(sql.identifier('created_at')), desc(sql.identifier('id')))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    countOwn(db, caller, 'RECEIPT'),
    countOwn(db, caller, 'CREDIT_NOTE'),
  ]);
  const billIds = [...new Set(rows.map((row) => row.billId))];
  const items =
    billIds.length === 0
      ? []
      : await db
          .select({ billId: billItems.billId, description: billItems.description })
          .from(billItems)
          .where(inArray(billItems.billId, billIds))
          .orderBy(asc(billItems.billId), asc(billItems.position));
  const itemsOf = new Map<string, string[]>();
  for (const item of items) itemsOf.set(item.billId, [...(itemsOf.get(item.billId) ?? []), item.description]);

  const perOrganisation = new Map<string, number>();
  for (const row of rows) perOrganisation.set(row.organisationId, (perOrganisation.get(row.organisationId) ?? 0) + 1);
  const data = rows.map((row): PatientReceipt => ({
    kind: row.kind,
    id: row.id,
    number: row.number,
    organisationId: row.organisationId,
    organisationName: row.organisationName,
    facilityName: row.facilityName,
    billNumber: row.billNumber,
    visit: row.appointmentId ? { kind: 'APPOINTMENT', id: row.appointmentId } : row.bookingId ? { kind: 'BOOKING', id: row.bookingId } : null,
    items: itemsOf.get(row.billId) ?? [],
    mode: row.mode,
    amountPaise: row.amountPaise,
    businessDate: row.businessDate,
    createdAt: new Date(row.createdAt).toISOString(),
  }));
  return {
    page: pageOf(query, data, (receiptTotal[0]?.n ?? 0) + (creditTotal[0]?.n ?? 0)),
    perOrganisation: [...perOrganisation].map(([organisationId, n]) => ({ organisationId, count: n })),
  };
}

/**
 * The organisation of one of the account's own receipts or credit notes, for its PDF. Another
 * account's, another kind's or an unknown id is "not found", never confirming that it exists.
 */
export async function ownMoneyDocument(db: Db, caller: PatientCaller, kind: PatientReceiptKind, id: string): Promise<string> {
  const table = tableOf(kind);
  const [row] = await db
    .select({ organisationId: table.organisationId })
    .from(table)
    .innerJoin(bills, and(eq(bills.id, table.billId), eq(bills.organisationId, table.organisationId)))
    .innerJoin(patients, eq(patients.id, bills.patientId))
    .where(and(eq(table.id, id), ownPatients(caller)));
  if (!row) throw new NotFoundError(kind === 'RECEIPT' ? 'Receipt not found' : 'Credit note not found');
  return row.organisationId;
}
