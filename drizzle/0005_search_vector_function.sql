-- Keyword search, faster to fill (0003 defined it). openings_search_text's translate() of ~300
-- accented letters cost ~150 µs for a 120-character text, nearly all of a job's trigger; most
-- texts are plain ASCII, which translate() leaves as they are, so those skip it (same result:
-- the function's test compares the two). The column's value becomes one function of a job's words
-- and the names it points at, so that the trigger (a row at a time) and the bulk seed (100,000
-- rows a statement, per-row triggers off) compute the same thing.
CREATE OR REPLACE FUNCTION openings_search_text(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(lower(CASE
    WHEN octet_length(coalesce(input, '')) = char_length(coalesce(input, '')) THEN coalesce(input, '')
    ELSE translate(input, 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳßøØđĐłŁæÆœŒħı', 'AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIiIJjKkLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZzOoUuAaIiOoUuUuUuUuUuAaAaGgKkOoOojGgNnAaAaAaEeEeIiIiOoOoRrRrUuUuSsTtHhAaEeOoOoOoOoYysoOdDlLaAoOhi')
  END), '[^a-z0-9]+', ' ', 'g')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION openings_search_vector(
  title text, company text, role text, place text, skills text[], tags text[]
) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT
    setweight(to_tsvector('simple', openings_search_text(title)), 'A') ||
    setweight(to_tsvector('simple', openings_search_text(company || ' ' || role)), 'B') ||
    setweight(to_tsvector('simple', openings_search_text(place)), 'C') ||
    setweight(to_tsvector('simple', openings_search_text(
      array_to_string(skills, ' ') || ' ' || array_to_string(tags, ' '))), 'D')
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
    openings_search_vector(NEW.title, company, role, place, NEW.skills, NEW.search_tags);
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Jobs a bulk load left without the column before the seed filled it (their keywords found nothing).
UPDATE jobs j SET search_vector = openings_search_vector(j.title, c.company_name,
    r.name || ' ' || r.sort_name, ci.name || ' ' || s.name || ' ' || co.name, j.skills, j.search_tags)
  FROM companies c, roles r, cities ci, states s, countries co
  WHERE j.search_vector IS NULL AND c.id = j.company_id AND r.id = j.role_id AND ci.id = j.city_id
    AND s.id = ci.state_id AND co.id = s.country_id;
