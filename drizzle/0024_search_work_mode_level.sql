-- Keyword search finds a job by its work mode and a fresher's level, as seekers type them: "remote"
-- or "wfh" finds remote jobs, "hybrid" hybrid ones, "onsite" (or "on-site", joined by the API)
-- on-site ones, and "fresher" the jobs open to freshers, though their titles rarely say so. The
-- words join the job's tags at the lowest weight, so a title that says "Remote" still ranks first.
-- Other spellings of a place ("Bangalore" for Bengaluru) are the API's (modules/jobs/data/keyword.ts).
CREATE OR REPLACE FUNCTION openings_search_facets(work_mode text, level smallint) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_remove(ARRAY[
    CASE work_mode WHEN 'remote' THEN 'remote wfh' WHEN 'hybrid' THEN 'hybrid'
      WHEN 'on_site' THEN 'onsite' END,
    CASE WHEN level = 0 THEN 'fresher freshers' END
  ], NULL)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION jobs_search_vector_fill() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  company text;
  role text;
  place text;
BEGIN
  SELECT c.company_name INTO company FROM companies c WHERE c.id = NEW.company_id;
  SELECT r.name || ' ' || r.sort_name INTO role FROM roles r WHERE r.id = NEW.role_id;
  SELECT ci.name || ' ' || s.name || ' ' || co.name INTO place
    FROM cities ci JOIN states s ON s.id = ci.state_id JOIN countries co ON co.id = s.country_id
    WHERE ci.id = NEW.city_id;
  NEW.search_vector := openings_search_vector(NEW.title, company, role, place, NEW.skills,
    NEW.search_tags || openings_search_facets(NEW.work_mode, NEW.experience_level_id));
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS jobs_search_vector_fill ON jobs;--> statement-breakpoint
CREATE TRIGGER jobs_search_vector_fill
  BEFORE INSERT OR UPDATE OF title, company_id, role_id, city_id, skills, search_tags, work_mode,
    experience_level_id ON jobs
  FOR EACH ROW EXECUTE FUNCTION jobs_search_vector_fill();--> statement-breakpoint
-- The jobs that gain words (a stated work mode or the fresher level); the others' column is the same.
UPDATE jobs j SET search_vector = openings_search_vector(j.title, c.company_name,
    r.name || ' ' || r.sort_name, ci.name || ' ' || s.name || ' ' || co.name, j.skills,
    j.search_tags || openings_search_facets(j.work_mode, j.experience_level_id))
  FROM companies c, roles r, cities ci, states s, countries co
  WHERE (j.work_mode IS NOT NULL OR j.experience_level_id = 0)
    AND c.id = j.company_id AND r.id = j.role_id AND ci.id = j.city_id
    AND s.id = ci.state_id AND co.id = s.country_id;
