CREATE TYPE "public"."booking_test_status" AS ENUM('PENDING', 'DONE', 'SKIPPED', 'REPORT_READY');--> statement-breakpoint
CREATE TABLE "service_package_items" (
	"package_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "service_package_items_package_id_item_id_pk" PRIMARY KEY("package_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "booking_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"status" "booking_test_status" DEFAULT 'PENDING' NOT NULL,
	"skip_reason" text,
	"done_at" timestamp (3) with time zone,
	"report_upload_id" uuid,
	"report_ready_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_package_items" ADD CONSTRAINT "service_package_items_package_id_services_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_package_items" ADD CONSTRAINT "service_package_items_item_id_services_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_tests" ADD CONSTRAINT "booking_tests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_tests" ADD CONSTRAINT "booking_tests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_tests" ADD CONSTRAINT "booking_tests_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_tests" ADD CONSTRAINT "booking_tests_report_upload_id_uploads_id_fk" FOREIGN KEY ("report_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_package_items_item_idx" ON "service_package_items" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_tests_booking_service_unique" ON "booking_tests" USING btree ("booking_id","service_id");--> statement-breakpoint
CREATE INDEX "booking_tests_service_idx" ON "booking_tests" USING btree ("service_id");