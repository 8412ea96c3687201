import { billingPdfQuerySchema, idParamsSchema, idSchema } from '@caredesk/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { z } from 'zod';
import { checkMoneyDocumentLink, moneyFacts, type MoneyDocumentKind } from './links.js';
import { creditNoteDocument, invoiceDocument, receiptDocument } from './documents.js';
import { documentFileName, renderBillingPdf, type BillingDocument } from './pdf.js';

const tags = ['billing'];
const security = [{ bearerAuth: [] }];

/** Shown inline (a browser opens it to print); named by the document's number, never the patient. */
export async function sendBillingPdf(reply: FastifyReply, document: BillingDocument, paper: 'a5' | 'thermal', headers: Record<string, string> = {}): Promise<FastifyReply> {
  const bytes = await renderBillingPdf(document, paper);
  return reply
    .headers(headers)
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

    // The patient's link from the message about their payment or refund (links.ts): no sign-in,
    // the signature is the credential. The id alone, or a changed one, is 404 like no document.
    const signedQuery = billingPdfQuerySchema.extend({ expires: z.string().max(20).optional(), signature: z.string().max(100).optional() });
    const signed = (kind: MoneyDocumentKind, summary: string) => ({
      config: {
        audit: {
          notAudited: 'opened through the signed link sent to the patient: no one signed in to record, as with a report link (uploads/private)',
        },
      },
      schema: { tags, summary, params: z.object({ id: idSchema }), querystring: signedQuery, produces: ['application/pdf'] },
      handler: async (request: { params: { id: string }; query: z.infer<typeof signedQuery> }, reply: FastifyReply) => {
        const { id } = request.params;
        const check = await checkMoneyDocumentLink(ctx.db, kind, id, request.query.expires, request.query.signature);
        const notFound = kind === 'receipt' ? 'Receipt not found' : 'Credit note not found';
        if (check === 'invalid') throw new NotFoundError(notFound);
        if (check === 'expired') throw new ForbiddenError('Link expired');
        const facts = await moneyFacts(ctx.db, kind, id);
        if (!facts) throw new NotFoundError(notFound);
        const document = kind === 'receipt' ? await receiptDocument(ctx.db, facts.organisationId, id) : await creditNoteDocument(ctx.db, facts.organisationId, id);
        return sendBillingPdf(reply, document, request.query.paper, { 'Referrer-Policy': 'no-referrer' });
      },
    });
    app.get('/public/billing/receipts/:id/receipt.pdf', signed('receipt', "A receipt's PDF through the signed link in the patient's message"));
    app.get('/public/billing/credit-notes/:id/credit-note.pdf', signed('credit-note', "A credit note's PDF through the signed link in the patient's message"));
  };
}
