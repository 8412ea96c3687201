import { logoutRequestSchema, refreshRequestSchema, refreshResponseSchema, signInRequestSchema, signInResponseSchema } from '@caredesk/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { signIn } from './service.js';
import { announceSessionsEnded, endSession, rotateSession, type ClientInfo } from './sessions.js';

function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/admin/auth',
      {
        config: { audit: { entity: 'auth', action: 'sign-in' } },
        schema: { tags: ['auth'], summary: 'Staff sign-in with e-mail and password', body: signInRequestSchema, response: { 200: signInResponseSchema } },
      },
      (request) => signIn(ctx, request.body, clientOf(request)),
    );

    app.post(
      '/auth/refresh-token',
      {
        config: { audit: { notAudited: 'the session goes on: its sign-in is recorded, and the new access token changes nothing' } },
        schema: { tags: ['auth'], summary: 'Rotate a refresh token', body: refreshRequestSchema, response: { 200: refreshResponseSchema } },
      },
      (request) => rotateSession(ctx.db, ctx.events, ctx.jwtKey, request.body.refresh_token, clientOf(request), { accessTokenTtlSeconds: ctx.config.ACCESS_TOKEN_TTL_SECONDS }),
    );

    app.post(
      '/auth/logout',
      {
        preHandler: ctx.authenticate,
        config: { audit: { entity: 'auth', action: 'sign-out' } },
        schema: { tags: ['auth'], summary: 'End the session', security: [{ bearerAuth: [] }], body: logoutRequestSchema.nullish(), response: { 204: z.null() } },
      },
      async (request, reply) => {
        const caller = staffOf(request);
        await endSession(ctx.db, caller.id, caller.sessionFamilyId, request.body?.refresh_token);
        await announceSessionsEnded(ctx.events, caller.organisationId, caller.id);
        return reply.status(204).send(null);
      },
    );
  };
}
