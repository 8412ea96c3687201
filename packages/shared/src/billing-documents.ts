import { z } from 'zod';
import { paymentModeSchema } from './billing.js';
import { idSchema, paginationQuerySchema } from './common.js';
import { isoDateSchema } from './schedule.js';

/** Receipts, invoices and credit notes as PDF (design.md §10), for the console and the patient app. */

export const billingPapers = ['a5', 'thermal'] as const;
export type BillingPaper = (typeof billingPapers)[number];

/** ?paper=a5 (148 × 210 mm, the default) or thermal (an 80 mm roll). */
export const billingPdfQuerySchema = z.object({
  paper: z.enum(billingPapers, { error: 'Choose a paper: a5 or thermal' }).default('a5'),
});

/** Where the console gets each document's PDF, under /api (its HTTP client's base). */
export const billingPdfPaths = {
  receipt: (paymentId: string) => `/billing/payments/${encodeURIComponent(paymentId)}/receipt.pdf`,
  invoice: (billId: string) => `/billing/bills/${encodeURIComponent(billId)}/invoice.pdf`,
  creditNote: (creditNoteId: string) => `/billing/credit-notes/${encodeURIComponent(creditNoteId)}/credit-note.pdf`,
} as const;

export const patientReceiptKinds = ['RECEIPT', 'CREDIT_NOTE'] as const;
export type PatientReceiptKind = (typeof patientReceiptKinds)[number];

/**
 * One receipt or credit note in the patient app's list (GET /api/patient/receipts): the money
 * and what it was for, never the desk's notes (a refund's reason stays on the credit note's PDF).
 */
export const patientReceiptSchema = z.object({
  kind: z.enum(patientReceiptKinds),
  id: idSchema,
  number: z.string(),
  organisationId: idSchema,
  organisationName: z.string(),
  /** As printed on the bill when it was made. */
  facilityName: z.string().nullable(),
  billNumber: z.string(),
  /** The visit the bill belongs to; null for a walk-in purchase. */
  visit: z.object({ kind: z.enum(['APPOINTMENT', 'BOOKING']), id: idSchema }).nullable(),
  /** What it was for: the bill's items in order, as the receipt prints them. */
  items: z.array(z.string()),
  mode: paymentModeSchema,
  amountPaise: z.number().int(),
  /** The day it counts in, in the organisation's calendar. */
  businessDate: isoDateSchema,
  createdAt: z.iso.datetime(),
});
export type PatientReceipt = z.infer<typeof patientReceiptSchema>;
export const patientReceiptListQuerySchema = paginationQuerySchema;
export type PatientReceiptListQuery = z.input<typeof patientReceiptListQuerySchema>;
