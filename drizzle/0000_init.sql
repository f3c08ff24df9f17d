CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "app_details" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"app_name" text NOT NULL,
	"app_description" text NOT NULL,
	"support_email" text NOT NULL,
	"twitter" text,
	"linked_in" text,
	"youtube" text,
	"whats_app" text,
	"is_under_maintenance" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_search" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"name_search" text NOT NULL,
	"company_logo" text NOT NULL,
	"company_website" text,
	"company_location" text,
	"company_overview" text
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"iso2" text NOT NULL,
	"iso3" text NOT NULL,
	"currency" text NOT NULL,
	"symbol" text NOT NULL,
	CONSTRAINT "countries_iso2_unique" UNIQUE("iso2"),
	CONSTRAINT "countries_iso3_unique" UNIQUE("iso3")
);
--> statement-breakpoint
CREATE TABLE "experience_levels" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "job_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "job_views" (
	"visitor_id" text NOT NULL,
	"job_id" integer NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "job_views_visitor_id_job_id_pk" PRIMARY KEY("visitor_id","job_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_url" text NOT NULL,
	"title" text NOT NULL,
	"apply_link" text,
	"company_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"job_type_id" integer NOT NULL,
	"experience_level_id" smallint NOT NULL,
	"salary_provided" text DEFAULT 'false' NOT NULL,
	"salary_from" integer,
	"salary_to" integer,
	"salary_type_id" integer,
	"best_in_industry" text,
	"posted_at" timestamp with time zone NOT NULL,
	"openings_date" date,
	"valid_through" timestamp with time zone,
	"no_of_opening" integer,
	"description" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"posted_by_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"responsibilities" text[] DEFAULT '{}' NOT NULL,
	"minimum_requirements" text[] DEFAULT '{}' NOT NULL,
	"preferred_qualification" text[] DEFAULT '{}' NOT NULL,
	"skills" text[] DEFAULT '{}' NOT NULL,
	"roles_and_responsibilities" text[] DEFAULT '{}' NOT NULL,
	"who_can_apply" text[] DEFAULT '{}' NOT NULL,
	"perks_and_benefits" text[] DEFAULT '{}' NOT NULL,
	"search_tags" text[] DEFAULT '{}' NOT NULL,
	"search_vector" "tsvector",
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posters" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_name" text NOT NULL,
	"name_search" text NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "salary_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_name" text NOT NULL,
	CONSTRAINT "salary_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"name" text NOT NULL,
	"state_code" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_views" ADD CONSTRAINT "job_views_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_job_type_id_job_types_id_fk" FOREIGN KEY ("job_type_id") REFERENCES "public"."job_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_experience_level_id_experience_levels_id_fk" FOREIGN KEY ("experience_level_id") REFERENCES "public"."experience_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_salary_type_id_salary_types_id_fk" FOREIGN KEY ("salary_type_id") REFERENCES "public"."salary_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_posted_by_id_posters_id_fk" FOREIGN KEY ("posted_by_id") REFERENCES "public"."posters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cities_name_search_trgm" ON "cities" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_name_search_trgm" ON "companies" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_views_counted_at" ON "job_views" USING btree ("counted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_page_url" ON "jobs" USING btree ("page_url");--> statement-breakpoint
CREATE INDEX "roles_name_search_trgm" ON "roles" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "states_country_code" ON "states" USING btree ("country_id","state_code");