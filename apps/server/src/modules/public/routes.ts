import { errorBodySchema, publicOrganisationSchema, publicOwnerParamsSchema, publicSlugParamsSchema, slotsQuerySchema, slotsResponseSchema } from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { OnlineOwnerKind } from '../patient-api/index.js';
import { consume } from '../../lib/rate-limit.js';
import { createPublicCache } from './cache.js';
import { publicOrganisation, publicSlots, type PublicLookup } from './service.js';

const tags = ['public'];
const RATE_WINDOW_MS = 60_000;

export interface PublicRouteOptions {
  /** How long a page is kept in this process (tests turn it down to see changes at once). */
  cacheTtlMs?: number;
}

/**
 * /api/public/*: what anyone may read without signing in, for the patient app's organisation
 * page. No patient data (a test walks every route here); limited per client IP like the other
 * routes open to the internet.
 */
export function publicRoutes(ctx: AppContext, options: PublicRouteOptions = {}): FastifyPluginAsyncZod {
  return async (app) => {
    const cache = createPublicCache<PublicLookup>(options.cacheTtlMs);
    const limited = {
      preHandler: async (request: { ip: string }) => {
        await consume(ctx.rateLimitStore, [{ key: `public:ip:${request.ip}`, max: ctx.config.PUBLIC_RATE_LIMIT, windowMs: RATE_WINDOW_MS }]);
      },
    };

    app.get(
      '/public/organisations/:slug',
      {
        ...limited,
        schema: {
          tags,
          summary: 'An organisation’s public page: facilities, and the doctors and scans/tests that take online bookings (308 from a former slug)',
          params: publicSlugParamsSchema,
          response: { 200: publicOrganisationSchema, 308: z.null(), 404: errorBodySchema },
        },
      },
      async (request, reply) => {
        const { slug } = request.params;
        let found = cache.get(slug);
        if (!found) {
          found = await publicOrganisation(ctx.db, slug);
          cache.set(slug, found);
        }
        void reply.header('Cache-Control', 'public, max-age=60');
        if (found.kind === 'moved') return reply.redirect(`/api/public/organisations/${encodeURIComponent(found.slug)}`, 308);
        return found.page;
      },
    );
    // Not cached: a slot taken a second ago must not be offered (the page's next slot is a hint; these are the choice).
    const ownerRoutes: [OnlineOwnerKind, string, string][] = [
      ['doctor', 'doctors', 'A doctor’s free slots on a date that may be booked online (308 from a former slug)'],
      ['service', 'services', 'A scan’s or test’s free slots on a date that may be booked online (308 from a former slug)'],
    ];
    for (const [ownerKind, segment, summary] of ownerRoutes) {
      app.get(
        `/public/organisations/:slug/${segment}/:id/slots`,
        {
          ...limited,
          schema: {
            tags,
            summary,
            params: publicOwnerParamsSchema,
            querystring: slotsQuerySchema,
            response: { 200: slotsResponseSchema, 308: z.null(), 404: errorBodySchema },
          },
        },
        async (request, reply) => {
          const { slug, id } = request.params;
          const found = await publicSlots(ctx.db, slug, ownerKind, id, request.query.date);
          if (found.kind === 'moved') {
            const query = new URLSearchParams({ date: request.query.date });
            return reply.redirect(`/api/public/organisations/${encodeURIComponent(found.slug)}/${segment}/${id}/slots?${query.toString()}`, 308);
          }
          void reply.header('Cache-Control', 'no-store');
          return found.slots;
        },
      );
    }
  };
}
