-- Keyword search (issue 4): a trigger keeps jobs.search_vector filled from the job and the names
-- it points at, weighted title A, company and role B, location C, skills and search tags D. Text is
-- folded to lower-case ASCII words here (unaccent is not available in PGlite), and the API folds
-- the visitor's words the same way, so "Munchen" finds München. Only changes to the searched
-- columns recompute it: the view counter's updates stay cheap.
CREATE OR REPLACE FUNCTION openings_search_text(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(lower(translate(coalesce(input, ''), 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳßøØđĐłŁæÆœŒħı', 'AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIiIJjKkLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZzOoUuAaIiOoUuUuUuUuUuAaAaGgKkOoOojGgNnAaAaAaEeEeIiIiOoOoRrRrUuUuSsTtHhAaEeOoOoOoOoYysoOdDlLaAoOhi')), '[^a-z0-9]+', ' ', 'g')
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
  NEW.search_vector :=
    setweight(to_tsvector('simple', openings_search_text(NEW.title)), 'A') ||
    setweight(to_tsvector('simple', openings_search_text(company || ' ' || role)), 'B') ||
    setweight(to_tsvector('simple', openings_search_text(place)), 'C') ||
    setweight(to_tsvector('simple', openings_search_text(
      array_to_string(NEW.skills, ' ') || ' ' || array_to_string(NEW.search_tags, ' '))), 'D');
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS jobs_search_vector_fill ON jobs;--> statement-breakpoint
CREATE TRIGGER jobs_search_vector_fill
  BEFORE INSERT OR UPDATE OF title, company_id, role_id, city_id, skills, search_tags ON jobs
  FOR EACH ROW EXECUTE FUNCTION jobs_search_vector_fill();--> statement-breakpoint
UPDATE jobs SET title = title WHERE search_vector IS NULL;
