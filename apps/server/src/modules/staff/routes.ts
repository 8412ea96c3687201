import {
  credentialSchema,
  idParamsSchema,
  invitationAcceptSchema,
  invitationParamsSchema,
  invitationSchema,
  signInResponseSchema,
  staffCreateSchema,
  staffCredentialResultSchema,
  staffListQuerySchema,
  staffListSchema,
  staffMemberSchema,
  staffUpdateSchema,
} from '@caredesk/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { requireArea, requireRole } from '../../lib/tenancy.js';
import { consoleOrigin } from './console-origin.js';
import { acceptInvitation, getInvitation, type InvitationDeps } from './invitations.js';
import { announceAccountChanged, announceSessionsEnded, clearSignInLimits, type ClientInfo } from '../auth/index.js';
import { createStaffMember, getStaffMember, listStaff, resetStaffCredential, updateStaffMember } from './service.js';

const tags = ['staff'];
const security = [{ bearerAuth: [] }];

function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

export function staffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Settings > Staff: administrators only, even where a worker's menu shows Settings.
    const preHandler = [ctx.authenticate, requireArea('settings'), requireRole('ADMIN')];

    app.get(
      '/staff',
      { preHandler, schema: { tags, security, summary: "The organisation's staff", querystring: staffListQuerySchema, response: { 200: staffListSchema } } },
      (request) => listStaff(ctx.db, staffOf(request), request.query),
    );
    app.get('/staff/:id', { preHandler, schema: { tags, security, summary: 'One staff member', params: idParamsSchema, response: { 200: staffMemberSchema } } }, (request) =>
      getStaffMember(ctx.db, staffOf(request), request.params.id),
    );
    app.post(
      '/staff',
      {
        preHandler,
        config: { audit: { entity: 'staff', action: 'create', createdIdFrom: 'reply.member.id' } },
        schema: {
          tags,
          security,
          summary: 'Add a staff member with a temporary password or an invitation link',
          body: staffCreateSchema,
          response: { 201: staffCredentialResultSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await createStaffMember(ctx.db, staffOf(request), request.body, consoleOrigin(request))),
    );
    app.patch(
      '/staff/:id',
      {
        preHandler,
        config: { audit: { entity: 'staff', action: 'update', idParam: 'id' } },
        schema: {
          tags,
          security,
          summary: 'Change name, phone, role or active (deactivating ends their sessions)',
          params: idParamsSchema,
          body: staffUpdateSchema,
          response: { 200: staffMemberSchema },
        },
      },
      async (request) => {
        const caller = staffOf(request);
        const member = await updateStaffMember(ctx.db, caller, request.params.id, request.body);
        // Open event sockets re-check at once: a deactivation ends them, a role or doctor change re-filters them.
        if (request.body.active === false || request.body.role !== undefined || request.body.doctorId !== undefined)
          await announceSessionsEnded(ctx.events, caller.organisationId, member.id);
        await announceAccountChanged(ctx.events, caller.organisationId, member.id);
        return member;
      },
    );
    app.post(
      '/staff/:id/reset-password',
      {
        preHandler,
        config: { audit: { entity: 'staff', action: 'update', idParam: 'id' } },
        schema: {
          tags,
          security,
          summary: 'A new temporary password or invitation link; ends their sessions and clears their sign-in limits',
          params: idParamsSchema,
          body: credentialSchema,
          response: { 200: staffCredentialResultSchema },
        },
      },
      async (request) => {
        const caller = staffOf(request);
        const result = await resetStaffCredential(ctx.db, caller, request.params.id, request.body, consoleOrigin(request));
        await announceSessionsEnded(ctx.events, caller.organisationId, result.member.id);
        // The administrator's reset path for someone slowed by failed sign-ins: the new password works at once.
        await clearSignInLimits(ctx.rateLimitStore, result.member.email);
        return result;
      },
    );

    // Public: the link itself is the credential.
    const invitations: InvitationDeps = {
      db: ctx.db,
      jwtKey: ctx.jwtKey,
      accessTokenTtlSeconds: ctx.config.ACCESS_TOKEN_TTL_SECONDS,
      rateLimitStore: ctx.rateLimitStore,
      limit: { max: ctx.config.SIGN_IN_IP_RATE_LIMIT, windowMs: ctx.config.SIGN_IN_RATE_WINDOW_SECONDS * 1000 },
    };
    app.get(
      '/invitations/:token',
      { schema: { tags, summary: 'Whom an invitation link is for', params: invitationParamsSchema, response: { 200: invitationSchema } } },
      (request) => getInvitation(invitations, request.params.token, clientOf(request)),
    );
    app.post(
      '/invitations/:token/accept',
      {
        config: { audit: { entity: 'auth', action: 'sign-in' } },
        schema: {
          tags,
          summary: 'Choose a password through an invitation link and sign in',
          params: invitationParamsSchema,
          body: invitationAcceptSchema,
          response: { 200: signInResponseSchema },
        },
      },
      (request) => acceptInvitation(invitations, request.params.token, request.body.password, clientOf(request)),
    );
  };
}
