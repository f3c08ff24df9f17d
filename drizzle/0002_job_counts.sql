CREATE TABLE "job_counts" (
	"company_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"experience_level_id" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "job_counts_company_id_role_id_city_id_experience_level_id_pk" PRIMARY KEY("company_id","role_id","city_id","experience_level_id")
);
