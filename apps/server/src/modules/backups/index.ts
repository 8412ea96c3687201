/**
 * Backups of the embedded database (PGlite) and local uploads: `createBackup` writes one archive,
 * `restoreBackup` puts one back, `startBackups` (main.ts) makes them on an interval and on
 * request from `npm run backup`. With PostgreSQL (DATABASE_URL) none of this runs: the
 * operator's tools (pg_dump, WAL archiving) do it better (README.md, "Backups").
 */
export { backupSettings, createBackup, listBackups, pruneBackups, type BackupFile, type BackupResult, type BackupSettings } from './backup.js';
export { describeRestore, restoreBackup, type RestoreResult } from './restore.js';
export { verifyArchive, type Manifest } from './archive.js';
export { FIRST_BACKUP_DELAY_MS, startBackups, startBackupScheduler, type BackupScheduler } from './scheduler.js';
export { requestBackup, runBackupCommand, runRestoreCommand } from './commands.js';
