// Suggestions behind the filter dropdowns (matched anywhere, case- and accent-insensitive, best
// match first; when no name matches, the nearest spellings, marked `near`) and the names that a
// shared link's ids stand for.
import { type SQL, sql } from 'drizzle-orm';
import { EXPERIENCE_OPTIONS, SUGGESTION_LIMIT } from '../../../shared/constants.ts';
import type { CompanyOption, DropdownOption } from '../../../shared/contract/filters.ts';
import type { FiltersService } from '../../../shared/services.ts';
import { normalizeSearch } from '../../../shared/text.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { cityOtherName, locationAliases } from './place-names.ts';

/** LIKE treats `%`, `_` and `\` as special; typed text must match them literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * WHERE and ORDER BY for one `name_search` column: exact, then prefix, then start of a word, then
 * anywhere; shorter names first within a rank (closer to what was typed).
 */
function matchClauses(column: SQL, displayName: SQL, typed: string) {
  const e = escapeLike(typed);
  return {
    where: sql`${column} like ${`%${e}%`} escape '\\'`,
    orderBy: sql`case when ${column} = ${typed} then 0
                      when ${column} like ${`${e}%`} escape '\\' then 1
                      when ${column} like ${`% ${e}%`} escape '\\' then 2
                      else 3 end,
                 length(${displayName}), ${displayName}`,
  };
}

/**
 * How alike (pg_trgm's word_similarity: the share of the typed text's letter triples found in the
 * name's best-matching run of words) a name must be to a text no name contains, to be offered:
 * "sofware" finds Software (0.55), "Berln" Berlin (0.67), "markting" Marketing (0.58); "nurse"
 * is not Nürnberg (0.5).
 */
export const NEAR_SIMILARITY = 0.51;
/** At most this many nearest spellings: "did you mean" offers them all. */
export const NEAR_LIMIT = 5;

/**
 * WHERE and ORDER BY for names spelt nearly as typed. `<%` (at NEAR_SIMILARITY, set by
 * `nearRows`) lets the column's trigram GIN index find them, so that a table of many companies is
 * not read whole.
 */
function nearClauses(column: SQL, displayName: SQL, typed: string) {
  return {
    where: sql`${typed} <% ${column}`,
    orderBy: sql`word_similarity(${typed}, ${column}) desc, similarity(${typed}, ${column}) desc,
                 length(${displayName}), ${displayName}`,
  };
}

/** Runs a query of `nearClauses` with `<%` at NEAR_SIMILARITY (pg_trgm's own default is 0.6). */
function nearRows<T>(db: Db, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(NEAR_SIMILARITY)}, true)`,
    );
    return queryRows<T>(tx, query);
  });
}

/**
 * The suggestions `match` finds for `typed`, or, when it finds none, the nearest spellings
 * `near` finds, marked so: a near name is offered ("did you mean"), never taken as the choice.
 */
async function orNearest<T extends object>(
  match: () => Promise<T[]>,
  near: () => Promise<T[]>,
): Promise<(T & { near?: boolean })[]> {
  const found = await match();
  if (found.length > 0) return found;
  return (await near()).map((option) => ({ ...option, near: true }));
}

/**
 * A typed role as its name and its short name: a label "name (short)" splits in two, any other
 * text may be either.
 */
export function roleNames(typed: string): { role: string; short: string } {
  const label = /^(.+) \(([^()]+)\)$/.exec(typed);
  return label ? { role: label[1]!, short: label[2]! } : { role: typed, short: typed };
}

const experienceLabel = (level: number) => EXPERIENCE_OPTIONS.find((o) => o.value === level)?.label;

/** Live jobs counted per city when ordering a region's cities; more rank the same. */
const CITY_JOBS_COUNTED = 500;

export function createFiltersService(db: Db): FiltersService {
  return {
    async locations(name) {
      const typed = normalizeSearch(name);
      if (!typed) return [];
      const m = matchClauses(sql`c.name_search`, sql`c.name`, typed);
      // A location is a city (no job filters by country): a country's or state's name typed offers
      // its cities to choose from, after the cities whose own name matches.
      const region = `${escapeLike(typed)}%`;
      const inRegion = sql`(lower(co.name) like ${region} escape '\\'
                            or lower(s.name) like ${region} escape '\\')`;
      // Another name for a place ("Bangalore", "NYC", "UK") offers it: a city so named first.
      const aliases = locationAliases(typed);
      const anyOf = (column: SQL, names: string[]) =>
        sql`${column} in (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )})`;
      const byAlias = [
        ...(aliases.cities.length > 0 ? [anyOf(sql`c.name_search`, aliases.cities)] : []),
        ...(aliases.countries.length > 0 ? [anyOf(sql`lower(co.name)`, aliases.countries)] : []),
      ];
      const where = sql.join([m.where, inRegion, ...byAlias], sql` or `);
      const aliasFirst = aliases.cities.length > 0 ? sql`(${byAlias[0]}) desc, ` : sql``;
      const near = nearClauses(sql`c.name_search`, sql`c.name`, typed);
      // A country's or state's cities, the ones with the most live jobs first (counted up to
      // CITY_JOBS_COUNTED, on jobs_city_newest): "India" offers Bengaluru and Mumbai, not the
      // shortest names. Counted only for cities offered by region (CASE runs it for those alone).
      const liveJobs = sql`(select count(*) from (select 1 from jobs j
                              where j.city_id = c.id and j.is_active
                              limit ${CITY_JOBS_COUNTED}) counted)`;
      const cities = (where: SQL, orderBy: SQL, limit: number) =>
        sql`select c.id::text as id, c.name || ', ' || s.name || ', ' || co.name as label
            from cities c
            join states s on s.id = c.state_id
            join countries co on co.id = s.country_id
            where ${where}
            order by ${orderBy}, c.id
            limit ${limit}`;
      return orNearest(
        () =>
          queryRows<DropdownOption>(
            db,
            cities(
              where,
              sql`${aliasFirst}(${m.where}) desc,
                  case when ${m.where} then 0 else ${liveJobs} end desc, ${m.orderBy}`,
              SUGGESTION_LIMIT,
            ),
          ),
        () => nearRows<DropdownOption>(db, cities(near.where, near.orderBy, NEAR_LIMIT)),
      );
    },

    cityOtherName,

    async roles(name) {
      const typed = normalizeSearch(name);
      if (!typed) return [];
      // The names the site shows a role by: its label ("Software Development Engineer (SDE)",
      // as offered here) and its short name alone ("SDE", on every job).
      const { role, short } = roleNames(typed);
      const m = matchClauses(sql`r.name_search`, sql`r.name`, role);
      const isShort = sql`lower(r.sort_name) = ${short}`;
      const near = nearClauses(sql`r.name_search`, sql`r.name`, role);
      const roles = (where: SQL, orderBy: SQL, limit: number) =>
        sql`select r.id::text as id,
                   case when r.sort_name <> '' and r.sort_name <> r.name
                        then r.name || ' (' || r.sort_name || ')' else r.name end as label
            from roles r
            where ${where}
            order by ${orderBy}, r.id
            limit ${limit}`;
      return orNearest(
        () =>
          queryRows<DropdownOption>(
            db,
            roles(
              sql`${m.where} or ${isShort}`,
              sql`${isShort} desc, ${m.orderBy}`,
              SUGGESTION_LIMIT,
            ),
          ),
        () => nearRows<DropdownOption>(db, roles(near.where, near.orderBy, NEAR_LIMIT)),
      );
    },

    async experienceLevels() {
      return EXPERIENCE_OPTIONS.map((o) => ({ id: String(o.value), label: o.label }));
    },

    async companies(name) {
      const typed = normalizeSearch(name);
      if (!typed) return [];
      const m = matchClauses(sql`c.name_search`, sql`c.company_name`, typed);
      const near = nearClauses(sql`c.name_search`, sql`c.company_name`, typed);
      const companies = (where: SQL, orderBy: SQL, limit: number) =>
        sql`select c.id::text as "_id", c.company_name as "companyName"
            from companies c
            where ${where}
            order by ${orderBy}, c.id
            limit ${limit}`;
      return orNearest(
        () => queryRows<CompanyOption>(db, companies(m.where, m.orderBy, SUGGESTION_LIMIT)),
        () => nearRows<CompanyOption>(db, companies(near.where, near.orderBy, NEAR_LIMIT)),
      );
    },

    async labels(ids) {
      const none = sql`null::int`;
      const [row] = await queryRows<{
        company: string | null;
        role: string | null;
        location: string | null;
      }>(
        db,
        sql`select
              (select company_name from companies where id = ${ids.company ?? none}) as company,
              (select name from roles where id = ${ids.role ?? none}) as role,
              (select c.name || ', ' || s.name || ', ' || co.name
                 from cities c join states s on s.id = c.state_id
                 join countries co on co.id = s.country_id
                 where c.id = ${ids.location ?? none}) as location`,
      );
      const found: Awaited<ReturnType<FiltersService['labels']>> = {};
      if (row?.company) found.company = row.company;
      if (row?.role) found.role = row.role;
      if (row?.location) found.location = row.location;
      const level =
        ids.experienceLevel === undefined ? undefined : experienceLabel(ids.experienceLevel);
      if (level) found.experienceLevel = level;
      return found;
    },
  };
}
