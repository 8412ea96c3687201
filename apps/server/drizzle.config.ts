import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` (from apps/server) writes migrations without a database.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
