import { walletSchema } from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { getWallet } from './service.js';

export function walletRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Reading the balance is open to all staff (design.md §4); recharging will be ADMIN only.
    app.get(
      '/wallet',
      { preHandler: ctx.authenticate, schema: { tags: ['wallet'], summary: 'Wallet balance in rupees', security: [{ bearerAuth: [] }], response: { 200: walletSchema } } },
      (request) => getWallet(ctx.db, staffOf(request).organisationId),
    );
  };
}
