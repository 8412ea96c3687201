CREATE TABLE "doctor_day_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"date" date NOT NULL,
	"windows" jsonb,
	"capacity" integer,
	"note" text,
	"by_staff_id" uuid,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doctor_day_overrides_capacity" CHECK ("doctor_day_overrides"."capacity" is null or "doctor_day_overrides"."capacity" between 1 and 50)
);
--> statement-breakpoint
ALTER TABLE "doctor_day_overrides" ADD CONSTRAINT "doctor_day_overrides_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_day_overrides" ADD CONSTRAINT "doctor_day_overrides_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_day_overrides" ADD CONSTRAINT "doctor_day_overrides_by_staff_id_staff_id_fk" FOREIGN KEY ("by_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "doctor_day_overrides_doctor_date_unique" ON "doctor_day_overrides" USING btree ("doctor_id","date");--> statement-breakpoint
CREATE INDEX "doctor_day_overrides_organisation_date_idx" ON "doctor_day_overrides" USING btree ("organisation_id","date");