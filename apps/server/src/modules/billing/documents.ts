import type { Bill, Language } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { billPayments, creditNotes, facilities, organisations, patients } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { organisationLanguage } from '../../lib/organisation-language.js';
import { loadBill } from './bills.js';
import type { BillingDocument, BillingDocumentKind } from './pdf.js';

/**
 * What a receipt, invoice or credit note PDF shows, loaded within one organisation: another
 * organisation's id is 404 like one that does not exist (design.md §6).
 */

async function issuerOf(db: Db, organisationId: string, bill: Bill): Promise<{ issuer: BillingDocument['issuer']; timeZone: string }> {
  const [organisation] = await db
    .select({
      name: organisations.name,
      phone: organisations.phone,
      address: organisations.address,
      city: organisations.city,
      state: organisations.state,
      pincode: organisations.pincode,
      timeZone: organisations.timeZone,
    })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!organisation) throw new NotFoundError();
  const [facility] = bill.facilityId
    ? await db
        .select({ address: facilities.address, phone: facilities.phone })
        .from(facilities)
        .where(and(eq(facilities.id, bill.facilityId), eq(facilities.organisationId, organisationId)))
    : [];
  // A branch prints its own address; a single-site organisation prints its registered one.
  const organisationAddress = [organisation.address, organisation.city, [organisation.state, organisation.pincode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    timeZone: organisation.timeZone,
    issuer: {
      organisationName: organisation.name,
      facilityName: bill.facilityName,
      address: facility?.address || organisationAddress || null,
      phone: facility?.phone || organisation.phone || null,
      gstin: bill.gstin,
    },
  };
}

/** The language the patient reads: their record's, else the organisation's, as their messages are written. */
async function patientLanguage(db: Db, organisationId: string, patientId: string | null): Promise<Language> {
  if (patientId) {
    const [patient] = await db
      .select({ language: patients.messageLanguage })
      .from(patients)
      .where(and(eq(patients.id, patientId), eq(patients.organisationId, organisationId)));
    if (patient?.language) return patient.language;
  }
  return organisationLanguage(db, organisationId);
}

interface Context {
  issuer: BillingDocument['issuer'];
  timeZone: string;
  language: Language;
}

/** Who issues the bill and in which language its patient reads; `language` when the reader chose one (the patient app's). */
async function contextOf(db: Db, organisationId: string, bill: Bill, language?: Language): Promise<Context> {
  const [issuer, read] = await Promise.all([issuerOf(db, organisationId, bill), language ?? patientLanguage(db, organisationId, bill.patientId)]);
  return { ...issuer, language: read };
}

function documentOf(
  kind: BillingDocumentKind,
  bill: Bill,
  context: Context,
  entry: { number: string; date: string; at: Date | null; money: BillingDocument['money'] },
): BillingDocument {
  return {
    kind,
    ...entry,
    language: context.language,
    timeZone: context.timeZone,
    issuer: context.issuer,
    patient: { name: bill.patientName, uhid: bill.uhid },
    bill: {
      number: bill.number,
      items: bill.items,
      subtotalPaise: bill.subtotalPaise,
      discountPaise: bill.discountPaise,
      taxPaise: bill.taxPaise,
      totalPaise: bill.totalPaise,
      paidPaise: bill.paidPaise,
      refundedPaise: bill.refundedPaise,
    },
  };
}

export async function invoiceDocument(db: Db, organisationId: string, billId: string): Promise<BillingDocument> {
  const bill = await loadBill(db, organisationId, billId);
  return documentOf('INVOICE', bill, await contextOf(db, organisationId, bill), { number: bill.number, date: bill.businessDate, at: null, money: null });
}

/** The bill a payment or credit note belongs to, found within the organisation only. */
async function billIdOf(db: Db, organisationId: string, kind: 'RECEIPT' | 'CREDIT_NOTE', id: string): Promise<string> {
  const table = kind === 'RECEIPT' ? billPayments : creditNotes;
  const [row] = await db
    .select({ billId: table.billId })
    .from(table)
    .where(and(eq(table.id, id), eq(table.organisationId, organisationId)));
  if (!row) throw new NotFoundError(kind === 'RECEIPT' ? 'Receipt not found' : 'Credit note not found');
  return row.billId;
}

export async function receiptDocument(db: Db, organisationId: string, paymentId: string, language?: Language): Promise<BillingDocument> {
  const bill = await loadBill(db, organisationId, await billIdOf(db, organisationId, 'RECEIPT', paymentId));
  const payment = bill.payments.find((candidate) => candidate.id === paymentId)!;
  return documentOf('RECEIPT', bill, await contextOf(db, organisationId, bill, language), {
    number: payment.receiptNumber,
    date: payment.businessDate,
    at: new Date(payment.createdAt),
    money: { amountPaise: payment.amountPaise, mode: payment.mode, reference: payment.reference, reason: null },
  });
}

export async function creditNoteDocument(db: Db, organisationId: string, creditNoteId: string, language?: Language): Promise<BillingDocument> {
  const bill = await loadBill(db, organisationId, await billIdOf(db, organisationId, 'CREDIT_NOTE', creditNoteId));
  const note = bill.creditNotes.find((candidate) => candidate.id === creditNoteId)!;
  return documentOf('CREDIT_NOTE', bill, await contextOf(db, organisationId, bill, language), {
    number: note.number,
    date: note.businessDate,
    at: new Date(note.createdAt),
    money: { amountPaise: note.amountPaise, mode: note.mode, reference: null, reason: note.reason },
  });
}
