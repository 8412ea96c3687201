CREATE TYPE "public"."service_kind" AS ENUM('SCAN', 'TEST', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."blood_group" AS ENUM('A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-');--> statement-breakpoint
CREATE TYPE "public"."gender" AS ENUM('MALE', 'FEMALE', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."upload_visibility" AS ENUM('public', 'private');--> statement-breakpoint
CREATE TABLE "doctors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"facility_id" uuid,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"photo_url" text,
	"specialization" text NOT NULL,
	"qualifications" text,
	"experience_years" integer,
	"consultation_fee_paise" integer NOT NULL,
	"phone" text,
	"email" text,
	"bio" text,
	"slot_minutes" integer DEFAULT 15 NOT NULL,
	"patients_per_slot" integer DEFAULT 1 NOT NULL,
	"availability" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"leave_dates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"facility_id" uuid,
	"kind" "service_kind" NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"category" text,
	"description" text,
	"price_paise" integer NOT NULL,
	"duration_minutes" integer,
	"preparation" text,
	"report_turnaround_hours" integer,
	"image_url" text,
	"availability" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"capacity_per_slot" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"phone" text NOT NULL,
	"phone_digits" text NOT NULL,
	"email" text,
	"gender" "gender" NOT NULL,
	"date_of_birth" date,
	"blood_group" "blood_group",
	"address" text,
	"notes" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"visibility" "upload_visibility" NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_uploaded_by_staff_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "doctors_organisation_name_idx" ON "doctors" USING btree ("organisation_id","name_key");--> statement-breakpoint
CREATE INDEX "doctors_name_trgm_idx" ON "doctors" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "doctors_organisation_email_unique" ON "doctors" USING btree ("organisation_id","email") WHERE "doctors"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "doctors_organisation_phone_unique" ON "doctors" USING btree ("organisation_id","phone") WHERE "doctors"."phone" is not null;--> statement-breakpoint
CREATE INDEX "services_organisation_kind_name_idx" ON "services" USING btree ("organisation_id","kind","name_key");--> statement-breakpoint
CREATE INDEX "services_name_trgm_idx" ON "services" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "services_unique_name" ON "services" USING btree ("organisation_id","kind","name_key",coalesce("facility_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "patients_organisation_name_idx" ON "patients" USING btree ("organisation_id","name_key");--> statement-breakpoint
CREATE INDEX "patients_organisation_phone_idx" ON "patients" USING btree ("organisation_id","phone_digits");--> statement-breakpoint
CREATE INDEX "patients_name_trgm_idx" ON "patients" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_phone_trgm_idx" ON "patients" USING gin ("phone_digits" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "uploads_organisation_idx" ON "uploads" USING btree ("organisation_id");