/**
 * `npm run backup` and `npm run restore -- <file>` (after `npm run build`), from the repository
 * root like `npm start`, so a relative DATA_DIR or BACKUP_DIR means the same directory.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../../config.js';
import { runBackupCommand, runRestoreCommand } from './commands.js';

async function main(): Promise<number> {
  const [command, file, ...rest] = process.argv.slice(2);
  const config = loadConfig(process.env);
  const write = (line: string): void => console.log(line);
  if (command === 'backup' && file === undefined) return runBackupCommand(config, write);
  // The file is named from where the person typed the command, which npm keeps in INIT_CWD.
  if (command === 'restore' && rest.length === 0) return runRestoreCommand(config, file && resolve(process.env.INIT_CWD ?? process.cwd(), file), write);
  write('Usage: npm run backup | npm run restore -- <backup file>');
  return 2;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('failed:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
