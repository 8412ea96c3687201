ALTER TYPE "public"."staff_role" ADD VALUE 'USER';--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "doctor_id" uuid;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_doctor_unique" ON "staff" USING btree ("doctor_id");--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_doctor_only_for_user" CHECK ("staff"."doctor_id" is null or "staff"."role"::text = 'USER');