// SQL of one listing page: the "deferred join" of DESIGN.md §8. The inner query finds the page's
// ids by an index-only scan of a partial listing index (filters and the closing date are INCLUDEd
// columns); only those rows are then joined to their names for display.
import type { ListingQuery } from '../../../shared/contract/jobs.ts';
import type { Cursor, SortKey } from './cursor.ts';
import { Params } from './sql-runner.ts';

/** Active: switched on and not past its closing date. `is_active` keeps the partial indexes usable. */
export const ACTIVE = `j.is_active AND (j.valid_through IS NULL OR j.valid_through > now())`;

const sortColumn: Record<SortKey, string> = { newest: 'j.posted_at', popular: 'j.views' };

export interface ListingSql {
  name: string;
  text: string;
  values: unknown[];
}

/** WHERE conditions for the four filters and the keyword search; shared with the counts. */
export function filterConditions(
  query: Pick<ListingQuery, 'company' | 'role' | 'location' | 'experienceLevel'>,
  tsquery: string | null,
  params: Params,
): { conditions: string[]; shape: string } {
  const conditions = [ACTIVE];
  let shape = '';
  const add = (key: string, column: string, value: number | undefined) => {
    if (value === undefined) return;
    conditions.push(`${column} = ${params.add(value)}`);
    shape += key;
  };
  add('c', 'j.company_id', query.company);
  add('r', 'j.role_id', query.role);
  add('l', 'j.city_id', query.location);
  add('e', 'j.experience_level_id', query.experienceLevel);
  if (tsquery !== null) {
    conditions.push(`j.search_vector @@ to_tsquery('simple', ${params.add(tsquery)})`);
    shape += 'q';
  }
  return { conditions, shape };
}

function keysetCondition(cursor: Cursor, rank: string | null, params: Params): string {
  const sortValue =
    cursor.sort === 'newest'
      ? `'epoch'::timestamptz + ${params.add(cursor.value)}::int8 * interval '1 microsecond'`
      : `${params.add(cursor.value)}::int4`;
  const id = `${params.add(cursor.id)}::int4`;
  const column = sortColumn[cursor.sort];
  if (rank === null) return `(${column}, j.id) < (${sortValue}, ${id})`;
  return `(${rank}, ${column}, j.id) < (${params.add(cursor.rank ?? 0)}::float8, ${sortValue}, ${id})`;
}

/** One statement: the page's ids (one more than asked, to know whether a next page exists), joined for display. */
export function listingSql(
  query: ListingQuery,
  cursor: Cursor | null,
  tsquery: string | null,
): ListingSql {
  const params = new Params();
  const sort: SortKey = query.sortBy ? 'popular' : 'newest';
  const { conditions, shape } = filterConditions(query, tsquery, params);
  const rank =
    tsquery === null
      ? null
      : `ts_rank(j.search_vector, to_tsquery('simple', $${params.values.length}))::float8`;
  if (cursor) conditions.push(keysetCondition(cursor, rank, params));
  const column = sortColumn[sort];
  const order = `${rank === null ? '' : 'rk DESC, '}sv DESC, id DESC`;
  const limit = params.add(query.pageSize + 1);
  const offset = cursor ? '0' : params.add((query.page - 1) * query.pageSize);
  const text = `
SELECT p.id, p.rk, (extract(epoch from j.posted_at) * 1000000)::float8 AS posted_micros,
  j.title, j.page_url, j.apply_link, j.salary_provided, j.salary_from, j.salary_to,
  j.best_in_industry, j.posted_at, j.views,
  co.id AS company_id, co.company_name, co.company_logo,
  ci.name AS city_name, s.name AS state_name, s.state_code,
  cn.name AS country_name, cn.iso3, cn.symbol, cn.currency,
  r.sort_name AS role_sort_name, jt.name AS job_type_name, el.name AS level_name,
  st.sort_name AS salary_type_sort_name
FROM (
  SELECT j.id, ${column} AS sv, ${rank ?? 'NULL::float8'} AS rk
  FROM jobs j
  WHERE ${conditions.join(' AND ')}
  ORDER BY ${rank === null ? '' : `${rank} DESC, `}${column} DESC, j.id DESC
  LIMIT ${limit} OFFSET ${offset}
) p
JOIN jobs j ON j.id = p.id
JOIN companies co ON co.id = j.company_id
JOIN cities ci ON ci.id = j.city_id
JOIN states s ON s.id = ci.state_id
JOIN countries cn ON cn.id = s.country_id
JOIN roles r ON r.id = j.role_id
JOIN job_types jt ON jt.id = j.job_type_id
JOIN experience_levels el ON el.id = j.experience_level_id
LEFT JOIN salary_types st ON st.id = j.salary_type_id
ORDER BY ${order.replace(/(rk|sv|id) DESC/g, 'p.$1 DESC')}`;
  const name = `jobs-list-${sort}-${shape || 'all'}-${cursor ? 'k' : 'o'}`;
  return { name, text, values: params.values };
}
