-- Trigram indexes make name and phone search fast ("sharma" inside "Rahul Sharma", "98765" inside a number).
-- PGlite loads the extension from @electric-sql/pglite/contrib (see src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
