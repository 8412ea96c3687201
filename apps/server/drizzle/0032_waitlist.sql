CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"date" date NOT NULL,
	"patient_id" uuid NOT NULL,
	"status" text DEFAULT 'WAITING' NOT NULL,
	"offered_start" text,
	"offered_at" timestamp (3) with time zone,
	"offer_expires_at" timestamp (3) with time zone,
	"visit_id" uuid,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp (3) with time zone,
	CONSTRAINT "waitlist_entries_kind" CHECK ("waitlist_entries"."kind" in ('appointment', 'booking')),
	CONSTRAINT "waitlist_entries_status" CHECK ("waitlist_entries"."status" in ('WAITING', 'OFFERED', 'BOOKED', 'DECLINED', 'LAPSED', 'LEFT')),
	CONSTRAINT "waitlist_entries_offer" CHECK ("waitlist_entries"."status" <> 'OFFERED' or ("waitlist_entries"."offered_start" is not null and "waitlist_entries"."offer_expires_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_day_idx" ON "waitlist_entries" USING btree ("owner_id","date","created_at") WHERE "waitlist_entries"."status" in ('WAITING', 'OFFERED');--> statement-breakpoint
CREATE INDEX "waitlist_entries_patient_idx" ON "waitlist_entries" USING btree ("organisation_id","patient_id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_offer_expiry_idx" ON "waitlist_entries" USING btree ("offer_expires_at") WHERE "waitlist_entries"."status" = 'OFFERED';--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_one_place_idx" ON "waitlist_entries" USING btree ("kind","owner_id","date","patient_id") WHERE "waitlist_entries"."status" in ('WAITING', 'OFFERED');