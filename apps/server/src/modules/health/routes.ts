import { healthSchema } from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/db-errors.js';

/**
 * GET /api/health: 200 when the database answers `select 1`, 503 when it does not, with the same
 * Retry-After as the data routes so a load balancer and the console back off alike.
 */
export function healthRoutes(ping: () => Promise<void>): FastifyPluginAsyncZod {
  const startedAt = Date.now();
  return async (app) => {
    app.get('/health', { schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: healthSchema, 503: healthSchema } } }, async (request, reply) => {
      const uptimeSeconds = Math.round((Date.now() - startedAt) / 1000);
      try {
        await ping();
        return { status: 'ok' as const, database: 'up' as const, uptimeSeconds };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database down');
        return reply.status(503).header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS)).send({ status: 'degraded', database: 'down', uptimeSeconds });
      }
    });
  };
}
