ALTER TABLE "online_booking_settings" ADD COLUMN "require_confirmation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "awaiting_confirmation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "awaiting_confirmation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "appointments_awaiting_confirmation_idx" ON "appointments" USING btree ("organisation_id","date") WHERE "appointments"."awaiting_confirmation";--> statement-breakpoint
CREATE INDEX "bookings_awaiting_confirmation_idx" ON "bookings" USING btree ("organisation_id","date") WHERE "bookings"."awaiting_confirmation";