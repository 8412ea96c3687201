-- Kannada and Tamil for patients' messages (issue 20). IF NOT EXISTS: migration 0026 adds the same values.
ALTER TYPE "public"."message_language" ADD VALUE IF NOT EXISTS 'kn';--> statement-breakpoint
ALTER TYPE "public"."message_language" ADD VALUE IF NOT EXISTS 'ta';--> statement-breakpoint
ALTER TABLE "patient_accounts" ADD COLUMN "language" "message_language";
