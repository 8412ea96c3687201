CREATE TYPE "public"."bill_payment_link_status" AS ENUM('ACTIVE', 'PAID', 'CANCELLED', 'EXPIRED', 'HELD');--> statement-breakpoint
CREATE TABLE "bill_payment_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"provider_link_id" text NOT NULL,
	"url" text NOT NULL,
	"upi" boolean NOT NULL,
	"amount_paise" bigint NOT NULL,
	"status" "bill_payment_link_status" DEFAULT 'ACTIVE' NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_by" uuid,
	"provider_payment_id" text,
	"bill_payment_id" uuid,
	"paid_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_payment_links_amount_positive" CHECK ("bill_payment_links"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "bill_payment_links" ADD CONSTRAINT "bill_payment_links_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payment_links" ADD CONSTRAINT "bill_payment_links_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payment_links" ADD CONSTRAINT "bill_payment_links_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payment_links" ADD CONSTRAINT "bill_payment_links_bill_payment_id_bill_payments_id_fk" FOREIGN KEY ("bill_payment_id") REFERENCES "public"."bill_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_payment_links_provider_link_unique" ON "bill_payment_links" USING btree ("provider_link_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_payment_links_provider_payment_unique" ON "bill_payment_links" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "bill_payment_links_bill_idx" ON "bill_payment_links" USING btree ("bill_id");