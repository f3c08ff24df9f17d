// The jobs read service: the listing (filters, sorts, offset or keyset paging, counts, keyword
// search), one job by its slug, and the active slugs for the sitemap.
import { sql } from 'drizzle-orm';
import type {
  JobDetail,
  JobSummary,
  ListingContent,
  ListingQuery,
} from '../../../shared/contract/jobs.ts';
import {
  InvalidQueryError,
  type JobLookup,
  type JobsService,
  type ListOptions,
  type SlugRange,
} from '../../../shared/services.ts';
import type { Db } from '../../db/client.ts';
import { type RunStatement, type Statement, statementRunner } from '../../db/statements.ts';
import { type Cursor, decodeCursor, encodeCursor, type SortKey } from './cursor.ts';
import { createCardNames } from './data/card-names.ts';
import { createCounter } from './data/counts.ts';
import { detailSql, toJobDetail, type DetailRow } from './data/job-detail.ts';
import { type CardRow, iso, namesOf, toJobSummary } from './data/job-summary.ts';
import { toPrefixTsquery } from './data/keyword.ts';
import { activeSlugsSql, chooseDriver, listingSql } from './data/listing-sql.ts';
import { similarRows } from './data/similar.ts';

const ALL_IDS: SlugRange = { after: 0, upTo: 2_147_483_647 };

type SlugRow = { id: number; page_url: string; updated_at: Date | string };

function cursorAfter(row: CardRow, sort: SortKey, ranked: boolean): Cursor {
  const value = sort === 'newest' ? row.posted_micros : row.views;
  const cursor: Cursor = { sort, value, id: row.id };
  if (ranked && row.rk !== null) cursor.rank = row.rk;
  return cursor;
}

const FILTER_TABLES = [
  ['company', 'companies', 'company'],
  ['role', 'roles', 'role'],
  ['location', 'cities', 'city'],
] as const;

/** Filter ids must name something; ids once seen are remembered (rows are not deleted). */
function createIdChecker(run: RunStatement) {
  const known = new Set<string>();
  return async function assertKnownIds(query: ListingQuery) {
    for (const [param, table, noun] of FILTER_TABLES) {
      const id = query[param];
      if (id === undefined || known.has(`${table}:${id}`)) continue;
      const rows = await run<{ id: number }>({
        name: `jobs-known-${table}`,
        text: `SELECT id FROM ${table} WHERE id = $1`,
        values: [id],
      });
      if (rows.length === 0) throw new InvalidQueryError(param, `no ${noun} has id ${id}`);
      if (known.size < 100_000) known.add(`${table}:${id}`);
    }
  };
}

/** One element of a listing statement's JSON array (data/listing-sql.ts withCards). */
type ListingRow = (CardRow | { id: null }) & { bounded_count?: number | null };

export type JobsServiceImpl = JobsService & {
  /** Recomputes the large-result counts (call after a bulk load). */
  refreshCounts(): Promise<void>;
  /** Reads the stored counts again (after a write that moved them). */
  reloadCounts(): Promise<void>;
  /**
   * list()'s first step: the statement it runs for a query, and the count it takes from memory
   * (if any); bench/api times these statements in the database.
   */
  plan(query: ListingQuery): Promise<{ stored: number | undefined; page: Statement }>;
};

export interface JobsServiceOptions {
  /** Where the reads go (a replica, db/client.ts); the counts refresh writes to `db`. */
  readDb?: Db;
  /** How often the large-result counts are recomputed, once across all servers (data/counts.ts). */
  countsMaxAgeMs?: number;
}

export function createJobsService(db: Db, options: JobsServiceOptions = {}): JobsServiceImpl {
  const run = statementRunner(options.readDb ?? db);
  const counter = createCounter(
    run,
    (work) =>
      db.transaction((tx) =>
        work(async <R>(statement: string) => {
          const result = (await tx.execute(sql.raw(statement))) as unknown as { rows: R[] };
          return result.rows;
        }),
      ),
    options.countsMaxAgeMs,
  );
  const assertKnownIds = createIdChecker(run);
  const cardNames = createCardNames(run);

  async function plan(query: ListingQuery, options: ListOptions = {}) {
    const sort: SortKey = query.sortBy ? 'popular' : 'newest';
    let tsquery: string | null = null;
    if (query.q !== undefined) tsquery = toPrefixTsquery(query.q);
    // A search is in best-match order unless a sort was asked for (or the caller wants dates).
    const ranked = tsquery !== null && query.sortBy === undefined && !options.byDate;
    const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor, sort, ranked);
    await Promise.all([assertKnownIds(query), counter.ready()]);
    const stored = counter.stored(query, tsquery);
    const page = listingSql(query, cursor, tsquery, {
      countLimit: stored === undefined ? counter.limit(tsquery) : null,
      driver: tsquery === null ? chooseDriver(query, counter.sizeOf) : null,
      ranked,
    });
    return { sort, tsquery, stored, page, ranked };
  }

  async function list(query: ListingQuery, options: ListOptions = {}): Promise<ListingContent> {
    // A keyword with no searchable word (only symbols, or a script the index does not hold)
    // matches no job.
    if (query.q !== undefined && toPrefixTsquery(query.q) === null) {
      return { jobs: [], noofJobs: 0, nextCursor: null };
    }
    const { sort, tsquery, stored, page, ranked } = await plan(query, options);
    const [answer] = await run<{ rows: ListingRow[] | null }>(page);
    const rows = answer?.rows ?? [];
    // A counted page past the end answers one row: the count, no job (data/listing-sql.ts withCards).
    const found = rows.filter((row): row is CardRow => row.id !== null);
    let noofJobs = stored;
    if (noofJobs === undefined) {
      const bounded = rows[0]?.bounded_count;
      if (typeof bounded !== 'number') throw new Error(`${page.name} answered no count`);
      noofJobs = await counter.fromBounded(query, tsquery, bounded);
    }
    const shown = found.slice(0, query.pageSize);
    const last = shown.at(-1);
    const names = last ? await cardNames.at(last.names_version) : null;
    return {
      jobs: names ? shown.map((row) => toJobSummary(row, namesOf(row, names))) : [],
      noofJobs,
      // A cursor follows the page's order; a page in date order for feeds and digests has none.
      nextCursor:
        found.length > query.pageSize && last && !options.byDate
          ? encodeCursor(cursorAfter(last, sort, ranked))
          : null,
    };
  }

  async function get(pageUrl: string): Promise<JobLookup> {
    const [row] = await run<DetailRow>({ name: 'jobs-detail', text: detailSql, values: [pageUrl] });
    if (!row || (!row.active && !row.has_been_live)) return { status: 'not-found' };
    // Back in review after being on the board: its company's edit waits for our team. It is being
    // updated, not gone, and its title may be the edit's, which our team has not read yet (the
    // approved one is not kept), so the job is not named.
    if (!row.active && row.status === 'in_review')
      return { status: 'inactive', updating: true, title: null, companyName: row.company_name };
    if (!row.active) return { status: 'inactive', title: row.title, companyName: row.company_name };
    const job: JobDetail = toJobDetail(row);
    return { status: 'found', job };
  }

  async function similar(pageUrl: string): Promise<JobSummary[]> {
    const rows = await similarRows(run, pageUrl);
    const last = rows.at(-1);
    if (!last) return [];
    const names = await cardNames.at(last.names_version);
    return rows.map((row) => toJobSummary(row, namesOf(row, names)));
  }

  async function* activeSlugs(batchSize: number, ids: SlugRange = ALL_IDS) {
    let after = ids.after;
    for (;;) {
      const rows = await run<SlugRow>(activeSlugsSql(after, ids.upTo, batchSize));
      if (rows.length === 0) return;
      yield rows.map((r) => ({ pageUrl: r.page_url, updatedAt: iso(r.updated_at) }));
      after = rows.at(-1)!.id;
      if (rows.length < batchSize) return;
    }
  }

  async function lastJobId() {
    const [row] = await run<{ id: number | null }>({
      name: 'jobs-last-id',
      text: 'SELECT max(id) AS id FROM jobs',
      values: [],
    });
    return row?.id ?? 0;
  }

  return {
    list,
    get,
    similar,
    activeSlugs,
    lastJobId,
    refreshCounts: counter.refresh,
    reloadCounts: counter.reload,
    plan,
  };
}
