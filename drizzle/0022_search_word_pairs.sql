-- Keyword search finds a job by two neighbouring words of its title or role written as one:
-- "fullstack" finds "Full Stack Developer", as "full stack" already finds "Fullstack" (the API
-- joins neighbouring typed words, modules/jobs/data/keyword.ts). Only the title's and the role's
-- pairs are kept, at their weights, so the GIN index grows by a few words a job; a company, place,
-- skill or tag is found by its own words as before.
CREATE OR REPLACE FUNCTION openings_search_pairs(folded text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- openings_search_text's words, each joined to the next: 'full stack developer' gives
  -- 'fullstack stackdeveloper'; a single word gives nothing.
  SELECT coalesce(string_agg(a || b, ' '), '')
  FROM (SELECT string_to_array(btrim(folded), ' ') w) words,
    unnest(w[:cardinality(w) - 1], w[2:]) AS pair(a, b)
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
      array_to_string(skills, ' ') || ' ' || array_to_string(tags, ' '))), 'D') ||
    setweight(to_tsvector('simple', openings_search_pairs(openings_search_text(title))), 'A') ||
    setweight(to_tsvector('simple', openings_search_pairs(openings_search_text(role))), 'B')
$$;--> statement-breakpoint
-- Every job's column again, with the pairs (the trigger only recomputes a job whose words change).
UPDATE jobs j SET search_vector = openings_search_vector(j.title, c.company_name,
    r.name || ' ' || r.sort_name, ci.name || ' ' || s.name || ' ' || co.name, j.skills, j.search_tags)
  FROM companies c, roles r, cities ci, states s, countries co
  WHERE c.id = j.company_id AND r.id = j.role_id AND ci.id = j.city_id
    AND s.id = ci.state_id AND co.id = s.country_id;
