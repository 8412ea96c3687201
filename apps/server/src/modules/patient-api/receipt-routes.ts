import { billingPdfQuerySchema, idParamsSchema, paginatedSchema, patientReceiptListQuerySchema, patientReceiptSchema, type PatientReceiptKind } from '@caredesk/shared';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { patientOf } from '../../lib/patient-auth.js';
import { auditPatientAppList, auditPatientAppWrite } from '../audit/index.js';
import { creditNoteDocument, receiptDocument, sendBillingPdf } from '../billing/index.js';
import { ownMoneyDocument, ownReceipts } from './receipts.js';

const tags = ['patient'];
const security = [{ bearerAuth: [] }];

/**
 * /api/patient/receipts and the PDFs of its entries: the money the account's patients paid at the
 * desk (or online) and got back. Unlike its visits, a receipt names what was billed and paid, so
 * each read is in the organisation's audit trail, as the desk's reads of a bill are.
 */
export function ownReceiptRoutes(ctx: AppContext, authenticate: preHandlerAsyncHookHandler): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = { preHandler: authenticate };
    app.get(
      '/patient/receipts',
      {
        ...signedIn,
        config: { audit: { entity: 'billing', action: 'list', actor: 'patient-app', recordFrom: 'handler' } },
        schema: {
          tags,
          security,
          summary: 'The account’s receipts and credit notes in every organisation, newest first',
          querystring: patientReceiptListQuerySchema,
          response: { 200: paginatedSchema(patientReceiptSchema) },
        },
      },
      async (request) => {
        const { page, perOrganisation } = await ownReceipts(ctx.db, patientOf(request), request.query);
        auditPatientAppList(request, perOrganisation);
        return page;
      },
    );

    const pdfs: [PatientReceiptKind, string, string][] = [
      ['RECEIPT', '/patient/receipts/:id/receipt.pdf', 'One of the account’s receipts as PDF (?paper=a5|thermal)'],
      ['CREDIT_NOTE', '/patient/credit-notes/:id/credit-note.pdf', 'One of the account’s credit notes as PDF (?paper=a5|thermal)'],
    ];
    for (const [kind, url, summary] of pdfs) {
      app.get(
        url,
        {
          ...signedIn,
          config: { audit: { entity: 'billing', action: 'read', actor: 'patient-app', recordFrom: 'handler' } },
          schema: { tags, security, summary, params: idParamsSchema, querystring: billingPdfQuerySchema, produces: ['application/pdf'] },
        },
        async (request, reply) => {
          const { id } = request.params;
          const organisationId = await ownMoneyDocument(ctx.db, patientOf(request), kind, id);
          // In the language the app shows (its Accept-Language), as the rest of what it reads.
          const read = kind === 'RECEIPT' ? receiptDocument : creditNoteDocument;
          const document = await read(ctx.db, organisationId, id, request.language);
          auditPatientAppWrite(request, { organisationId, id });
          return sendBillingPdf(reply, document, request.query.paper);
        },
      );
    }
  };
}
