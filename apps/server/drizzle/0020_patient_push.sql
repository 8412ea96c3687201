CREATE TYPE "public"."patient_push_kind" AS ENUM('next', 'called');--> statement-breakpoint
CREATE TABLE "patient_push_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"visit_kind" text NOT NULL,
	"visit_id" uuid NOT NULL,
	"kind" "patient_push_kind" NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp (3) with time zone,
	"outcome" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_push_outbox_visit_kind_check" CHECK ("patient_push_outbox"."visit_kind" in ('appointment', 'booking'))
);
--> statement-breakpoint
CREATE TABLE "patient_push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"language" "message_language" DEFAULT 'en' NOT NULL,
	"user_agent" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp (3) with time zone,
	"failure_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patient_push_outbox" ADD CONSTRAINT "patient_push_outbox_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_push_outbox" ADD CONSTRAINT "patient_push_outbox_subscription_id_patient_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."patient_push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_push_subscriptions" ADD CONSTRAINT "patient_push_subscriptions_account_id_patient_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."patient_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patient_push_outbox_once_unique" ON "patient_push_outbox" USING btree ("subscription_id","visit_id","kind");--> statement-breakpoint
CREATE INDEX "patient_push_outbox_due_idx" ON "patient_push_outbox" USING btree ("next_attempt_at") WHERE "patient_push_outbox"."done_at" is null;--> statement-breakpoint
CREATE INDEX "patient_push_outbox_visit_idx" ON "patient_push_outbox" USING btree ("visit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_push_subscriptions_endpoint_unique" ON "patient_push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "patient_push_subscriptions_account_idx" ON "patient_push_subscriptions" USING btree ("account_id");