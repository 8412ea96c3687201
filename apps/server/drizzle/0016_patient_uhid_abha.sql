CREATE TABLE "patient_number_counters" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "uhid_prefix" text DEFAULT 'MR-' NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "uhid_number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "uhid" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "dob_estimated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "abha_number" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "abha_address" text;--> statement-breakpoint
-- Existing organisations: a prefix from the first three letters of the name (Sanjeevani -> SAN-).
UPDATE "organisations" SET "uhid_prefix" = upper(left(regexp_replace("name", '[^A-Za-z]', '', 'g'), 3)) || '-' WHERE regexp_replace("name", '[^A-Za-z]', '', 'g') <> '';--> statement-breakpoint
-- Existing patients: numbered from 1 in each organisation, in the order they were registered.
UPDATE "patients" AS "p" SET "uhid_number" = "numbered"."n", "uhid" = "o"."uhid_prefix" || lpad("numbered"."n"::text, greatest(6, length("numbered"."n"::text)), '0')
FROM (SELECT "id", (row_number() OVER (PARTITION BY "organisation_id" ORDER BY "created_at", "id"))::integer AS "n" FROM "patients") AS "numbered", "organisations" AS "o"
WHERE "p"."id" = "numbered"."id" AND "o"."id" = "p"."organisation_id";--> statement-breakpoint
INSERT INTO "patient_number_counters" ("organisation_id", "last_number") SELECT "organisation_id", max("uhid_number") FROM "patients" GROUP BY "organisation_id";--> statement-breakpoint
-- Every insert, whoever makes it, takes the next number under the counter row's lock, in its own
-- transaction: concurrent registrations wait for each other, and a rolled-back one gives its
-- number back, so the numbers stay gap-free. The prefix is read at that moment: a later change
-- of prefix leaves numbers already printed on cards as they are.
CREATE FUNCTION "patients_assign_uhid"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_number integer;
  prefix text;
BEGIN
  INSERT INTO "patient_number_counters" ("organisation_id", "last_number") VALUES (NEW."organisation_id", 1)
    ON CONFLICT ("organisation_id") DO UPDATE SET "last_number" = "patient_number_counters"."last_number" + 1
    RETURNING "last_number" INTO next_number;
  SELECT "uhid_prefix" INTO prefix FROM "organisations" WHERE "id" = NEW."organisation_id";
  NEW."uhid_number" := next_number;
  NEW."uhid" := coalesce(prefix, '') || lpad(next_number::text, greatest(6, length(next_number::text)), '0');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "patients_assign_uhid" BEFORE INSERT ON "patients" FOR EACH ROW EXECUTE FUNCTION "patients_assign_uhid"();--> statement-breakpoint
ALTER TABLE "patient_number_counters" ADD CONSTRAINT "patient_number_counters_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patients_organisation_uhid_number_unique" ON "patients" USING btree ("organisation_id","uhid_number");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_organisation_uhid_unique" ON "patients" USING btree ("organisation_id","uhid");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_organisation_abha_number_unique" ON "patients" USING btree ("organisation_id","abha_number") WHERE "patients"."abha_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "patients_organisation_abha_address_unique" ON "patients" USING btree ("organisation_id","abha_address") WHERE "patients"."abha_address" is not null;