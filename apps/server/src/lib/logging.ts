import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Honour a well-formed X-Request-Id from a proxy so one id follows a request end to end. */
export function genReqId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * pino options. Requests log method, path (never the query string: it can carry patient names
 * or phone numbers) and status; never headers or bodies, so no password, token or OTP reaches
 * the log. Redaction is a second line of defence should a header be logged explicitly.
 */
export function loggerOptions(config: Config): Exclude<FastifyServerOptions['logger'], boolean | FastifyBaseLogger | undefined> {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.refresh_token', '*.otp'],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; routeOptions?: { url?: string }; ip?: string }) => ({
        method: request.method,
        url: request.url.split('?')[0],
        route: request.routeOptions?.url,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
  };
}
