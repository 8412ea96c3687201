CREATE TABLE "visit_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"start_time" text NOT NULL,
	"every_n" integer NOT NULL,
	"every_unit" text NOT NULL,
	"count" integer,
	"until" date,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp (3) with time zone,
	CONSTRAINT "visit_series_kind" CHECK ("visit_series"."kind" in ('appointment', 'booking')),
	CONSTRAINT "visit_series_every" CHECK ("visit_series"."every_unit" in ('day', 'week') and "visit_series"."every_n" between 1 and 365),
	CONSTRAINT "visit_series_count_or_until" CHECK (("visit_series"."count" is null) <> ("visit_series"."until" is null)),
	CONSTRAINT "visit_series_count_range" CHECK ("visit_series"."count" is null or "visit_series"."count" between 2 and 52)
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "visit_series" ADD CONSTRAINT "visit_series_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_series" ADD CONSTRAINT "visit_series_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_series" ADD CONSTRAINT "visit_series_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_series_organisation_patient_idx" ON "visit_series" USING btree ("organisation_id","patient_id");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_series_id_visit_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."visit_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_series_id_visit_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."visit_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_series_idx" ON "appointments" USING btree ("series_id") WHERE "appointments"."series_id" is not null;--> statement-breakpoint
CREATE INDEX "bookings_series_idx" ON "bookings" USING btree ("series_id") WHERE "bookings"."series_id" is not null;