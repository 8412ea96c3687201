import {
  paginatedSchema,
  paymentOrderSchema,
  paymentVerifySchema,
  walletEntryListQuerySchema,
  walletEntrySchema,
  walletOrderRequestSchema,
  walletRechargeResponseSchema,
  walletSchema,
} from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { csvLines, sendCsv } from '../../lib/csv.js';
import { createWalletOrder, exportWalletEntries, getWallet, listWalletEntries, rechargeWallet, walletEntryCsvColumns } from './service.js';

const tags = ['wallet'];
const security = [{ bearerAuth: [] }];

export function walletRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The balance, the ledger and a recharge are open to all staff (design.md §4, SPEC.md §6: role
    // changes only the sidebar, and a recharge only adds money).
    const staffOnly = { preHandler: ctx.authenticate };

    app.get('/wallet', { ...staffOnly, schema: { tags, security, summary: 'Wallet balance in rupees', response: { 200: walletSchema } } }, (request) =>
      getWallet(ctx.db, staffOf(request).organisationId),
    );
    app.post(
      '/wallet/order',
      {
        ...staffOnly,
        config: { audit: { entity: 'wallet', action: 'create' } },
        schema: {
          tags,
          security,
          summary: 'Start a recharge: an order at the payment provider for { amount } rupees',
          body: walletOrderRequestSchema,
          response: { 200: paymentOrderSchema },
        },
      },
      (request) => createWalletOrder(ctx, staffOf(request), request.body),
    );
    app.post(
      '/wallet/recharge',
      {
        ...staffOnly,
        config: { audit: { entity: 'wallet', action: 'create' } },
        schema: {
          tags,
          security,
          summary: "Verify the checkout's payment and credit the order's amount (once per payment)",
          body: paymentVerifySchema,
          response: { 200: walletRechargeResponseSchema },
        },
      },
      (request) => rechargeWallet(ctx, staffOf(request), request.body),
    );
    app.get(
      '/wallet/entries',
      {
        ...staffOnly,
        schema: {
          tags,
          security,
          summary: 'The ledger: filter by kind and dates, sort, page',
          querystring: walletEntryListQuerySchema,
          response: { 200: paginatedSchema(walletEntrySchema) },
        },
      },
      (request) => listWalletEntries(ctx.db, staffOf(request), request.query),
    );
    app.get(
      '/wallet/entries/export.csv',
      {
        ...staffOnly,
        config: { audit: { entity: 'wallet', action: 'export' } },
        schema: { tags, security, summary: 'Every ledger entry the filters match, as CSV (UTF-8 with BOM)', querystring: walletEntryListQuerySchema },
      },
      (request, reply) => sendCsv(reply, 'wallet', csvLines(walletEntryCsvColumns, exportWalletEntries(ctx.db, staffOf(request), request.query))),
    );
  };
}
