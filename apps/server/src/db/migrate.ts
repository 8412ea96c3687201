import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.js';

/** apps/server/drizzle: two levels up from both src/db/ and dist/db/. */
export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Any constant: serialises migrations of server processes starting together on one PostgreSQL. */
const MIGRATION_LOCK_KEY = 4_271_001;

export async function runMigrations(database: Database): Promise<void> {
  if (database.driver === 'pglite') {
    await migratePglite(database.db, { migrationsFolder });
    return;
  }
  // An advisory lock is per connection, so the lock and the migration share one client.
  const client = await database.pool.connect();
  try {
    const db = drizzleNodePg(client);
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      await migrateNodePg(db, { migrationsFolder });
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
  } finally {
    client.release();
  }
}
