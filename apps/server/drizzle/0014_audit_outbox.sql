CREATE TABLE "audit_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"staff_id" uuid,
	"staff_name" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"route" text NOT NULL,
	"status_code" integer NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_outbox_organisation_idx" ON "audit_outbox" USING btree ("organisation_id","id");