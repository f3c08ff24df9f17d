// The names a job card shows besides the job's own fields: its company (name, logo), place (city,
// state, country, currency), role, job type, experience level and salary unit. They come from
// eight small tables (tens to a few thousand rows) that change rarely, so the server keeps them in
// memory and a listing statement reads only jobs: joining each of a page's eleven rows to eight
// tables would be half the statement's work (0.25 of 0.55 ms on PGlite). The statement also answers the
// tables' version (migration 0008: any change to them moves it), and names of an older version are
// read again before use, so a card never shows a stale name, on any number of servers.
import type { RunStatement } from '../../../db/statements.ts';

export interface CompanyNames {
  companyName: string;
  companyLogo: string;
  slug: string;
}
export interface PlaceNames {
  city: string;
  state: string;
  stateCode: string;
  country: string;
  iso3: string;
  symbol: string;
  currency: string;
}
export interface CardNames {
  companies: Map<number, CompanyNames>;
  places: Map<number, PlaceNames>;
  roles: Map<number, string>;
  jobTypes: Map<number, string>;
  levels: Map<number, string>;
  salaryTypes: Map<number, string>;
}

/** The version of the names: a listing statement answers it as `names_version`. */
export const NAMES_VERSION = `(SELECT version FROM card_names_version)`;

const byId = <T>(rows: { id: number }[], value: (row: never) => T) =>
  new Map(rows.map((row) => [row.id, value(row as never)]));

async function load(run: RunStatement): Promise<{ version: string; names: CardNames }> {
  // The version first: names read after it are at least that new (a change in between only
  // makes the next statement read them again).
  const [row] = await run<{ version: string }>({ name: 'card-names-version', text: `SELECT version::text AS version FROM card_names_version`, values: [] });
  if (!row) throw new Error('card_names_version has no row (migration 0008)');
  const [companies, places, roles, jobTypes, levels, salaryTypes] = await Promise.all([
    run<{ id: number; company_name: string; company_logo: string; slug: string }>({ name: 'card-names-companies', text: 'SELECT id, company_name, company_logo, slug FROM companies', values: [] }),
    run<{ id: number } & Record<keyof PlaceNames, string>>({ name: 'card-names-places', text: `SELECT ci.id, ci.name AS city, s.name AS state, s.state_code AS "stateCode",
        cn.name AS country, cn.iso3, cn.symbol, cn.currency
      FROM cities ci JOIN states s ON s.id = ci.state_id JOIN countries cn ON cn.id = s.country_id`, values: [] }),
    run<{ id: number; name: string }>({ name: 'card-names-roles', text: 'SELECT id, sort_name AS name FROM roles', values: [] }),
    run<{ id: number; name: string }>({ name: 'card-names-job-types', text: 'SELECT id, name FROM job_types', values: [] }),
    run<{ id: number; name: string }>({ name: 'card-names-levels', text: 'SELECT id, name FROM experience_levels', values: [] }),
    run<{ id: number; name: string }>({ name: 'card-names-salary-types', text: 'SELECT id, sort_name AS name FROM salary_types', values: [] }),
  ]);
  const name = (r: { name: string }) => r.name;
  return {
    version: row.version,
    names: {
      companies: byId(companies, (r: (typeof companies)[number]) => ({
        companyName: r.company_name,
        companyLogo: r.company_logo,
        slug: r.slug,
      })),
      places: byId(places, ({ id: _, ...place }: (typeof places)[number]) => place),
      roles: byId(roles, name),
      jobTypes: byId(jobTypes, name),
      levels: byId(levels, name),
      salaryTypes: byId(salaryTypes, name),
    },
  };
}

export function createCardNames(run: RunStatement) {
  let current: { version: string; names: CardNames } | null = null;
  let loading: Promise<{ version: string; names: CardNames }> | null = null;
  const reload = () =>
    (loading ??= load(run)
      .then((loaded) => (current = loaded))
      .finally(() => (loading = null)));
  return {
    /** The names as of `version` (a statement's names_version), or newer. */
    async at(version: string): Promise<CardNames> {
      if (current?.version === version) return current.names;
      const loaded = await reload();
      if (loaded.version === version) return loaded.names;
      // That load may have begun before the statement ran: one that begins now is as new.
      return (await reload()).names;
    },
  };
}
