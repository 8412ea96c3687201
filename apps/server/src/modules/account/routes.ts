import { accountSchema, accountSessionsSchema, accountUpdateSchema, idParamsSchema, passwordChangeSchema, sessionUserSchema } from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { openToDoctorAccounts, staffOf } from '../../lib/auth.js';
import { announceAccountChanged, announceSessionsEnded, createSessionUsers } from '../auth/index.js';
import { changePassword, getAccount, updateAccount } from './service.js';
import { endAccountSession, listAccountSessions } from './sessions.js';

const tags = ['account'];
const security = [{ bearerAuth: [] }];

/** My account: every role, only ever the caller's own row and sessions. */
export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    openToDoctorAccounts(app);
    const preHandler = ctx.authenticate;
    app.get('/account', { preHandler, schema: { tags, security, summary: 'The signed-in person', response: { 200: accountSchema } } }, (request) =>
      getAccount(ctx.db, staffOf(request)),
    );
    app.patch(
      '/account',
      {
        preHandler,
        config: { audit: { entity: 'account', action: 'update' } },
        schema: { tags, security, summary: 'Change own name, phone, avatar or console language', body: accountUpdateSchema, response: { 200: accountSchema } },
      },
      async (request) => {
        const caller = staffOf(request);
        const account = await updateAccount(ctx.db, caller, request.body);
        await announceAccountChanged(ctx.events, caller.organisationId, caller.id);
        return account;
      },
    );
    // 'create' as recorded when the trail classified a POST by its URL; 'update' would be truer.
    app.post(
      '/account/password',
      {
        preHandler,
        config: { audit: { entity: 'account', action: 'create' } },
        schema: {
          tags,
          security,
          summary: 'Change own password; answers the account (passwordChangeRequired cleared)',
          body: passwordChangeSchema,
          response: { 200: accountSchema },
        },
      },
      async (request) => {
        const caller = staffOf(request);
        await changePassword(ctx, caller, request.body);
        if (request.body.signOutOtherSessions) await announceSessionsEnded(ctx.events, caller.organisationId, caller.id);
        return getAccount(ctx.db, caller);
      },
    );
    app.get('/account/sessions', { preHandler, schema: { tags, security, summary: 'Signed-in browsers of this account', response: { 200: accountSessionsSchema } } }, (request) =>
      listAccountSessions(ctx.db, staffOf(request)),
    );
    app.delete(
      '/account/sessions/:id',
      {
        preHandler,
        config: { audit: { entity: 'account', action: 'delete', idParam: 'id' } },
        schema: { tags, security, summary: 'End one session (the current one signs this browser out)', params: idParamsSchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        const caller = staffOf(request);
        await endAccountSession(ctx.db, caller, request.params.id);
        await announceSessionsEnded(ctx.events, caller.organisationId, caller.id);
        return reply.status(204).send(null);
      },
    );
  };
}

/**
 * GET /me, the session user the console loads at start and shows in its header. It is the
 * caller's own account, so it lives here, but stays its own plugin under the auth tag: app.ts
 * registers it right after the auth routes, where the OpenAPI document has always listed it.
 */
export function meRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    openToDoctorAccounts(app);
    const sessionUsers = createSessionUsers(ctx.db, ctx.events);
    app.get(
      '/me',
      { preHandler: ctx.authenticate, schema: { tags: ['auth'], summary: 'The signed-in staff member', security, response: { 200: sessionUserSchema } } },
      (request) => {
        const caller = staffOf(request);
        return sessionUsers.get(caller.id, caller.organisationId);
      },
    );
  };
}
