// noofJobs at any size within the 15 ms budget: small results (up to 1,000) are counted exactly
// through the listing indexes; larger ones come from job_counts, a table of GROUPING SETS counts
// refreshed every few minutes (a count over 850k rows would take 50+ ms). A keyword search is
// counted exactly up to 10,000 and answered as 10,000 above that.
import type { ListingQuery } from '../../../shared/contract/jobs.ts';
import { filterConditions } from './listing-query.ts';
import { Params, type Run } from './sql-runner.ts';

export const EXACT_LIMIT = 1_000;
export const SEARCH_COUNT_LIMIT = 10_000;
/** How old the counts table may get before a listing triggers a refresh in the background. */
export const COUNTS_MAX_AGE_MS = 5 * 60_000;

type Filters = Pick<ListingQuery, 'company' | 'role' | 'location' | 'experienceLevel'>;

/** Counts matches up to limit + 1 (cheap: stops early), so "more than limit" is known. */
export function boundedCountSql(filters: Filters, tsquery: string | null, limit: number) {
  const params = new Params();
  const { conditions, shape } = filterConditions(filters, tsquery, params);
  const cap = params.add(limit + 1);
  return {
    name: `jobs-count-${shape || 'all'}`,
    text: `SELECT count(*)::int AS n FROM (SELECT 1 FROM jobs j WHERE ${conditions.join(' AND ')} LIMIT ${cap}) s`,
    values: params.values,
  };
}

async function boundedCount(run: Run, filters: Filters, tsquery: string | null, limit: number) {
  const { name, text, values } = boundedCountSql(filters, tsquery, limit);
  const rows = await run<{ n: number }>(name, text, values);
  return rows[0]?.n ?? 0;
}

async function fullCount(run: Run, filters: Filters) {
  const params = new Params();
  const { conditions, shape } = filterConditions(filters, null, params);
  const rows = await run<{ n: number }>(
    `jobs-count-full-${shape || 'all'}`,
    `SELECT count(*)::int AS n FROM jobs j WHERE ${conditions.join(' AND ')}`,
    params.values,
  );
  return rows[0]?.n ?? 0;
}

async function storedCount(run: Run, f: Filters): Promise<number | undefined> {
  const rows = await run<{ n: number }>(
    'jobs-count-stored',
    `SELECT n FROM job_counts WHERE company_id = $1 AND role_id = $2 AND city_id = $3 AND experience_level_id = $4`,
    [f.company ?? 0, f.role ?? 0, f.location ?? 0, f.experienceLevel ?? -1],
  );
  return rows[0]?.n;
}

/** Recomputes job_counts in one transaction (readers keep seeing the old rows until it commits). */
export const REFRESH_COUNTS_SQL = [
  'DELETE FROM job_counts',
  `INSERT INTO job_counts (company_id, role_id, city_id, experience_level_id, n)
   SELECT coalesce(company_id, 0), coalesce(role_id, 0), coalesce(city_id, 0),
          coalesce(experience_level_id, -1), count(*)
   FROM jobs j WHERE j.is_active AND (j.valid_through IS NULL OR j.valid_through > now())
   GROUP BY CUBE (company_id, role_id, city_id, experience_level_id)
   HAVING count(*) >= ${EXACT_LIMIT}`,
];

export interface Counter {
  count(filters: Filters, tsquery: string | null): Promise<number>;
  /** Recomputes the counts table now (after a bulk load); concurrent calls share one run. */
  refresh(): Promise<void>;
}

export function createCounter(
  run: Run,
  transaction: (statements: string[]) => Promise<void>,
): Counter {
  let refreshedAt = 0;
  let refreshing: Promise<void> | null = null;

  function refresh(): Promise<void> {
    refreshing ??= transaction(REFRESH_COUNTS_SQL)
      .then(() => {
        refreshedAt = Date.now();
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function count(filters: Filters, tsquery: string | null): Promise<number> {
    if (tsquery !== null)
      return boundedCount(run, filters, tsquery, SEARCH_COUNT_LIMIT).then((n) =>
        Math.min(n, SEARCH_COUNT_LIMIT),
      );
    const small = await boundedCount(run, filters, null, EXACT_LIMIT);
    if (small <= EXACT_LIMIT) return small;
    if (Date.now() - refreshedAt > COUNTS_MAX_AGE_MS && !refreshing) {
      // Background: this request answers from what is there; a failed refresh is retried later.
      refresh().catch(() => {});
    }
    if (refreshedAt > 0) {
      const stored = await storedCount(run, filters);
      if (stored !== undefined) return stored;
    }
    return fullCount(run, filters);
  }

  return { count, refresh };
}
