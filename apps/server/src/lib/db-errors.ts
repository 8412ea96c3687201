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
