import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, TooManyRequestsError, errorBody } from './errors.js';

const GENERIC_500 = 'Something went wrong. Please try again.';

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'code' in error && typeof (error as FastifyError).code === 'string';
}

/** JSON-pointer-ish "/items/0/name" -> "items.0.name"; the whole object -> its context ("body"). */
function issuePath(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || context || '';
}

/**
 * The one place errors become replies: design.md §6 shape, no stacks, no 500 for bad input.
 * 5xx are logged with the error; 4xx are logged by the request log line only.
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
    if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? 'The request body is not valid JSON' : error.message;
      return reply.status(error.statusCode).send(errorBody(error.statusCode, message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody(500, GENERIC_500));
  });
}

/** The 404 of design.md §6 for a path no route serves (the web console module decides which). */
export function notFoundBody(method: string, url: string) {
  return errorBody(404, `No route ${method} ${url.split('?')[0] ?? ''}`);
}
