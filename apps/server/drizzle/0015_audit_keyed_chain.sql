ALTER TABLE "audit_events" ADD COLUMN "details" text;--> statement-breakpoint
-- Entries already written were hashed with unkeyed sha256 (version 1); every later one names its
-- version, so the column keeps no default.
ALTER TABLE "audit_events" ADD COLUMN "hash_version" smallint NOT NULL DEFAULT 1;--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "hash_version" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "audit_outbox" ADD COLUMN "details" text;
