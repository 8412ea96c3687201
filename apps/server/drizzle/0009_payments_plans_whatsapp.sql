CREATE TYPE "public"."payment_order_status" AS ENUM('CREATED', 'PAID', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."payment_provider" AS ENUM('razorpay', 'simulated');--> statement-breakpoint
CREATE TYPE "public"."payment_purpose" AS ENUM('WALLET_RECHARGE', 'PLAN', 'WHATSAPP');--> statement-breakpoint
CREATE TABLE "whatsapp_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"starts_at" timestamp (3) with time zone NOT NULL,
	"ends_at" timestamp (3) with time zone NOT NULL,
	"payment_order_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_subscriptions_period_valid" CHECK ("whatsapp_subscriptions"."ends_at" > "whatsapp_subscriptions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"provider_order_id" text NOT NULL,
	"purpose" "payment_purpose" NOT NULL,
	"amount_paise" bigint NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"status" "payment_order_status" DEFAULT 'CREATED' NOT NULL,
	"plan_id" uuid,
	"created_by" uuid,
	"paid_payment_id" text,
	"failure_reason" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp (3) with time zone,
	CONSTRAINT "payment_orders_amount_positive" CHECK ("payment_orders"."amount_paise" > 0),
	CONSTRAINT "payment_orders_plan_purpose" CHECK (("payment_orders"."purpose" = 'PLAN') = ("payment_orders"."plan_id" is not null)),
	CONSTRAINT "payment_orders_paid_has_payment" CHECK (("payment_orders"."status" = 'PAID') = ("payment_orders"."paid_payment_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"event_type" text NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "features" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payment_order_id" uuid;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "entry_number" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "wallet_entries_entry_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "whatsapp_subscriptions" ADD CONSTRAINT "whatsapp_subscriptions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_subscriptions" ADD CONSTRAINT "whatsapp_subscriptions_payment_order_id_payment_orders_id_fk" FOREIGN KEY ("payment_order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_subscriptions_organisation_idx" ON "whatsapp_subscriptions" USING btree ("organisation_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_subscriptions_payment_order_unique" ON "whatsapp_subscriptions" USING btree ("payment_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_provider_order_unique" ON "payment_orders" USING btree ("provider_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_paid_payment_unique" ON "payment_orders" USING btree ("paid_payment_id");--> statement-breakpoint
CREATE INDEX "payment_orders_organisation_idx" ON "payment_orders" USING btree ("organisation_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payment_order_id_payment_orders_id_fk" FOREIGN KEY ("payment_order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_payment_order_unique" ON "subscriptions" USING btree ("payment_order_id");--> statement-breakpoint
CREATE INDEX "wallet_entries_organisation_number_idx" ON "wallet_entries" USING btree ("organisation_id","entry_number");--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_price_positive" CHECK ("plans"."price_paise" > 0);--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_duration_positive" CHECK ("plans"."duration_days" > 0);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_period_valid" CHECK ("subscriptions"."ends_at" > "subscriptions"."starts_at");--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_balance_not_negative" CHECK ("wallets"."balance_paise" >= 0);