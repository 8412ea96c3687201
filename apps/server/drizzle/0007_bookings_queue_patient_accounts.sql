CREATE TYPE "public"."booking_status" AS ENUM('BOOKED', 'CHECKED_IN', 'IN_PROGRESS', 'COMPLETED', 'REPORT_READY', 'CANCELLED', 'NO_SHOW');--> statement-breakpoint
CREATE TYPE "public"."queue_kind" AS ENUM('DOCTOR', 'SERVICE');--> statement-breakpoint
CREATE TABLE "booking_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"by_staff_id" uuid,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"facility_id" uuid,
	"service_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"token_number" integer NOT NULL,
	"status" "booking_status" DEFAULT 'BOOKED' NOT NULL,
	"reason" text,
	"notes" text,
	"cancel_reason" text,
	"price_paise" integer NOT NULL,
	"payment_status" "payment_status" DEFAULT 'UNPAID' NOT NULL,
	"source" "visit_source" DEFAULT 'CONSOLE' NOT NULL,
	"report_upload_id" uuid,
	"report_ready_at" timestamp (3) with time zone,
	"created_by" uuid,
	"checked_in_at" timestamp (3) with time zone,
	"called_at" timestamp (3) with time zone,
	"completed_at" timestamp (3) with time zone,
	"skipped_at" timestamp (3) with time zone,
	"recalled_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_day_tokens" (
	"service_id" uuid NOT NULL,
	"date" date NOT NULL,
	"last_token" integer NOT NULL,
	CONSTRAINT "service_day_tokens_service_id_date_pk" PRIMARY KEY("service_id","date")
);
--> statement-breakpoint
CREATE TABLE "token_queue_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"kind" "queue_kind" NOT NULL,
	"queue_id" uuid NOT NULL,
	"date" date NOT NULL,
	"action" text NOT NULL,
	"before" jsonb NOT NULL,
	"by_staff_id" uuid,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "patient_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "patient_otps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"consumed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"user_agent" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "token_prefix" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "checked_in_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "called_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "completed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "skipped_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "recalled_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_by_staff_id_staff_id_fk" FOREIGN KEY ("by_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_report_upload_id_uploads_id_fk" FOREIGN KEY ("report_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_day_tokens" ADD CONSTRAINT "service_day_tokens_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_queue_actions" ADD CONSTRAINT "token_queue_actions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_queue_actions" ADD CONSTRAINT "token_queue_actions_by_staff_id_staff_id_fk" FOREIGN KEY ("by_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_sessions" ADD CONSTRAINT "patient_sessions_account_id_patient_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."patient_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_history_booking_idx" ON "booking_history" USING btree ("booking_id","at");--> statement-breakpoint
CREATE INDEX "bookings_organisation_date_idx" ON "bookings" USING btree ("organisation_id","date","start_time");--> statement-breakpoint
CREATE INDEX "bookings_service_date_time_idx" ON "bookings" USING btree ("service_id","date","start_time");--> statement-breakpoint
CREATE INDEX "bookings_patient_idx" ON "bookings" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_service_date_token_unique" ON "bookings" USING btree ("service_id","date","token_number");--> statement-breakpoint
CREATE INDEX "token_queue_actions_queue_idx" ON "token_queue_actions" USING btree ("queue_id","date","at");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_accounts_phone_unique" ON "patient_accounts" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "patient_otps_phone_idx" ON "patient_otps" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "patient_sessions_account_idx" ON "patient_sessions" USING btree ("account_id");