/**
 * The name of the unique index a statement violated (PostgreSQL error 23505), else undefined.
 * Drizzle wraps driver errors, so the cause chain is searched; pg and PGlite both expose
 * `code` and `constraint` on the database error.
 */
export function uniqueViolation(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return undefined;
}

// SQLSTATE classes and codes that mean "the database is not there right now", not "the
// statement is wrong": 08 connection exception, 57P01-57P03 shutdown / cannot connect now,
// 53300 too many connections.
const UNAVAILABLE_SQLSTATE = /^(?:08[0-9A-Z]{3}|57P0[1-3]|53300)$/;
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// node-postgres raises these without a code: a connection that dropped mid-query, a pool that
// could not connect in time, a client whose socket already failed, a pool being shut down.
const UNAVAILABLE_MESSAGE =
  /^(?:Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end|PGlite is closed)/;

/**
 * True when an error (or any of its causes: drizzle wraps driver errors) says the database is
 * unreachable, so the request can be answered 503 "try again" instead of 500, and a sign-in or a
 * token check never reads an outage as "your session has ended".
 */
export function databaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const { code, message, errors } = current as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    // A refused connection to a host with several addresses (127.0.0.1 and ::1) is an AggregateError.
    if (Array.isArray(errors) && errors.some((inner) => databaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** How long a client should wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
