CREATE TYPE "public"."message_language" AS ENUM('en', 'hi');--> statement-breakpoint
CREATE TYPE "public"."message_channel" AS ENUM('WHATSAPP', 'SMS');--> statement-breakpoint
CREATE TYPE "public"."message_status" AS ENUM('SCHEDULED', 'SENDING', 'SENT', 'DELIVERED', 'READ', 'FAILED', 'SKIPPED', 'CANCELLED');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'wallet-low';--> statement-breakpoint
CREATE TABLE "message_settings" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"low_balance_notified_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"patient_id" uuid,
	"visit_kind" text,
	"visit_id" uuid,
	"event" text NOT NULL,
	"offset_minutes" integer DEFAULT 0 NOT NULL,
	"channel" "message_channel" NOT NULL,
	"status" "message_status" DEFAULT 'SCHEDULED' NOT NULL,
	"language" "message_language" DEFAULT 'en' NOT NULL,
	"dedupe_key" text NOT NULL,
	"to_phone" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"due_at" timestamp (3) with time zone NOT NULL,
	"next_attempt_at" timestamp (3) with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider" text,
	"provider_message_id" text,
	"sent_at" timestamp (3) with time zone,
	"cost_paise" integer DEFAULT 0 NOT NULL,
	"charged_at" timestamp (3) with time zone,
	"failure_reason" text,
	"timeline" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_staff_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_cost_not_negative" CHECK ("messages"."cost_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "whatsapp_contacts" (
	"organisation_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"last_inbound_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "message_id" uuid;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "room" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "room" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "message_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "message_consent_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "message_consent_by" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "message_language" "message_language";--> statement-breakpoint
ALTER TABLE "message_settings" ADD CONSTRAINT "message_settings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_created_by_staff_id_staff_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_contacts" ADD CONSTRAINT "whatsapp_contacts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_dedupe_unique" ON "messages" USING btree ("organisation_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "messages_due_idx" ON "messages" USING btree ("next_attempt_at") WHERE "messages"."status" in ('SCHEDULED', 'SENDING');--> statement-breakpoint
CREATE INDEX "messages_organisation_created_idx" ON "messages" USING btree ("organisation_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_patient_idx" ON "messages" USING btree ("patient_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_visit_idx" ON "messages" USING btree ("visit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_provider_unique" ON "messages" USING btree ("provider","provider_message_id") WHERE "messages"."provider_message_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_contacts_unique" ON "whatsapp_contacts" USING btree ("organisation_id","phone");--> statement-breakpoint
CREATE INDEX "wallet_entries_message_idx" ON "wallet_entries" USING btree ("message_id");