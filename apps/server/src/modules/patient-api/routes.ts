import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';

export function patientApiRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
