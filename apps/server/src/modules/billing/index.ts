/** Billing at the desk (design.md §10): bills, payments, credit notes, the day book. */
export { billingRoutes } from './routes.js';
export { billingPaymentLinkEvents, billingPaymentLinkRoutes } from './payment-link-routes.js';
export { moneyDocumentLink, moneyFacts, type MoneyDocumentKind } from './links.js';
export type { MoneyMoved } from './payments.js';
export { creditNoteDocument, receiptDocument } from './documents.js';
export { sendBillingPdf } from './pdf-routes.js';
