import { dropWorkerDatabases } from './database.js';

/** The run leaves no worker databases behind on the PostgreSQL server (CI drops only its own). */
export default function globalSetup(): () => Promise<void> {
  return dropWorkerDatabases;
}
