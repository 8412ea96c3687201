CREATE TABLE "patient_name_prefix_counts" (
	"organisation_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"patients" integer NOT NULL,
	CONSTRAINT "patient_name_prefix_counts_organisation_id_prefix_pk" PRIMARY KEY("organisation_id","prefix")
);
--> statement-breakpoint
-- Its primary key is added after the rows of the patients already there: one sorted build, not
-- millions of inserts into the index.
CREATE TABLE "patient_name_prefixes" (
	"organisation_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"name_key" text NOT NULL,
	"patient_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patient_name_prefix_counts" ADD CONSTRAINT "patient_name_prefix_counts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The rows of patient_name_prefixes for one name_key (the table's comment in src/db/schema/patients.ts):
-- the first one to three characters of each of name_key_words' words (migration 0022), each
-- beginning once: a word's beginning of n characters is new unless an earlier word shares n
-- characters with it (repeat_length >= n). 3 is NAME_PREFIX_LENGTH in the schema.
CREATE FUNCTION "name_key_prefixes"("key" text) RETURNS SETOF text LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT left(w."word", n) FROM "name_key_words"("key") AS w CROSS JOIN LATERAL generate_series(w."repeat_length" + 1, least(3, length(w."word"))) AS n
$$;--> statement-breakpoint
-- Whoever writes a patient, the prefixes and their counts follow the name in the same transaction.
-- A delete or a change removes the old key's rows (found by the primary key) and counts down the
-- ones it removed; an insert or a change adds the new key's and counts them up, in the order of
-- the prefixes, so that two writers take the counters' row locks in one order.
CREATE FUNCTION "patients_name_prefixes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."name_key" = OLD."name_key" AND NEW."organisation_id" = OLD."organisation_id" THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    WITH "removed" AS (
      DELETE FROM "patient_name_prefixes"
        WHERE "organisation_id" = OLD."organisation_id" AND "prefix" = ANY (ARRAY(SELECT "name_key_prefixes"(OLD."name_key")))
          AND "name_key" = OLD."name_key" AND "patient_id" = OLD."id"
        RETURNING "prefix"
    )
    UPDATE "patient_name_prefix_counts" AS c SET "patients" = c."patients" - 1
      FROM "removed" AS r WHERE c."organisation_id" = OLD."organisation_id" AND c."prefix" = r."prefix";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    WITH "added" AS (
      INSERT INTO "patient_name_prefixes" ("organisation_id", "prefix", "name_key", "patient_id")
        SELECT NEW."organisation_id", p, NEW."name_key", NEW."id" FROM "name_key_prefixes"(NEW."name_key") AS p
        RETURNING "prefix"
    )
    INSERT INTO "patient_name_prefix_counts" ("organisation_id", "prefix", "patients")
      SELECT NEW."organisation_id", a."prefix", 1 FROM "added" AS a ORDER BY a."prefix"
      ON CONFLICT ("organisation_id", "prefix") DO UPDATE SET "patients" = "patient_name_prefix_counts"."patients" + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "patients_name_prefixes" AFTER INSERT OR DELETE OR UPDATE OF "name_key", "organisation_id" ON "patients" FOR EACH ROW EXECUTE FUNCTION "patients_name_prefixes"();--> statement-breakpoint
-- The patients already there, from their words (kept by migration 0022's trigger): no name parsed again.
INSERT INTO "patient_name_prefixes" ("organisation_id", "prefix", "name_key", "patient_id")
  SELECT w."organisation_id", left(w."word", n), w."name_key", w."patient_id"
  FROM "patient_name_words" AS w CROSS JOIN LATERAL generate_series(w."repeat_length" + 1, least(3, length(w."word"))) AS n;
--> statement-breakpoint
ALTER TABLE "patient_name_prefixes" ADD CONSTRAINT "patient_name_prefixes_pk" PRIMARY KEY("organisation_id","prefix","name_key","patient_id");--> statement-breakpoint
INSERT INTO "patient_name_prefix_counts" ("organisation_id", "prefix", "patients")
  SELECT "organisation_id", "prefix", count(*) FROM "patient_name_prefixes" GROUP BY "organisation_id", "prefix";
--> statement-breakpoint
ANALYZE "patient_name_prefixes", "patient_name_prefix_counts";
