/**
 * `npm run audit:verify -w @caredesk/server [-- --organisation <uuid>]` (after `npm run build`):
 * checks the audit trail's hash chains in the configured database (DATABASE_URL, else the
 * embedded one under DATA_DIR) and exits 1 when any is broken, 2 when it cannot check.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { lockDataDir } from '../../db/data-dir-lock.js';
import { loadAuditKeys } from './keys.js';
import { parseVerifyArgs, runAuditVerify } from './verify-command.js';

async function main(): Promise<number> {
  const { organisationId } = parseVerifyArgs(process.argv.slice(2));
  const config = loadConfig(process.env);
  let release = (): void => undefined;
  if (!config.DATABASE_URL) {
    // npm runs workspace scripts inside apps/server; a relative DATA_DIR means what it means to
    // `npm start`, which runs from where npm was invoked (the repository root).
    const dataDir = resolve(process.env.INIT_CWD ?? process.cwd(), config.DATA_DIR);
    if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new Error(`No embedded database in ${dataDir} (set DATA_DIR or DATABASE_URL).`);
    // PGlite does not lock its directory: the pid file refuses to open it under a running server.
    release = lockDataDir(dataDir);
    config.DATA_DIR = dataDir;
    console.log(`Embedded database ${dataDir} (it must not be open by a running server).`);
  }
  // AUDIT_DIR (like DATA_DIR) means what it means to `npm start`, run from the repository root.
  const base = process.env.INIT_CWD ?? process.cwd();
  const keys = loadAuditKeys({ ...config, DATA_DIR: resolve(base, config.DATA_DIR), AUDIT_DIR: config.AUDIT_DIR && resolve(base, config.AUDIT_DIR) }, false);
  const database = await openDatabase(config);
  try {
    return await runAuditVerify(database.db, { organisationId, keys, write: (line) => console.log(line) });
  } finally {
    await database.close();
    release();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('audit:verify failed:', error instanceof Error ? error.message : error);
    process.exitCode = 2;
  },
);
