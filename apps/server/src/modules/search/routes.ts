import { searchQuerySchema, searchResponseSchema } from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { searchEverything } from './service.js';

export function searchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Any signed-in staff member; what each finds is limited by its menu inside the service.
    app.get(
      '/search',
      {
        preHandler: [ctx.authenticate],
        config: { audit: { entity: 'search', action: 'list', count: 'data', search: 'name', patientData: true } },
        schema: {
          tags: ['search'],
          summary: 'Header search: patients, doctors and services of the caller’s organisation that its menu shows',
          security: [{ bearerAuth: [] }],
          querystring: searchQuerySchema,
          response: { 200: searchResponseSchema },
        },
      },
      async (request) => ({ data: await searchEverything(ctx.db, staffOf(request), request.query) }),
    );
  };
}
