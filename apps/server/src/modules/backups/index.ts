/**
 * Backups of the embedded database (PGlite) and local uploads: `createBackup` writes one archive,
 * `restoreBackup` puts one back, the scheduler makes them on an interval. With PostgreSQL
 * (DATABASE_URL) none of this runs: the operator's tools (pg_dump, WAL archiving) do it better.
 */
export { backupSettings, createBackup, listBackups, pruneBackups, type BackupFile, type BackupResult, type BackupSettings } from './backup.js';
export { describeRestore, restoreBackup, type RestoreResult } from './restore.js';
export { verifyArchive, type Manifest } from './archive.js';
