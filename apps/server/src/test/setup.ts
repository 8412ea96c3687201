import { ensureWorkerDatabase } from './database.js';

// Before each file: its worker's PostgreSQL database exists (test/database.ts says why each has one).
await ensureWorkerDatabase();
