import { billingPdfQuerySchema, idParamsSchema } from '@caredesk/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { creditNoteDocument, invoiceDocument, receiptDocument } from './documents.js';
import { documentFileName, renderBillingPdf, type BillingDocument } from './pdf.js';

const tags = ['billing'];
const security = [{ bearerAuth: [] }];

/** Shown inline (a browser opens it to print); named by the document's number, never the patient. */
export async function sendBillingPdf(reply: FastifyReply, document: BillingDocument, paper: 'a5' | 'thermal'): Promise<FastifyReply> {
  const bytes = await renderBillingPdf(document, paper);
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `inline; filename="${documentFileName(document)}"`)
    .header('Cache-Control', 'private, no-store')
    .send(bytes);
}

/** GET /api/billing/…/*.pdf: the console's receipt, invoice and credit note on A5 or an 80 mm roll. */
export function billingPdfRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Read like the bill itself: a PDF names the patient, so each is an audited read of patient data.
    const read = (summary: string) => ({
      preHandler: ctx.authenticate,
      config: { audit: { entity: 'billing', action: 'read', idParam: 'id', patientData: true } as const },
      schema: { tags, security, summary, params: idParamsSchema, querystring: billingPdfQuerySchema, produces: ['application/pdf'] },
    });
    app.get('/billing/payments/:id/receipt.pdf', read("A payment's receipt as PDF (?paper=a5|thermal)"), async (request, reply) =>
      sendBillingPdf(reply, await receiptDocument(ctx.db, staffOf(request).organisationId, request.params.id), request.query.paper),
    );
    app.get('/billing/bills/:id/invoice.pdf', read("A bill's invoice (or bill of supply) as PDF (?paper=a5|thermal)"), async (request, reply) =>
      sendBillingPdf(reply, await invoiceDocument(ctx.db, staffOf(request).organisationId, request.params.id), request.query.paper),
    );
    app.get('/billing/credit-notes/:id/credit-note.pdf', read("A refund's credit note as PDF (?paper=a5|thermal)"), async (request, reply) =>
      sendBillingPdf(reply, await creditNoteDocument(ctx.db, staffOf(request).organisationId, request.params.id), request.query.paper),
    );
  };
}
