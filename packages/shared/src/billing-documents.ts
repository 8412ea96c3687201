import { z } from 'zod';
import { paymentModeSchema } from './billing.js';
import { idSchema } from './common.js';
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

/** One receipt or credit note in the patient app's list (GET /api/patient/receipts). */
export const patientReceiptSchema = z.object({
  kind: z.enum(['RECEIPT', 'CREDIT_NOTE']),
  id: idSchema,
  number: z.string(),
  organisationId: idSchema,
  organisationName: z.string(),
  facilityName: z.string().nullable(),
  billNumber: z.string(),
  /** The visit the bill belongs to, for its page; null for a walk-in purchase. */
  visitId: idSchema.nullable(),
  mode: paymentModeSchema,
  amountPaise: z.number().int(),
  businessDate: isoDateSchema,
  createdAt: z.iso.datetime(),
});
export type PatientReceipt = z.infer<typeof patientReceiptSchema>;
export const patientReceiptListSchema = z.object({ data: z.array(patientReceiptSchema) });
