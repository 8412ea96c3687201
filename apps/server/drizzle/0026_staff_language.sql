-- IF NOT EXISTS: the patient side's migration may add the same values; whichever runs second is a no-op.
ALTER TYPE "public"."message_language" ADD VALUE IF NOT EXISTS 'kn';--> statement-breakpoint
ALTER TYPE "public"."message_language" ADD VALUE IF NOT EXISTS 'ta';--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "language" "message_language" DEFAULT 'en' NOT NULL;--> statement-breakpoint
-- Staff who exist already get their organisation's default language (Settings → Messages).
UPDATE "staff" SET "language" = ("message_settings"."settings"->>'defaultLanguage')::"message_language"
FROM "message_settings"
WHERE "message_settings"."organisation_id" = "staff"."organisation_id" AND "message_settings"."settings" ? 'defaultLanguage';
