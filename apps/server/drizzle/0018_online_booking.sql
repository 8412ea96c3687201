CREATE TABLE "online_booking_settings" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"horizon_days" integer DEFAULT 30 NOT NULL,
	"cutoff_minutes" integer DEFAULT 60 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_booking_settings_horizon_range" CHECK ("online_booking_settings"."horizon_days" between 1 and 180),
	CONSTRAINT "online_booking_settings_cutoff_range" CHECK ("online_booking_settings"."cutoff_minutes" between 0 and 1440)
);
--> statement-breakpoint
CREATE TABLE "organisation_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "online_booking" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "online_booking" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "online_booking_settings" ADD CONSTRAINT "online_booking_settings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_slugs" ADD CONSTRAINT "organisation_slugs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "slug" text;--> statement-breakpoint
-- Existing organisations get a slug from their name (as slugFromName does for new ones): lower
-- case, runs of anything else made one hyphen, at most 50 characters; too short or reserved gets
-- a prefix; a name taken by an older organisation gets a piece of the id. Kept in
-- organisation_slugs too, whose key holds every slug ever used.
WITH base AS (
  SELECT id, created_at, trim(both '-' from left(trim(both '-' from regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g')), 50)) AS slug FROM organisations
), allowed AS (
  SELECT id, created_at,
    CASE WHEN length(slug) < 3 OR slug IN ('api', 'admin', 'app', 'assets', 'docs', 'help', 'login', 'logout', 'new', 'p', 'patient', 'public', 'settings', 'sign-in', 'sign-up', 'signup', 'static', 'support', 'uploads', 'www')
      THEN trim(both '-' from 'organisation-' || slug) ELSE slug END AS slug
  FROM base
), ranked AS (
  SELECT id, slug, row_number() OVER (PARTITION BY slug ORDER BY created_at, id) AS n FROM allowed
)
UPDATE "organisations" o SET "slug" = CASE WHEN r.n = 1 THEN r.slug ELSE r.slug || '-' || left(replace(o.id::text, '-', ''), 8) END
FROM ranked r WHERE r.id = o.id;--> statement-breakpoint
ALTER TABLE "organisations" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
INSERT INTO "organisation_slugs" ("slug", "organisation_id", "created_at") SELECT "slug", "id", "created_at" FROM "organisations";--> statement-breakpoint
CREATE INDEX "organisation_slugs_organisation_idx" ON "organisation_slugs" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_slug_unique" ON "organisations" USING btree ("slug");