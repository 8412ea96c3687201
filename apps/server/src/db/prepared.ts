import type { Db } from './client.js';

/**
 * A hot read's statement, built once per database handle instead of on every request. Drizzle
 * otherwise rebuilds the SQL text of each query from its builder every time (a sixth of the CPU
 * of GET /api/me under load); built once with sql.placeholder() for its values, the statement is
 * reused, and on PostgreSQL its name makes each pooled connection parse and plan it only once.
 * `build` calls `.prepare(name)`; the name must be unique in the app (PostgreSQL keys a
 * connection's prepared statements by it).
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
