CREATE TABLE "patient_name_words" (
	"patient_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"word" text NOT NULL,
	"repeat_length" integer NOT NULL,
	"name_key" text NOT NULL,
	CONSTRAINT "patient_name_words_patient_id_word_pk" PRIMARY KEY("patient_id","word")
);
--> statement-breakpoint
ALTER TABLE "patient_name_words" ADD CONSTRAINT "patient_name_words_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_name_words_search_idx" ON "patient_name_words" USING btree ("organisation_id","word" text_pattern_ops,"repeat_length","name_key","patient_id");--> statement-breakpoint
-- The rows of patient_name_words for one name_key (the table's comment in src/db/schema/patients.ts):
-- the whole key and the rest of it after every space, each with how many leading characters it
-- shares with an earlier one, so that a search keeps each patient's first matching row only.
CREATE FUNCTION "name_key_words"("key" text) RETURNS TABLE ("word" text, "repeat_length" integer) LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  words text[] := ARRAY["key"];
  shared integer;
  longest integer;
BEGIN
  FOR i IN 1..length("key") LOOP
    IF substr("key", i, 1) = ' ' THEN
      words := words || substr("key", i + 1);
    END IF;
  END LOOP;
  FOR j IN 1..cardinality(words) LOOP
    longest := 0;
    FOR i IN 1..j - 1 LOOP
      shared := 0;
      WHILE shared < least(length(words[i]), length(words[j])) AND substr(words[i], shared + 1, 1) = substr(words[j], shared + 1, 1) LOOP
        shared := shared + 1;
      END LOOP;
      longest := greatest(longest, shared);
    END LOOP;
    "word" := words[j];
    "repeat_length" := longest;
    RETURN NEXT;
  END LOOP;
END $$;--> statement-breakpoint
-- Whoever writes a patient (console, patient app, seed, a bulk load), the words follow the name.
CREATE FUNCTION "patients_name_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW."name_key" = OLD."name_key" AND NEW."organisation_id" = OLD."organisation_id" THEN
      RETURN NULL;
    END IF;
    DELETE FROM "patient_name_words" WHERE "patient_id" = OLD."id";
  END IF;
  INSERT INTO "patient_name_words" ("patient_id", "organisation_id", "word", "repeat_length", "name_key")
    SELECT NEW."id", NEW."organisation_id", w."word", w."repeat_length", NEW."name_key" FROM "name_key_words"(NEW."name_key") AS w;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "patients_name_words" AFTER INSERT OR UPDATE OF "name_key", "organisation_id" ON "patients" FOR EACH ROW EXECUTE FUNCTION "patients_name_words"();--> statement-breakpoint
INSERT INTO "patient_name_words" ("patient_id", "organisation_id", "word", "repeat_length", "name_key")
  SELECT p."id", p."organisation_id", w."word", w."repeat_length", p."name_key" FROM "patients" AS p CROSS JOIN LATERAL "name_key_words"(p."name_key") AS w;
--> statement-breakpoint
-- A search reads one prefix's range of the index, at most tens of thousands of entries: less than parallel workers cost to start.
ALTER TABLE "patient_name_words" SET (parallel_workers = 0);
