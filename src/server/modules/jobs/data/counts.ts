// noofJobs at any size within the 15 ms budget: small results (up to 1,000) are counted exactly
// through the listing indexes (in the listing's own statement, see listing-sql.ts); larger ones
// come from job_counts, a table of GROUPING SETS counts refreshed every few minutes (a count over
// 850k rows would take 50+ ms), of which each process keeps a copy in memory so that a large result
// costs no query at all. With several servers the copies stay in step: one server recomputes the
// table per period (an advisory lock and job_counts_refresh's time), every server reloads its copy
// from the table when that time has passed, so they answer from the same refresh, give or take
// the moments between one loading it and the next. A keyword search is counted exactly up to SEARCH_COUNT_LIMIT (10,000) and
// answered as that above it: the matches it ranks and pages (listing-sql.ts).
import type { ListingQuery } from '../../../../shared/contract/jobs.ts';
import { SEARCH_COUNT_LIMIT } from '../../../../shared/constants.ts';
import { filterConditions } from './listing-sql.ts';
import { Params, type RunStatement } from '../../../db/statements.ts';

export const EXACT_LIMIT = 1_000;
/**
 * How old the counts table may get before a listing triggers a refresh in the background (the
 * default; COUNTS_REFRESH_MS sets it).
 */
export const COUNTS_MAX_AGE_MS = 5 * 60_000;
/**
 * The advisory lock a refresh holds for its transaction: with several servers on one PostgreSQL
 * database, one of them recomputes the table while the others keep answering from it. On PGlite
 * there is one process and the same statements just work.
 */
export const REFRESH_COUNTS_LOCK = 7_261_001;
/**
 * The in-memory copy answers alone only above this, so that a result that shrank below the exact
 * limit since the last refresh (by more than 5% in a few minutes) is still counted exactly.
 */
export const TRUSTED_STORED = Math.ceil(EXACT_LIMIT * 1.05);
/**
 * How old this server's copy of job_counts may get before a listing reads the table again (in the
 * background): the trigger of migration 0018 moves the table on every write to jobs, made by any
 * server or command, and the server that wrote reloads at once (reload below).
 */
export const COUNTS_RELOAD_MS = 2_000;

type Filters = Pick<
  ListingQuery,
  'company' | 'role' | 'location' | 'experienceLevel' | 'workMode' | 'salaryStated'
>;

/** job_counts' key columns for a query's filters ('' and -1: any). */
const keyOf = (f: Filters) =>
  [
    f.company ?? 0,
    f.role ?? 0,
    f.location ?? 0,
    f.experienceLevel ?? -1,
    f.workMode ?? '',
    f.salaryStated === true ? 1 : -1,
  ] as const;

async function fullCount(run: RunStatement, filters: Filters) {
  const params = new Params();
  const { conditions, shape } = filterConditions(filters, null, params);
  const rows = await run<{ n: number }>({ name: `jobs-count-full-${shape || 'all'}`, text: `SELECT count(*)::int AS n FROM jobs j WHERE ${conditions.join(' AND ')}`, values: params.values });
  return rows[0]?.n ?? 0;
}

async function storedCount(run: RunStatement, f: Filters): Promise<number | undefined> {
  const rows = await run<{ n: number }>({ name: 'jobs-count-stored', text: `SELECT n FROM job_counts WHERE company_id = $1 AND role_id = $2 AND city_id = $3 AND experience_level_id = $4 AND work_mode = $5 AND salary_stated = $6`, values: [...keyOf(f)] });
  return rows[0]?.n;
}

/**
 * Recomputes job_counts in one transaction (readers keep seeing the old rows until it commits).
 * A background job, not a request: at a million jobs the CUBE takes ~6 s, past the 5 s bound on
 * requests (db/client.ts), so the transaction gets a bound of its own.
 */
export const REFRESH_COUNTS_TIMEOUT = '120s';
export const REFRESH_COUNTS_SQL = [
  `SET LOCAL statement_timeout = '${REFRESH_COUNTS_TIMEOUT}'`,
  'DELETE FROM job_counts',
  // GROUPING() tells "any" from a job's own null (work mode not stated: '-', never a filter). Work
  // mode and salary stated are counted alone and with at most one of the other four: a CUBE of all
  // six takes 6x the time of the four (2.4 s against 0.4 s at 100k jobs on PostgreSQL), these sets
  // 1.6x (0.66 s) and lose only combinations rarely over the exact limit, which are counted.
  `INSERT INTO job_counts (company_id, role_id, city_id, experience_level_id, work_mode, salary_stated, n)
   SELECT coalesce(company_id, 0), coalesce(role_id, 0), coalesce(city_id, 0),
          coalesce(experience_level_id, -1),
          CASE WHEN GROUPING(work_mode) = 1 THEN '' ELSE coalesce(work_mode, '-') END,
          CASE WHEN GROUPING(stated) = 1 THEN -1 WHEN stated THEN 1 ELSE 0 END, count(*)
   FROM (SELECT company_id, role_id, city_id, experience_level_id, work_mode,
           salary_provided = 'true' AS stated
         FROM jobs j WHERE j.is_active AND (j.valid_through IS NULL OR j.valid_through > now())) j
   GROUP BY GROUPING SETS (
     CUBE (company_id, role_id, city_id, experience_level_id),
     (work_mode), (stated), (work_mode, stated),
     (company_id, work_mode), (company_id, stated), (company_id, work_mode, stated),
     (role_id, work_mode), (role_id, stated), (role_id, work_mode, stated),
     (city_id, work_mode), (city_id, stated), (city_id, work_mode, stated),
     (experience_level_id, work_mode), (experience_level_id, stated),
     (experience_level_id, work_mode, stated))
   HAVING count(*) >= ${EXACT_LIMIT}`,
];

const key = (f: Filters) => keyOf(f).join(':');

/** Runs statements in one transaction on the primary; exec answers a statement's rows. */
export type Transaction = <T>(
  work: (exec: <R>(statement: string) => Promise<R[]>) => Promise<T>,
) => Promise<T>;

export interface Counter {
  /** A large result's count from the in-memory copy of job_counts, without a query; else undefined. */
  stored(filters: Filters, tsquery: string | null): number | undefined;
  /** How many rows a bounded count may scan for this query (listingSql counts up to it + 1). */
  limit(tsquery: string | null): number;
  /** noofJobs from a bounded count made elsewhere (up to limit + 1). */
  fromBounded(filters: Filters, tsquery: string | null, bounded: number): Promise<number>;
  /** Matches of one filter value alone as of the last refresh; 0 when under the exact limit. */
  sizeOf(filter: Filters): number;
  /** Recomputes the counts table now (after a bulk load); concurrent calls share one run. */
  refresh(): Promise<void>;
  /**
   * Recomputes the counts table if no server did within the refresh period, else loads what the
   * last refresh left; concurrent calls share one run.
   */
  refreshIfDue(): Promise<void>;
  /** Loads the counts table as it is once per process (before the first refresh finishes). */
  ready(): Promise<void>;
  /**
   * Reads the counts table again now: a write that moved it (a job going live or closing,
   * employer-jobs.service.ts) is counted at once by this server, not after the next refresh.
   */
  reload(): Promise<void>;
}

export function createCounter(
  run: RunStatement,
  transaction: Transaction,
  maxAgeMs: number = COUNTS_MAX_AGE_MS,
): Counter {
  /** When the table was last recomputed (by any server), on this process's clock; 0: unknown. */
  let refreshedAt = 0;
  let refreshing: Promise<void> | null = null;
  let snapshot = new Map<string, number>();
  let loaded: Promise<void> | null = null;
  let loadedAt = 0;
  let reloading: Promise<void> | null = null;

  async function load() {
    const began = Date.now();
    const rows = await run<{
      c: number;
      r: number;
      l: number;
      e: number;
      w: string;
      s: number;
      n: number;
    }>({ name: 'jobs-count-snapshot', text: 'SELECT company_id AS c, role_id AS r, city_id AS l, experience_level_id AS e, work_mode AS w, salary_stated AS s, n FROM job_counts', values: [] });
    snapshot = new Map(
      rows.map((row) => [[row.c, row.r, row.l, row.e, row.w, row.s].join(':'), Number(row.n)]),
    );
    loadedAt = began;
  }

  function reloadIfOld() {
    if (Date.now() - loadedAt > COUNTS_RELOAD_MS && !reloading) {
      reloading = load()
        .catch(() => {})
        .finally(() => {
          reloading = null;
        });
    }
  }

  /**
   * Forced: waits for the lock (another server's refresh) and recomputes. Not forced: recomputes
   * only if the lock is free and the last refresh by any server is older than the period, which
   * job_counts_refresh records (with a count of runs, which the cluster test reads).
   */
  const recompute = (force: boolean) =>
    transaction(async (exec) => {
      const [lock] = await exec<{ got: boolean }>(
        force
          ? `SELECT true AS got, pg_advisory_xact_lock(${REFRESH_COUNTS_LOCK})`
          : `SELECT pg_try_advisory_xact_lock(${REFRESH_COUNTS_LOCK}) AS got`,
      );
      // Epochs, not a timestamp difference: the row starts at -infinity ("never"), which
      // PostgreSQL 15 cannot subtract from now().
      const ageOf = async () => {
        const [row] = await exec<{ age_ms: number | string | null }>(
          `SELECT ((extract(epoch FROM now()) - extract(epoch FROM refreshed_at)) * 1000)::float8 AS age_ms FROM job_counts_refresh WHERE id = 1`,
        );
        const age = Number(row?.age_ms);
        return Number.isFinite(age) ? age : Infinity;
      };
      // Another server is recomputing: answer from what is there until its next due time.
      if (!lock?.got) return Math.min(await ageOf(), maxAgeMs);
      if (!force) {
        const age = await ageOf();
        if (age < maxAgeMs) return age;
      }
      for (const statement of REFRESH_COUNTS_SQL) await exec(statement);
      await exec(
        `INSERT INTO job_counts_refresh (id, refreshed_at, runs) VALUES (1, now(), 1)
         ON CONFLICT (id) DO UPDATE SET refreshed_at = now(), runs = job_counts_refresh.runs + 1`,
      );
      return 0;
    });

  function start(force: boolean): Promise<void> {
    const began = Date.now();
    refreshing ??= recompute(force)
      .then(async (ageMs) => {
        await load();
        refreshedAt = began - ageMs;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }
  const refresh = () => start(true);
  const refreshIfDue = () => start(false);

  function refreshIfStale() {
    if (Date.now() - refreshedAt > maxAgeMs && !refreshing) {
      // Background: this request answers from what is there; a failed refresh is retried later.
      refreshIfDue().catch(() => {});
    }
  }

  function stored(filters: Filters, tsquery: string | null): number | undefined {
    if (tsquery !== null) return undefined;
    const n = snapshot.get(key(filters));
    if (n === undefined || n < TRUSTED_STORED) return undefined;
    refreshIfStale();
    reloadIfOld();
    return n;
  }

  const limit = (tsquery: string | null) => (tsquery === null ? EXACT_LIMIT : SEARCH_COUNT_LIMIT);

  async function fromBounded(filters: Filters, tsquery: string | null, bounded: number) {
    if (tsquery !== null) return Math.min(bounded, SEARCH_COUNT_LIMIT);
    if (bounded <= EXACT_LIMIT) return bounded;
    refreshIfStale();
    if (refreshedAt > 0) {
      const n = await storedCount(run, filters);
      if (n !== undefined) return n;
    }
    return fullCount(run, filters);
  }

  const sizeOf = (filter: Filters) => snapshot.get(key(filter)) ?? 0;

  // A restarted server answers from the table the last refresh left (its next refresh follows in
  // the background) instead of counting large results in full until its own refresh is done.
  const ready = () => (loaded ??= load().catch(() => {}));

  return { stored, limit, fromBounded, sizeOf, refresh, refreshIfDue, ready, reload: load };
}
