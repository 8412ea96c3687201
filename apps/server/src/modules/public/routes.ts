import { errorBodySchema, publicOrganisationSchema, publicSlugParamsSchema } from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { consume } from '../../lib/rate-limit.js';
import { createPublicCache } from './cache.js';
import { publicOrganisation, type PublicLookup } from './service.js';

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
  };
}
