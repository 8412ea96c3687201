-- btree_gin lets a GIN index lead with organisation_id, so trigram search reads one organisation's entries.
-- PGlite loads the extension from @electric-sql/pglite/contrib (see src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "patients_name_trgm_idx";--> statement-breakpoint
DROP INDEX "patients_phone_trgm_idx";--> statement-breakpoint
CREATE INDEX "patients_organisation_name_trgm_idx" ON "patients" USING gin ("organisation_id","name_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_organisation_phone_trgm_idx" ON "patients" USING gin ("organisation_id","phone_digits" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_organisation_name_prefix_idx" ON "patients" USING btree ("organisation_id","name_key" text_pattern_ops);