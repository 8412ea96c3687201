CREATE TYPE "public"."bill_item_kind" AS ENUM('CONSULTATION', 'FOLLOW_UP', 'REGISTRATION', 'SERVICE');--> statement-breakpoint
CREATE TYPE "public"."bill_payment_mode" AS ENUM('CASH', 'UPI', 'CARD', 'ONLINE');--> statement-breakpoint
CREATE TABLE "bill_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" "bill_item_kind" NOT NULL,
	"service_id" uuid,
	"description" text NOT NULL,
	"sac_code" text,
	"quantity" integer NOT NULL,
	"unit_price_paise" bigint NOT NULL,
	"amount_paise" bigint NOT NULL,
	"discount_paise" bigint DEFAULT 0 NOT NULL,
	"gst_rate_bp" integer DEFAULT 0 NOT NULL,
	"tax_paise" bigint DEFAULT 0 NOT NULL,
	"total_paise" bigint NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"facility_key" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"mode" "bill_payment_mode" NOT NULL,
	"amount_paise" bigint NOT NULL,
	"reference" text,
	"business_date" date NOT NULL,
	"received_by" uuid,
	"order_id" uuid,
	"provider_payment_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_payments_amount_positive" CHECK ("bill_payments"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "billing_sequences" (
	"organisation_id" uuid NOT NULL,
	"facility_key" uuid NOT NULL,
	"financial_year" text NOT NULL,
	"kind" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "billing_sequences_organisation_id_facility_key_financial_year_kind_pk" PRIMARY KEY("organisation_id","facility_key","financial_year","kind")
);
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"registration_fee_paise" integer DEFAULT 0 NOT NULL,
	"follow_up_fee_paise" integer,
	"follow_up_days" integer DEFAULT 0 NOT NULL,
	"free_follow_up_days" integer DEFAULT 0 NOT NULL,
	"consultation_sac" text DEFAULT '999312' NOT NULL,
	"consultation_gst_rate_bp" integer DEFAULT 0 NOT NULL,
	"registration_sac" text DEFAULT '999312' NOT NULL,
	"registration_gst_rate_bp" integer DEFAULT 0 NOT NULL,
	"worker_discount_limit_percent" integer DEFAULT 10 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"facility_id" uuid,
	"facility_key" uuid NOT NULL,
	"facility_name" text,
	"gstin" text,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"appointment_id" uuid,
	"booking_id" uuid,
	"patient_id" uuid,
	"business_date" date NOT NULL,
	"subtotal_paise" bigint DEFAULT 0 NOT NULL,
	"discount_paise" bigint DEFAULT 0 NOT NULL,
	"discount_reason" text,
	"discounted_by" uuid,
	"tax_paise" bigint DEFAULT 0 NOT NULL,
	"total_paise" bigint DEFAULT 0 NOT NULL,
	"paid_paise" bigint DEFAULT 0 NOT NULL,
	"refunded_paise" bigint DEFAULT 0 NOT NULL,
	"requested_discount_paise" bigint,
	"requested_discount_reason" text,
	"discount_requested_by" uuid,
	"discount_requested_at" timestamp (3) with time zone,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_one_visit" CHECK ("bills"."appointment_id" is null or "bills"."booking_id" is null),
	CONSTRAINT "bills_discount_within_subtotal" CHECK ("bills"."discount_paise" between 0 and "bills"."subtotal_paise"),
	CONSTRAINT "bills_refund_within_paid" CHECK ("bills"."refunded_paise" between 0 and "bills"."paid_paise"),
	CONSTRAINT "bills_paid_within_total" CHECK ("bills"."paid_paise" <= "bills"."total_paise")
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"facility_key" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"mode" "bill_payment_mode" NOT NULL,
	"amount_paise" bigint NOT NULL,
	"reason" text NOT NULL,
	"business_date" date NOT NULL,
	"issued_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_amount_positive" CHECK ("credit_notes"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "day_closes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"facility_key" uuid NOT NULL,
	"business_date" date NOT NULL,
	"expected_cash_paise" bigint NOT NULL,
	"counted_cash_paise" bigint NOT NULL,
	"note" text,
	"closed_by" uuid,
	"closed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facility_billing" (
	"facility_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"receipt_prefix" text NOT NULL,
	"invoice_prefix" text NOT NULL,
	"credit_note_prefix" text NOT NULL,
	"gstin" text,
	"registration_fee_paise" integer,
	"follow_up_fee_paise" integer,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "sac_code" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "gst_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_items" ADD CONSTRAINT "bill_items_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_items" ADD CONSTRAINT "bill_items_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_items" ADD CONSTRAINT "bill_items_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_items" ADD CONSTRAINT "bill_items_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_received_by_staff_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_sequences" ADD CONSTRAINT "billing_sequences_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_discounted_by_staff_id_fk" FOREIGN KEY ("discounted_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_discount_requested_by_staff_id_fk" FOREIGN KEY ("discount_requested_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_issued_by_staff_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_closes" ADD CONSTRAINT "day_closes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_closes" ADD CONSTRAINT "day_closes_closed_by_staff_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_billing" ADD CONSTRAINT "facility_billing_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_billing" ADD CONSTRAINT "facility_billing_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_items_bill_position_unique" ON "bill_items" USING btree ("bill_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_payments_sequence_unique" ON "bill_payments" USING btree ("organisation_id","facility_key","financial_year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_payments_provider_payment_unique" ON "bill_payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "bill_payments_bill_idx" ON "bill_payments" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "bill_payments_day_idx" ON "bill_payments" USING btree ("organisation_id","business_date");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_appointment_unique" ON "bills" USING btree ("appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_booking_unique" ON "bills" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_sequence_unique" ON "bills" USING btree ("organisation_id","facility_key","financial_year","sequence");--> statement-breakpoint
CREATE INDEX "bills_organisation_date_idx" ON "bills" USING btree ("organisation_id","business_date");--> statement-breakpoint
CREATE INDEX "bills_patient_idx" ON "bills" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_sequence_unique" ON "credit_notes" USING btree ("organisation_id","facility_key","financial_year","sequence");--> statement-breakpoint
CREATE INDEX "credit_notes_bill_idx" ON "credit_notes" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "credit_notes_day_idx" ON "credit_notes" USING btree ("organisation_id","business_date");--> statement-breakpoint
CREATE UNIQUE INDEX "day_closes_day_unique" ON "day_closes" USING btree ("organisation_id","facility_key","business_date");--> statement-breakpoint
CREATE INDEX "facility_billing_organisation_idx" ON "facility_billing" USING btree ("organisation_id");