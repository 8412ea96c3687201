import type { TestProject } from 'vitest/node';
import { dropWorkerDatabases, newRunId } from './worker-databases.js';

/** The run leaves none of its worker databases behind on the PostgreSQL server. */
export default function globalSetup(project: TestProject): () => Promise<void> {
  const runId = newRunId();
  project.provide('databaseRunId', runId);
  // Tests may read the environment directly; the app reads it only through config.ts.
  const url = process.env.DATABASE_URL || undefined;
  return async () => {
    if (url) await dropWorkerDatabases(url, runId);
  };
}
