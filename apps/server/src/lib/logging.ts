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

/** What a logged error may say about itself (design.md §10 Privacy). */
export type LoggedError = {
  /** The class, e.g. DrizzleQueryError. */
  type: string;
  /** Always WITHHELD: a message can quote the statement's values. */
  message: string;
  /** The classes of its causes, outermost first, e.g. ['DatabaseError']. */
  causes?: string[];
  /** A SQLSTATE (23505, 57P01), a Node errno (ECONNREFUSED) or a library code (FST_ERR_…). */
  code?: string;
  /** The database constraint a statement violated: a name from the schema, never a value. */
  constraint?: string;
  /** Code locations only (the first line of a stack repeats the message); '' when unknown. */
  stack: string;
};

// Codes are identifiers chosen by PostgreSQL, Node or a library, never by the data.
const SAFE_CODE = /^(?:[0-9A-Z]{5}|E[A-Z0-9_]{2,40}|(?:FST|ERR|UND)_[A-Z0-9_]{1,80})$/;
const SAFE_NAME = /^[A-Za-z_][A-Za-z0-9_$.-]{0,80}$/;
const STACK_FRAME = /^\s+at /;
export const WITHHELD = '(withheld: may carry patient data)';

function className(value: object): string {
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && SAFE_NAME.test(name) ? name : 'Error';
}

/**
 * The pino `err` serializer. An error's message and properties can carry patient data: drizzle's
 * "Failed query: … params: …" holds every value of the statement, and PostgreSQL's `detail`
 * ("Key (phone)=(+91…) already exists") a row's values. So a log keeps only the class of the
 * error and its causes, a code, a constraint name and the stack's frames; never a message.
 */
export function serializeError(error: unknown): LoggedError {
  if (typeof error !== 'object' || error === null) return { type: typeof error, message: WITHHELD, stack: '' };
  const logged: LoggedError = { type: className(error), message: WITHHELD, stack: '' };
  const causes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; typeof current === 'object' && current !== null && depth < 5; depth += 1) {
    if (depth > 0) causes.push(className(current));
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (logged.code === undefined && typeof code === 'string' && SAFE_CODE.test(code)) logged.code = code;
    if (logged.constraint === undefined && typeof constraint === 'string' && SAFE_NAME.test(constraint)) logged.constraint = constraint;
    current = (current as { cause?: unknown }).cause;
  }
  if (causes.length) logged.causes = causes;
  const stack = (error as { stack?: unknown }).stack;
  if (typeof stack === 'string') {
    logged.stack = stack
      .split('\n')
      .filter((line) => STACK_FRAME.test(line))
      .join('\n');
  }
  return logged;
}

/**
 * pino options. Requests log method, route template (never the URL: its query string can carry
 * patient names or phone numbers, and a path can carry an invitation token) and status; never
 * headers or bodies, so no password, token or OTP reaches the log; errors log through
 * serializeError. Redaction is a second line of defence should a header be logged explicitly.
 */
export function loggerOptions(config: Config): Exclude<FastifyServerOptions['logger'], boolean | FastifyBaseLogger | undefined> {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.refresh_token', '*.otp'],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; routeOptions?: { url?: string } }) => ({
        method: request.method,
        route: request.routeOptions?.url ?? '(no route)',
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: serializeError,
      error: serializeError,
    },
  };
}
