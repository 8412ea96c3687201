/** Rows of a raw query (db.execute): node-postgres and PGlite both answer { rows }. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
