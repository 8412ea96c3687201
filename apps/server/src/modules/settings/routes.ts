import { onlineBookingSettingsSchema, onlineBookingUpdateSchema, organisationProfileSchema, organisationUpdateSchema } from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { requireArea, requireRole } from '../../lib/tenancy.js';
import { announceAccountChanged } from '../auth/index.js';
import { getOnlineBookingSettings, updateOnlineBookingSettings } from './online-booking.js';
import { getOrganisationProfile, updateOrganisationProfile } from './service.js';

const tags = ['settings'];
const security = [{ bearerAuth: [] }];

export function settingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Organisation settings are ADMIN only even where a worker's menu shows Settings (scan, multi).
    const adminOnly = [ctx.authenticate, requireArea('settings'), requireRole('ADMIN')];
    app.get(
      '/settings/organisation',
      { preHandler: adminOnly, schema: { tags, summary: 'The organisation profile', security, response: { 200: organisationProfileSchema } } },
      (request) => getOrganisationProfile(ctx.db, staffOf(request).organisationId),
    );
    app.patch(
      '/settings/organisation',
      {
        preHandler: adminOnly,
        config: { audit: { entity: 'settings', action: 'update' } },
        schema: { tags, summary: 'Change the organisation profile (only the fields sent)', security, body: organisationUpdateSchema, response: { 200: organisationProfileSchema } },
      },
      async (request) => {
        const { organisationId } = staffOf(request);
        const profile = await updateOrganisationProfile(ctx.db, organisationId, request.body);
        await announceAccountChanged(ctx.events, organisationId);
        return profile;
      },
    );
    app.get(
      '/settings/online-booking',
      {
        preHandler: adminOnly,
        schema: { tags, summary: 'Online booking: on or off, how far ahead, the cut-off, and who takes it', security, response: { 200: onlineBookingSettingsSchema } },
      },
      (request) => getOnlineBookingSettings(ctx.db, staffOf(request).organisationId),
    );
    app.patch(
      '/settings/online-booking',
      {
        preHandler: adminOnly,
        config: { audit: { entity: 'settings', action: 'update' } },
        schema: {
          tags,
          summary: 'Change online booking (only the fields sent; doctors and scans/tests by id)',
          security,
          body: onlineBookingUpdateSchema,
          response: { 200: onlineBookingSettingsSchema },
        },
      },
      (request) => updateOnlineBookingSettings(ctx.db, staffOf(request).organisationId, request.body),
    );
  };
}
