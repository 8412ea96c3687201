import { organisationProfileSchema } from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { requireArea, requireRole } from '../../lib/tenancy.js';
import { getOrganisationProfile } from './service.js';

export function settingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Organisation settings are ADMIN only even where a worker's menu shows Settings (scan, multi).
    app.get(
      '/settings/organisation',
      {
        preHandler: [ctx.authenticate, requireArea('settings'), requireRole('ADMIN')],
        schema: { tags: ['settings'], summary: 'The organisation profile', security: [{ bearerAuth: [] }], response: { 200: organisationProfileSchema } },
      },
      (request) => getOrganisationProfile(ctx.db, staffOf(request).organisationId),
    );
  };
}
