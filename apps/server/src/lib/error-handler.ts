import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailable } from './db-errors.js';
import { AppError, TooManyRequestsError, errorBody } from './errors.js';

const GENERIC_500 = 'Something went wrong. Please try again.';
export const DATABASE_UNAVAILABLE_MESSAGE = 'CareDesk cannot reach its database right now. Try again in a moment.';

/** Fastify's own errors and http-errors (from @fastify/send) carry a statusCode. */
function clientErrorStatus(error: unknown): number | undefined {
  const status = error instanceof Error ? (error as Partial<FastifyError>).statusCode : undefined;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/** JSON-pointer-ish "/items/0/name" -> "items.0.name"; the whole object -> its context ("body"). */
function issuePath(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || context || '';
}

/**
 * The one place errors become replies: design.md §6 shape, no stacks, no 500 for bad input, 503
 * with Retry-After while the database is unreachable (as /api/health answers then).
 * 5xx are logged with the error (logging.ts keeps only its class, codes and frames: never a
 * message, parameter or value); 4xx are logged by the request log line only.
 */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issuePath(issue.instancePath, error.validationContext),
        message: issue.message ?? 'Invalid value',
      }));
      const first = issues[0];
      const message = first ? `${first.path}: ${first.message}` : 'The request is not valid';
      return reply.status(400).send(errorBody(400, message, issues));
    }
    if (error instanceof TooManyRequestsError) {
      void reply.header('Retry-After', String(error.retryAfterSeconds));
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(error.toBody());
    }
    const status = clientErrorStatus(error);
    if (status !== undefined) {
      const code = (error as Partial<FastifyError>).code;
      // Also a body with a __proto__ or constructor.prototype key (secure-json-parse refuses it).
      const message = code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? 'The request body is not valid JSON' : (error as Error).message;
      // A body the content-type parser refused (not JSON, empty, too deep): the field at fault is the body.
      const issues = status === 400 && (code?.startsWith('FST_ERR_CTP_') || error instanceof SyntaxError) ? [{ path: 'body', message }] : undefined;
      return reply.status(status).send(errorBody(status, message, issues));
    }
    if (databaseUnavailable(error)) {
      request.log.warn({ err: error, route: request.routeOptions.url }, 'request failed: database unavailable');
      return reply.status(503).header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS)).send(errorBody(503, DATABASE_UNAVAILABLE_MESSAGE));
    }
    request.log.error({ err: error, route: request.routeOptions.url }, 'request failed');
    return reply.status(500).send(errorBody(500, GENERIC_500));
  });
}

/** The 404 of design.md §6 for a path no route serves (the web console module decides which). */
export function notFoundBody(method: string, url: string) {
  return errorBody(404, `No route ${method} ${url.split('?')[0] ?? ''}`);
}
