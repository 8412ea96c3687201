CREATE TABLE "doctor_day_tokens" (
	"doctor_id" uuid NOT NULL,
	"date" date NOT NULL,
	"last_token" integer NOT NULL,
	CONSTRAINT "doctor_day_tokens_doctor_id_date_pk" PRIMARY KEY("doctor_id","date")
);
--> statement-breakpoint
ALTER TABLE "doctor_day_tokens" ADD CONSTRAINT "doctor_day_tokens_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;