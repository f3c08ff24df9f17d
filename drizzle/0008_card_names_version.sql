-- The names a job card shows (company, place, role, job type, experience level, salary unit) are
-- kept in each server's memory (src/server/modules/jobs/card-names.ts). Every listing statement
-- reads this version with its rows; any change to the eight tables moves it, so a server reads the
-- names again before it shows a card with a name it has not seen. One row; statement triggers, so
-- a bulk load moves it once per statement.
CREATE TABLE "card_names_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "card_names_version_one_row" CHECK ("card_names_version"."id" = 1)
);--> statement-breakpoint
INSERT INTO card_names_version (id, version) VALUES (1, 1) ON CONFLICT (id) DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION card_names_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE card_names_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['companies', 'cities', 'states', 'countries', 'roles', 'job_types',
      'experience_levels', 'salary_types'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION card_names_changed()', t || '_card_names', t);
  END LOOP;
END
$$;
