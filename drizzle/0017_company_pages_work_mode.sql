-- Company pages (/companies/{slug}): a slug per company, made from its folded name (name_search is
-- lower case without accents) like a job's page slug, with the id appended when another company
-- already has it. Rows inserted without one (the employer form, the seed, tests) get it from the
-- trigger; it is kept when the name changes so that shared links stay valid.
ALTER TABLE "companies" ADD COLUMN "slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION openings_company_slug(name_search text, id integer) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(trim(both '-' from regexp_replace(coalesce(name_search, ''), '[^a-z0-9]+', '-', 'g')), ''), 'company-' || id)
$$;--> statement-breakpoint
UPDATE companies c SET slug = CASE WHEN d.n = 1 THEN d.base ELSE d.base || '-' || c.id END
FROM (
  SELECT id, openings_company_slug(name_search, id) AS base,
    row_number() OVER (PARTITION BY openings_company_slug(name_search, id) ORDER BY id) AS n
  FROM companies
) d
WHERE d.id = c.id;--> statement-breakpoint
CREATE OR REPLACE FUNCTION companies_slug_fill() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  base text;
BEGIN
  IF NEW.slug IS NULL OR NEW.slug = '' THEN
    base := openings_company_slug(NEW.name_search, NEW.id);
    IF EXISTS (SELECT 1 FROM companies c WHERE c.slug = base) THEN
      base := base || '-' || NEW.id;
    END IF;
    NEW.slug := base;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS companies_slug_fill ON companies;--> statement-breakpoint
CREATE TRIGGER companies_slug_fill BEFORE INSERT ON companies
  FOR EACH ROW EXECUTE FUNCTION companies_slug_fill();--> statement-breakpoint
CREATE UNIQUE INDEX "companies_slug" ON "companies" USING btree ("slug");--> statement-breakpoint
-- Large-result counts per work mode and salary stated too ('' and -1: any), so the two new
-- filters count like the other four (modules/jobs/counts.ts).
ALTER TABLE "job_counts" ADD COLUMN "work_mode" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_counts" ADD COLUMN "salary_stated" smallint DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_counts" DROP CONSTRAINT "job_counts_company_id_role_id_city_id_experience_level_id_pk";--> statement-breakpoint
ALTER TABLE "job_counts" ADD CONSTRAINT "job_counts_company_id_role_id_city_id_experience_level_id_work_mode_salary_stated_pk" PRIMARY KEY("company_id","role_id","city_id","experience_level_id","work_mode","salary_stated");--> statement-breakpoint
-- The work-mode and salary-stated filters read work_mode and salary_provided from the listing
-- indexes (INCLUDEd like the other filters), so a page of remote jobs with a stated salary is still
-- found by an index-only scan: the indexes of 0001 and 0007 are rebuilt with the two columns.
DROP INDEX IF EXISTS jobs_newest;--> statement-breakpoint
CREATE INDEX jobs_newest ON jobs (posted_at DESC, id DESC) INCLUDE (company_id, role_id, city_id, experience_level_id, valid_through, work_mode, salary_provided) WHERE is_active;--> statement-breakpoint
DROP INDEX IF EXISTS jobs_popular;--> statement-breakpoint
CREATE INDEX jobs_popular ON jobs (views DESC, id DESC) INCLUDE (company_id, role_id, city_id, experience_level_id, valid_through, work_mode, salary_provided) WHERE is_active;--> statement-breakpoint
DROP INDEX IF EXISTS jobs_company_newest;--> statement-breakpoint
CREATE INDEX jobs_company_newest ON jobs (company_id, posted_at DESC, id DESC) INCLUDE (role_id, city_id, experience_level_id, valid_through, work_mode, salary_provided) WHERE is_active;--> statement-breakpoint
DROP INDEX IF EXISTS jobs_company_popular;--> statement-breakpoint
CREATE INDEX jobs_company_popular ON jobs (company_id, views DESC, id DESC) INCLUDE (role_id, city_id, experience_level_id, valid_through, work_mode, salary_provided) WHERE is_active;--> statement-breakpoint
DROP INDEX IF EXISTS jobs_role_newest;--> statement-breakpoint
CREATE INDEX jobs_role_newest ON jobs (role_id, posted_at DESC, id DESC) INCLUDE (company_id, city_id, experience_level_id, valid_through, work_mode, salary_provided) WHERE is_active;--> statement-breakpoint
DROP INDEX IF EXISTS jobs_role_popular;--> statement-breakpoint
CREATE INDEX jobs_role_popular ON jobs (role_id, views DESC, id DESC) INCLUDE (company_id, city_id, experience_level_id, valid_through, work_mode, salary_provided) WHERE is_active;--> statement-breakpoint
DROP INDEX IF EXISTS jobs_city_newest;--> statement-breakpoint
CREATE INDEX jobs_city_newest ON jobs (city_id, posted_at DESC, id DESC) INCLUDE (company_id, role_id, experience_level_id, valid_through, work_mode, salary_provided) WHERE is_active;--> statement-breakpoint
DROP INDEX IF EXISTS jobs_city_popular;--> statement-breakpoint
CREATE INDEX jobs_city_popular ON jobs (city_id, views DESC, id DESC) INCLUDE (company_id, role_id, experience_level_id, valid_through, work_mode, salary_provided) WHERE is_active;--> statement-breakpoint
DROP INDEX IF EXISTS jobs_level_newest;--> statement-breakpoint
CREATE INDEX jobs_level_newest ON jobs (experience_level_id, posted_at DESC, id DESC) INCLUDE (company_id, role_id, city_id, valid_through, work_mode, salary_provided) WHERE is_active;--> statement-breakpoint
DROP INDEX IF EXISTS jobs_level_popular;--> statement-breakpoint
CREATE INDEX jobs_level_popular ON jobs (experience_level_id, views DESC, id DESC) INCLUDE (company_id, role_id, city_id, valid_through, work_mode, salary_provided) WHERE is_active;--> statement-breakpoint
DROP INDEX IF EXISTS jobs_role_city_newest;--> statement-breakpoint
CREATE INDEX jobs_role_city_newest ON jobs (role_id, city_id, posted_at DESC, id DESC) INCLUDE (company_id, experience_level_id, valid_through, work_mode, salary_provided) WHERE is_active;--> statement-breakpoint
DROP INDEX IF EXISTS jobs_role_city_popular;--> statement-breakpoint
CREATE INDEX jobs_role_city_popular ON jobs (role_id, city_id, views DESC, id DESC) INCLUDE (company_id, experience_level_id, valid_through, work_mode, salary_provided) WHERE is_active;--> statement-breakpoint
DROP INDEX IF EXISTS jobs_role_level_newest;--> statement-breakpoint
CREATE INDEX jobs_role_level_newest ON jobs (role_id, experience_level_id, posted_at DESC, id DESC) INCLUDE (company_id, city_id, valid_through, work_mode, salary_provided) WHERE is_active;--> statement-breakpoint
DROP INDEX IF EXISTS jobs_role_level_popular;--> statement-breakpoint
CREATE INDEX jobs_role_level_popular ON jobs (role_id, experience_level_id, views DESC, id DESC) INCLUDE (company_id, city_id, valid_through, work_mode, salary_provided) WHERE is_active;--> statement-breakpoint
DROP INDEX IF EXISTS jobs_city_level_newest;--> statement-breakpoint
CREATE INDEX jobs_city_level_newest ON jobs (city_id, experience_level_id, posted_at DESC, id DESC) INCLUDE (company_id, role_id, valid_through, work_mode, salary_provided) WHERE is_active;--> statement-breakpoint
DROP INDEX IF EXISTS jobs_city_level_popular;--> statement-breakpoint
CREATE INDEX jobs_city_level_popular ON jobs (city_id, experience_level_id, views DESC, id DESC) INCLUDE (company_id, role_id, valid_through, work_mode, salary_provided) WHERE is_active;
