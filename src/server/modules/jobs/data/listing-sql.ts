// SQL of one listing page: the "deferred join" of DESIGN.md §8. The inner query finds the page's
// ids by an index-only scan of a partial listing index (filters and the closing date are INCLUDEd
// columns); only those rows are then read from jobs, with the version of the names the server keeps
// in memory (card-names.ts). The same statement counts the matches up to a bound (one round trip
// per page).
import { SEARCH_COUNT_LIMIT } from '../../../../shared/constants.ts';
import type { ListingQuery } from '../../../../shared/contract/jobs.ts';
import type { Cursor, SortKey } from '../cursor.ts';
import { Params, type Statement } from '../../../db/statements.ts';
import { NAMES_VERSION } from './card-names.ts';

/** Active: switched on and not past its closing date. `is_active` keeps the partial indexes usable. */
export const ACTIVE = `j.is_active AND (j.valid_through IS NULL OR j.valid_through > now())`;

/**
 * Active jobs with ids in (after, upTo], in id order, at most `limit`: the sitemap's read. The
 * primary key's range bounds the rows it reads, whatever the table's size, so any sitemap file
 * costs the same as the first.
 */
export function activeSlugsSql(after: number, upTo: number, limit: number): Statement {
  return {
    name: 'jobs-active-slugs',
    text: `SELECT j.id, j.page_url, j.updated_at FROM jobs j
  WHERE j.id > $1 AND j.id <= $2 AND ${ACTIVE}
  ORDER BY j.id LIMIT $3`,
    values: [after, upTo, limit],
  };
}

const sortColumn: Record<SortKey, string> = { newest: 'j.posted_at', popular: 'j.views' };

export type FilterKey = 'company' | 'role' | 'location' | 'experienceLevel';
/**
 * The four id filters, which have listing indexes of their own, and work mode and salary stated,
 * which every listing index carries as INCLUDEd columns (migration 0017): they narrow whichever
 * index the plan walks and never drive it.
 */
export type Filters = Pick<ListingQuery, FilterKey | 'workMode' | 'salaryStated'>;

/** Pairs of filters with listing indexes of their own (migration 0007), besides each filter's. */
export const DRIVER_PAIRS: readonly (readonly [FilterKey, FilterKey])[] = [
  ['role', 'location'],
  ['role', 'experienceLevel'],
  ['location', 'experienceLevel'],
];

const FILTER_KEYS: readonly FilterKey[] = ['company', 'location', 'role', 'experienceLevel'];

/**
 * With two or more filters, the one or the indexed pair with the fewest matches (`sizeOf`: as of
 * the last count, 0 when under the exact limit) drives the plan; a pair first when sizes tie.
 */
export function chooseDriver(
  query: Filters,
  sizeOf: (filters: Filters) => number,
): readonly FilterKey[] | null {
  const given = FILTER_KEYS.filter((k) => query[k] !== undefined);
  if (given.length < 2) return null;
  const candidates: (readonly FilterKey[])[] = [
    ...DRIVER_PAIRS.filter((pair) => pair.every((k) => given.includes(k))),
    ...given.map((k) => [k]),
  ];
  const size = (keys: readonly FilterKey[]) =>
    sizeOf(Object.fromEntries(keys.map((k) => [k, query[k]])));
  return candidates.reduce((best, c) => (size(c) < size(best) ? c : best));
}

/**
 * WHERE conditions for the four filters and the keyword search; shared with the counts. With a
 * `driver` (one filter, or a pair that has an index of its own: DRIVER_PAIRS), the other filters
 * are written `column + 0` so that only the driver's index can serve them: a prepared statement's
 * generic plan cannot see the values, and picking the wrong one of two filter indexes (or the
 * unfiltered sort index) costs a scan of up to a million entries.
 */
export function filterConditions(
  query: Filters,
  tsquery: string | null,
  params: Params,
  driver: readonly FilterKey[] | null = null,
): { conditions: string[]; shape: string } {
  const conditions = [ACTIVE];
  let shape = '';
  const add = (name: FilterKey, key: string, column: string) => {
    const value = query[name];
    if (value === undefined) return;
    const indexable = driver === null || driver.includes(name);
    conditions.push(`${indexable ? column : `(${column} + 0)`} = ${params.add(value)}`);
    shape += driver?.includes(name) ? key.toUpperCase() : key;
  };
  add('company', 'c', 'j.company_id');
  add('role', 'r', 'j.role_id');
  add('location', 'l', 'j.city_id');
  add('experienceLevel', 'e', 'j.experience_level_id');
  if (query.workMode !== undefined) {
    conditions.push(`j.work_mode = ${params.add(query.workMode)}`);
    shape += 'w';
  }
  if (query.salaryStated === true) {
    conditions.push(`j.salary_provided = 'true'`);
    shape += 's';
  }
  if (tsquery !== null) {
    conditions.push(`j.search_vector @@ to_tsquery('simple', ${params.add(tsquery)})`);
    shape += 'q';
  }
  return { conditions, shape };
}

/** Rows after the cursor in the order (rank,) sort value, id; `at` names those columns. */
function keysetCondition(
  cursor: Cursor,
  params: Params,
  at: { rank?: string; sort: string; id: string },
): string {
  const sortValue =
    cursor.sort === 'newest'
      ? `'epoch'::timestamptz + ${params.add(cursor.value)}::int8 * interval '1 microsecond'`
      : `${params.add(cursor.value)}::int4`;
  const id = `${params.add(cursor.id)}::int4`;
  if (at.rank === undefined) return `(${at.sort}, ${at.id}) < (${sortValue}, ${id})`;
  return `(${at.rank}, ${at.sort}, ${at.id}) < (${params.add(cursor.rank ?? 0)}::float8, ${sortValue}, ${id})`;
}

/**
 * The smallest of 2^k × 1, 1.25, 1.5 or 1.75 that is at least `rows`: an index walk at most 25%
 * longer than the page needs (page 500 of 10 walks 5,120 entries, not 8,192), for four prepared
 * statements per doubling of the depth.
 */
export function reachBucket(rows: number): number {
  const base = 2 ** Math.floor(Math.log2(rows));
  for (const step of [1, 1.25, 1.5, 1.75]) {
    const bucket = Math.ceil(base * step);
    if (bucket >= rows) return bucket;
  }
  return base * 2;
}

/**
 * A keyword search ranks this many of its matches at most, the newest (or most viewed) ones. A
 * rarer word is ranked in full; a common one ("engineer" matches a third of a million jobs at 1M)
 * is not ranked across every match on every page (that takes 1–3 s; the window, 60–250 ms).
 * noofJobs of a search stops at the same number (counts.ts), so the count says how many results
 * can be paged, and the page shows it as "10k+".
 */
export const SEARCH_WINDOW = SEARCH_COUNT_LIMIT;

export interface ListingOptions {
  /**
   * Also count the matches up to this + 1 (column `bounded_count` of every row); null: don't. A
   * keyword search always counts its window instead.
   */
  countLimit?: number | null;
  /** The filter or pair whose index finds the rows (the most selective); see filterConditions. */
  driver?: readonly FilterKey[] | null;
  /** Keyword searches: how many matches are ranked (SEARCH_WINDOW; smaller in tests). */
  searchWindow?: number;
  /** Keyword searches: false orders the matches by the sort alone, not by rank first. */
  ranked?: boolean;
}

/**
 * A job card's columns from the page's rows `p` joined to `j` (job-summary.ts CardRow): the ids
 * of its names, which the server has in memory, and their version (card-names.ts).
 */
export const CARD_COLUMNS = `(extract(epoch from j.posted_at) * 1000000)::float8 AS posted_micros,
  j.title, j.page_url, j.apply_link, j.salary_provided, j.salary_from, j.salary_to,
  j.best_in_industry, j.work_mode, j.posted_at, j.views, j.company_id, j.city_id, j.role_id, j.job_type_id,
  j.experience_level_id, j.salary_type_id, j.last_seen_at, ${NAMES_VERSION}::text AS names_version`;

/**
 * The page's rows `p` (id, sv, rk) joined to their jobs, as one JSON array in `order` (column
 * `rows`, NULL when there are none). With a `count` statement (one row, column n), every row
 * carries it as bounded_count, and a page with no rows (past the end) still answers one row: the
 * count, with every other field null. Either way one round trip. One JSON value instead of some
 * twenty columns per row: PGlite's protocol reader copies each column out on its own (a third of
 * its thread), and JSON.parse reads the whole page at once. On PostgreSQL building the JSON costs
 * ~8% of the listing's throughput (bench/api), kept for one way of reading a page.
 */
function withCards(page: string, count: string | null, order: string[]): string {
  const cards = `SELECT p.id, p.rk, p.sv, ${CARD_COLUMNS}
  FROM (
    ${page}
  ) p
  JOIN jobs j ON j.id = p.id`;
  const rows =
    count === null
      ? cards
      : `SELECT p.*, c.n AS bounded_count
  FROM (${count}) c
  LEFT JOIN LATERAL (
    ${cards}
  ) p ON true`;
  return `
SELECT json_agg(r ORDER BY ${order.map((key) => `r.${key}`).join(', ')}) AS rows
FROM (
  ${rows}
) r`;
}

/**
 * One statement: the page's ids (one more than asked, to know whether a next page exists), joined
 * to their jobs, and optionally the bounded count, as one JSON array (see withCards).
 */
export function listingSql(
  query: ListingQuery,
  cursor: Cursor | null,
  tsquery: string | null,
  options: ListingOptions = {},
): Statement {
  if (tsquery !== null)
    return searchSql(
      query,
      cursor,
      tsquery,
      options.searchWindow ?? SEARCH_WINDOW,
      options.ranked ?? true,
    );
  const params = new Params();
  const sort: SortKey = query.sortBy ? 'popular' : 'newest';
  const { conditions, shape } = filterConditions(query, null, params, options.driver ?? null);
  const countLimit = options.countLimit ?? null;
  const counted =
    countLimit === null
      ? null
      : `SELECT count(*)::int AS n FROM (SELECT 1 FROM jobs j WHERE ${conditions.join(' AND ')} LIMIT ${countLimit + 1}) bc`;
  const column = sortColumn[sort];
  if (cursor) conditions.push(keysetCondition(cursor, params, { sort: column, id: 'j.id' }));
  // Literals where the value set is small (page sizes, and no offset on a first page or after a
  // cursor): a parameter LIMIT/OFFSET is estimated at 10% of the rows, which makes PostgreSQL's
  // generic plan of the statement worse than a custom one, and a custom plan costs planning on
  // every request (~0.5 ms at 1M jobs against ~0.1 ms of execution). The statement runs its
  // generic plan (plan: 'generic'); the filters' `+ 0` keeps that plan good for any values.
  const limit = String(query.pageSize + 1);
  const firstRows = cursor !== null || query.page === 1;
  const matches = `SELECT j.id, ${column} AS sv, NULL::float8 AS rk
  FROM jobs j
  WHERE ${conditions.join(' AND ')}
  ORDER BY ${column} DESC, j.id DESC`;
  // Deep pages by offset: the index walk is bounded by a literal (the rows up to the page's end,
  // rounded up to a bucket, so a few statements per shape cover every depth) and only the outer
  // OFFSET is a parameter, which cannot sway the plan: one generic plan per bucket.
  const reach = firstRows ? 0 : reachBucket(query.page * query.pageSize + 1);
  const page = firstRows
    ? `${matches}
  LIMIT ${limit}`
    : `SELECT w.id, w.sv, w.rk FROM (${matches}
  LIMIT ${reach}) w
  ORDER BY w.sv DESC, w.id DESC
  LIMIT ${limit} OFFSET ${params.add((query.page - 1) * query.pageSize)}`;
  const text = withCards(page, counted, ['sv DESC', 'id DESC']);
  const paging = cursor ? 'k' : firstRows ? 'p1' : `o${reach}`;
  const name = `jobs-list-${sort}-${shape || 'all'}-${paging}-s${limit}${countLimit === null ? '' : `-n${countLimit}`}`;
  return { name, text, values: params.values, plan: 'generic' };
}

/**
 * A keyword search: the `window` newest (or most viewed) matches, ranked by ts_rank and then the
 * sort (or, not `ranked`, by the sort alone), paged by offset or by a cursor over that order; the
 * window's size is the bounded count.
 * Run with a custom plan per keyword: a rare word is found through its GIN index, a common one by
 * walking the sort order until the window is full (jobs are stored in posting order, so that walk
 * reads the table nearly in sequence).
 */
function searchSql(
  query: ListingQuery,
  cursor: Cursor | null,
  tsquery: string,
  window: number,
  ranked: boolean,
): Statement {
  const params = new Params();
  const sort: SortKey = query.sortBy ? 'popular' : 'newest';
  const { conditions, shape } = filterConditions(query, tsquery, params);
  // The tsquery is the last parameter filterConditions added.
  const rank = `ts_rank(j.search_vector, to_tsquery('simple', $${params.values.length}))::float8`;
  const column = sortColumn[sort];
  const after = cursor
    ? `WHERE ${keysetCondition(cursor, params, ranked ? { rank: 'w.rk', sort: 'w.sv', id: 'w.id' } : { sort: 'w.sv', id: 'w.id' })}`
    : '';
  const order = ranked ? ['rk DESC', 'sv DESC', 'id DESC'] : ['sv DESC', 'id DESC'];
  const offset =
    cursor === null && query.page > 1
      ? ` OFFSET ${params.add((query.page - 1) * query.pageSize)}`
      : '';
  const text = `
WITH w AS MATERIALIZED (
  SELECT j.id, ${column} AS sv, ${rank} AS rk
  FROM jobs j
  WHERE ${conditions.join(' AND ')}
  ORDER BY ${column} DESC, j.id DESC
  LIMIT ${window}
)
${withCards(
  `SELECT w.id, w.sv, w.rk FROM w ${after}
  ORDER BY ${order.map((o) => `w.${o}`).join(', ')}
  LIMIT ${query.pageSize + 1}${offset}`,
  'SELECT count(*)::int AS n FROM w',
  order,
)}`;
  const paging = cursor ? 'k' : query.page === 1 ? 'p1' : 'o';
  const name = `jobs-search-${sort}-${shape}-${paging}-s${query.pageSize + 1}-w${window}${ranked ? '' : '-dated'}`;
  return { name, text, values: params.values, plan: 'per-values' };
}
