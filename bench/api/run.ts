// `npm run bench:api`: issue 2's check of the listing API on a seeded database (PostgreSQL with
// DATABASE_URL, else the embedded one in DATA_DIR). In-database p50/p99 (EXPLAIN ANALYZE:
// planning + execution) of the statement the service runs for every filter subset × sort × depth
// (first page; 500 pages deep by offset and by cursor), of the suggestion queries, and of noofJobs
// (with its error against an exact count); then autocannon over HTTP, the listing mix against
// /healthz (a trivial JSON route) on the same server in the same run. Ends with PASS/FAIL per target.
import { fork } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { serverNodeFlags } from '../../scripts/server-process.mjs';
import type { SQL } from 'drizzle-orm';
import { listingQuery } from '../../src/shared/contract/jobs.ts';
import { openDatabase, type Db } from '../../src/server/db/client.ts';
import {
  Params,
  sqlLiteral,
  statementRunner,
  type StatementClient,
} from '../../src/server/db/statements.ts';
import { EXACT_LIMIT } from '../../src/server/modules/jobs/data/counts.ts';
import { filterConditions, type Filters } from '../../src/server/modules/jobs/data/listing-sql.ts';
import { createJobsService } from '../../src/server/modules/jobs/jobs.service.ts';
import { createFiltersService } from '../../src/server/modules/filters/filters.service.ts';

const help = `Usage: npm run bench:api -- [options]

Measures the listing API against issue 2's targets on the configured database:
  DATABASE_URL=postgres://…   PostgreSQL (seed 1,000,000 jobs: npm run db:seed -- --jobs 1000000)
  otherwise                   the embedded database in DATA_DIR (seed: npm run db:seed -- --jobs 10000)

Options:
  --iterations N    samples per in-database case (default 40)
  --duration S      seconds per autocannon run (default 10)
  --connections N   autocannon connections (default 50)
  --port N          port of the bench server (default 3990)
  --skip-db         only the HTTP part
  --skip-http       only the in-database part
  -h, --help        this text`;

const { values: args } = parseArgs({
  options: {
    iterations: { type: 'string', default: '40' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    port: { type: 'string', default: '3990' },
    'skip-db': { type: 'boolean', default: false },
    'skip-http': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(help);
  process.exit(0);
}
const ITERATIONS = Number(args.iterations);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const PORT = Number(args.port);
const BUDGET_MS = 15;
const HTTP_P99_MS = 50;
const RATIO = 0.1;

const databaseUrl = process.env.DATABASE_URL;
const dataDir = process.env.DATA_DIR ?? 'data';
const keys = ['company', 'role', 'location', 'experienceLevel'] as const;
const subsets = Array.from({ length: 16 }, (_, mask) => keys.filter((_, i) => mask & (1 << i)));
const results: { target: string; pass: boolean; detail: string }[] = [];

const pct = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ms = (n: number) => n.toFixed(2).padStart(7);
function summary(samples: number[]) {
  samples.sort((a, b) => a - b);
  return { p50: pct(samples, 0.5), p99: pct(samples, 0.99) };
}

// A measuring tool, not a request: exact counts over a million rows may take longer than 5 s.
const database = await openDatabase({ databaseUrl, dataDir, statementTimeoutMs: 0 });
const run = statementRunner(database.db);
const pool = (database.db as unknown as { $client: StatementClient }).$client;
// The server runs named prepared statements (db/statements.ts), so their plans are what count:
// PREPARE once, then EXPLAIN ANALYZE EXECUTE. On PostgreSQL the listing runs on the pool that
// forces generic plans (the pool's genericPlans twin, db/client.ts) and everything else on the
// main pool, one connection of each here; PGlite has a single session.
type Session = {
  query(t: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  release(): void;
};
const connect = (p: unknown) => (p as { connect(): Promise<Session> }).connect();
const pgliteSession = (): Session => ({
  query: (t, values) => (pool as unknown as Session).query(t, values),
  release: () => {},
});
// As PgliteThread does: a generic-plan statement runs with the mode forced for its
// transaction (a PREPARE or EXPLAIN EXECUTE here, sent without values).
const pgliteGenericSession = (): Session => ({
  query: async (t, values) => {
    if (values?.length) throw new Error('the PGlite generic session takes no values');
    const exec = (pool as unknown as { exec(t: string): Promise<{ rows: unknown[] }[]> }).exec;
    const results = await exec.call(pool, `SET LOCAL plan_cache_mode = force_generic_plan; ${t}`);
    return results.at(-1)!;
  },
  release: () => {},
});
const session = database.kind === 'postgres' ? await connect(pool) : pgliteSession();
const genericSession =
  database.kind === 'postgres' ? await connect(pool.genericPlans) : pgliteGenericSession();
const prepared = new Map<string, string>();
/** Planning + execution time as the database reports it (EXPLAIN ANALYZE), in ms. */
async function inDatabase(
  text: string,
  values: readonly unknown[],
  how: { generic: boolean; prepared: boolean },
) {
  const on = how.generic ? genericSession : session;
  if (!how.prepared) {
    // As Drizzle sends it: an unnamed statement, planned for its values each time.
    const { rows } = await on.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, [...values]);
    return planTime(rows);
  }
  const key = `${how.generic}:${text}`;
  let name = prepared.get(key);
  if (!name) {
    name = `bench_${prepared.size}`;
    await on.query(`PREPARE ${name} AS ${text}`);
    prepared.set(key, name);
  }
  const args = values.length ? `(${values.map(sqlLiteral).join(', ')})` : '';
  const { rows } = await on.query(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE ${name}${args}`);
  return planTime(rows);
}
function planTime(rows: unknown[]) {
  const raw = (rows[0] as { 'QUERY PLAN': unknown })['QUERY PLAN'];
  const [plan] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [
    { 'Planning Time': number; 'Execution Time': number },
  ];
  return plan['Planning Time'] + plan['Execution Time'];
}
/** `prepared`: a named statement as the server runs it; else planned per call, as Drizzle runs it. */
async function timeDb(
  text: string,
  values: readonly unknown[],
  { generic = false, prepared = true } = {},
) {
  const how = { generic, prepared };
  // Untimed first runs: PostgreSQL settles on its generic plan after five executions.
  for (let i = 0; i < 6; i++) await inDatabase(text, values, how);
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) samples.push(await inDatabase(text, values, how));
  return summary(samples);
}

// Filter values taken from one job, so that every combination has matches.
const [sample] = await run<{ c: number; r: number; l: number; e: number }>({
  name: 'bench-sample',
  text: 'SELECT company_id AS c, role_id AS r, city_id AS l, experience_level_id AS e FROM jobs WHERE is_active ORDER BY id LIMIT 1 OFFSET (SELECT count(*) / 2 FROM jobs WHERE is_active)',
  values: [],
});
if (!sample) throw new Error('the database has no jobs: seed it first (npm run db:seed)');
const [{ n: totalJobs } = { n: 0 }] = await run<{ n: number }>({
  name: 'bench-total',
  text: 'SELECT count(*)::int AS n FROM jobs',
  values: [],
});
const filters: Record<(typeof keys)[number], string> = {
  company: String(sample.c),
  role: String(sample.r),
  location: String(sample.l),
  experienceLevel: String(sample.e),
};
const jobs = createJobsService(database.db);

/**
 * Counts matches up to limit + 1 (stops early), so "more than limit" is known: what the listing
 * statement counts with its page, as a statement of its own to time.
 */
function boundedCountSql(filters: Filters, limit: number) {
  const params = new Params();
  const { conditions, shape } = filterConditions(filters, null, params);
  const cap = String(limit + 1);
  return {
    name: `bench-count-${shape || 'all'}-${cap}`,
    text: `SELECT count(*)::int AS n FROM (SELECT 1 FROM jobs j WHERE ${conditions.join(' AND ')} LIMIT ${cap}) s`,
    values: params.values,
  };
}
const label = (subset: readonly string[]) => subset.join('+') || 'none';
const deepCursors = new Map<string, string>();

if (!args['skip-db']) {
  await jobs.refreshCounts();
  console.log(`${database.kind}, ${totalJobs} jobs; filter values ${JSON.stringify(filters)}`);
  console.log(`in-database ms over ${ITERATIONS} runs (EXPLAIN ANALYZE, planning + execution)`);
  console.log(
    `${'filters'.padEnd(37)} ${'sort'.padEnd(8)} ${'page 1 p50/p99'.padEnd(18)} ${'page 500 p50/p99'.padEnd(18)} ${'cursor@500 p50/p99'.padEnd(18)} noofJobs  exact   error`,
  );
  let worstList = 0;
  let worstCount = 0;
  let worstError = 0;
  let exactBelowLimit = true;
  for (const subset of subsets) {
    const raw = Object.fromEntries(subset.map((k) => [k, filters[k]]));
    for (const sortBy of ['false', 'true']) {
      const sort = sortBy === 'true' ? 'popular' : 'newest';
      const first = listingQuery.parse({ ...raw, sortBy });
      const deep = listingQuery.parse({ ...raw, sortBy, page: '500' });
      // The cursor a reader holds after Browse more up to page 499 (same rows as page 500).
      const before = await jobs.list(listingQuery.parse({ ...raw, sortBy, page: '499' }));
      const cells: string[] = [];
      for (const query of [
        first,
        deep,
        before.nextCursor
          ? listingQuery.parse({ ...raw, sortBy, cursor: before.nextCursor })
          : null,
      ]) {
        if (!query) {
          cells.push('(< 500 pages)'.padEnd(18));
          continue;
        }
        if (query.cursor) deepCursors.set(`${label(subset)}/${sort}`, query.cursor);
        const { page } = await jobs.plan(query);
        const t = await timeDb(page.text, page.values, { generic: true });
        worstList = Math.max(worstList, t.p99);
        cells.push(`${ms(t.p50)} /${ms(t.p99)} `);
      }
      const { noofJobs } = await jobs.list(first);
      const { stored } = await jobs.plan(first);
      // What noofJobs costs in the database: nothing when known from memory, else the bounded count.
      let countCell = '   memory';
      if (stored === undefined) {
        const c = boundedCountSql(first, EXACT_LIMIT);
        const t = await timeDb(c.text, c.values);
        worstCount = Math.max(worstCount, t.p99);
        countCell = `${ms(t.p99)}ms`;
      }
      const all = boundedCountSql(first, 10_000_000);
      const exact = Number((await run<{ n: number }>(all))[0]!.n);
      const error = exact === 0 ? 0 : Math.abs(noofJobs - exact) / exact;
      if (exact <= EXACT_LIMIT && noofJobs !== exact) exactBelowLimit = false;
      worstError = Math.max(worstError, error);
      console.log(
        `${label(subset).padEnd(37)} ${sort.padEnd(8)} ${cells.join(' ')}${String(noofJobs).padStart(8)} ${String(exact).padStart(7)} ${(error * 100).toFixed(2).padStart(5)}%  count p99 ${countCell}`,
      );
    }
  }
  results.push({
    target: `listing in-DB p99 < ${BUDGET_MS} ms (all subsets, sorts, depths)`,
    pass: worstList < BUDGET_MS,
    detail: `worst ${worstList.toFixed(2)} ms`,
  });

  // Suggestions: capture the SQL the filters service sends, then EXPLAIN it.
  let captured: { sql: string; params: unknown[] } | null = null;
  const dialect = (database.db as unknown as { dialect: { sqlToQuery(q: SQL): typeof captured } })
    .dialect;
  const capturing = new Proxy(database.db, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver);
      return (query: SQL) => {
        captured = dialect.sqlToQuery(query);
        return target.execute(query);
      };
    },
  }) as Db;
  const suggestions = createFiltersService(capturing);
  let worstSuggestion = 0;
  const prefixes = ['a', 'san', 'new', 'eng', 'dev', 'man', 'x', 'tech'];
  const rows: string[] = [];
  for (const kind of ['locations', 'roles', 'companies'] as const) {
    const cells: string[] = [];
    for (const prefix of prefixes) {
      await suggestions[kind](prefix);
      const q = captured as { sql: string; params: unknown[] } | null;
      if (!q) throw new Error(`no query captured for ${kind}`);
      const t = await timeDb(q.sql, q.params, { prepared: false });
      worstSuggestion = Math.max(worstSuggestion, t.p99);
      cells.push(`${prefix}:${t.p99.toFixed(2)}`);
    }
    rows.push(`  ${kind.padEnd(10)} p99 ms by prefix  ${cells.join('  ')}`);
  }
  console.log(`suggestions (in-database)\n${rows.join('\n')}`);
  results.push({
    target: `suggestions in-DB p99 < ${BUDGET_MS} ms`,
    pass: worstSuggestion < BUDGET_MS,
    detail: `worst ${worstSuggestion.toFixed(2)} ms`,
  });
  results.push({
    target: `noofJobs in-DB p99 < ${BUDGET_MS} ms`,
    pass: worstCount < BUDGET_MS,
    detail: `worst bounded count ${worstCount.toFixed(2)} ms (large results: from memory)`,
  });
  results.push({
    target: `noofJobs exact up to ${EXACT_LIMIT}, within 0.5% above`,
    pass: exactBelowLimit && worstError <= 0.005,
    detail: `exact below the limit: ${exactBelowLimit}; worst error ${(worstError * 100).toFixed(3)}%`,
  });
}
if (args['skip-db'] && !args['skip-http']) {
  // The HTTP mix still needs the cursor a reader holds after Browse more up to page 499.
  for (const subset of subsets) {
    const raw = Object.fromEntries(subset.map((k) => [k, filters[k]]));
    for (const sortBy of ['false', 'true']) {
      const before = await jobs.list(listingQuery.parse({ ...raw, sortBy, page: '499' }));
      const key = `${label(subset)}/${sortBy === 'true' ? 'popular' : 'newest'}`;
      if (before.nextCursor) deepCursors.set(key, before.nextCursor);
    }
  }
}
session.release();
if (genericSession !== session) genericSession.release();
await database.close();

if (!args['skip-http']) {
  const server = fork(path.join(import.meta.dirname, 'server.ts'), {
    env: { ...process.env, PORT: String(PORT) },
    execArgv: [...serverNodeFlags, '--import', 'tsx'],
  });
  await new Promise((resolve) => server.once('message', resolve));
  const listingPaths = subsets.flatMap((subset) =>
    ['false', 'true'].flatMap((sortBy) => {
      const base = { ...Object.fromEntries(subset.map((k) => [k, filters[k]])), sortBy };
      const cursor = deepCursors.get(
        `${label(subset)}/${sortBy === 'true' ? 'popular' : 'newest'}`,
      );
      const depths: Record<string, string>[] = [
        { page: '1' },
        { page: '50' },
        { page: '500' },
        ...(cursor ? [{ cursor }] : []),
      ];
      return depths.map((depth) => ({
        method: 'GET' as const,
        path: `/api/v1/jobs/current-openings?${new URLSearchParams({ ...base, ...depth })}`,
      }));
    }),
  );
  async function cannon(requests: { method: 'GET'; path: string }[], duration = DURATION) {
    const result = await autocannon({
      url: `http://127.0.0.1:${PORT}`,
      connections: CONNECTIONS,
      duration,
      requests,
    });
    return {
      rps: result.requests.average,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
    };
  }
  // Warm-up: prepared statements on every pooled connection, the counts table.
  await cannon(listingPaths, 5);
  const trivial = await cannon([{ method: 'GET', path: '/healthz' }]);
  const listing = await cannon(listingPaths);
  await new Promise((resolve) => {
    server.once('exit', resolve);
    server.kill('SIGTERM');
  });
  const ratio = listing.rps / trivial.rps;
  console.log(
    `HTTP, ${CONNECTIONS} connections, ${DURATION} s each; listing mix of ${listingPaths.length} URLs (16 filter subsets × 2 sorts × page 1/50/500 and cursor@500)`,
  );
  console.log(
    `  trivial JSON route  ${trivial.rps.toFixed(0).padStart(6)} req/s  p99 ${trivial.p99} ms  errors ${trivial.errors}`,
  );
  console.log(
    `  listing (mix)       ${listing.rps.toFixed(0).padStart(6)} req/s  p99 ${listing.p99} ms  errors ${listing.errors}`,
  );
  results.push({
    target: `HTTP listing/trivial req/s ≥ ${RATIO}`,
    pass: ratio >= RATIO && listing.errors === 0,
    detail: `${ratio.toFixed(3)} (${listing.rps.toFixed(0)} / ${trivial.rps.toFixed(0)})`,
  });
  results.push({
    target: `HTTP listing p99 < ${HTTP_P99_MS} ms`,
    pass: listing.p99 < HTTP_P99_MS,
    detail: `${listing.p99} ms`,
  });
}

const { loadavg } = await import('node:os');
console.log(
  `\nload average during the run: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (const r of results) console.log(`${r.pass ? 'PASS' : 'FAIL'}  ${r.target}: ${r.detail}`);
