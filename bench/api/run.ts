// `npm run bench:api`: the listing on a seeded PostgreSQL database (DATABASE_URL). In-process p99
// of the jobs service for every filter subset × sort × depth (first page, 500 pages deep by
// cursor) and of noofJobs alone; then autocannon over HTTP, the listing against /healthz (a
// trivial JSON route) on the same server in the same run.
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import { listingQuery } from '../../src/shared/contract/jobs.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { createJobsService } from '../../src/server/modules/jobs/jobs.service.ts';
import { boundedCountSql, EXACT_LIMIT } from '../../src/server/modules/jobs/counts.ts';
import { decodeCursor } from '../../src/server/modules/jobs/cursor.ts';
import { listingSql } from '../../src/server/modules/jobs/listing-query.ts';
import { createRunner } from '../../src/server/modules/jobs/sql-runner.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('usage: DATABASE_URL=postgres://… npm run bench:api');
  process.exit(2);
}
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 60);
const keys = ['company', 'role', 'location', 'experienceLevel'] as const;
const subsets = Array.from({ length: 16 }, (_, mask) => keys.filter((_, i) => mask & (1 << i)));

const p = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
async function time(fn: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { p50: p(samples, 0.5), p99: p(samples, 0.99) };
}
const ms = (n: number) => n.toFixed(2).padStart(7);

const database = await openDatabase({ databaseUrl: url, dataDir: 'unused' });
const run = createRunner(database.db);
// Filter values taken from one job, so that every combination has matches.
const [sample] = await run<{ c: number; r: number; l: number; e: number }>(
  'bench-sample',
  'SELECT company_id AS c, role_id AS r, city_id AS l, experience_level_id AS e FROM jobs WHERE is_active ORDER BY id LIMIT 1 OFFSET 5000',
  [],
);
if (!sample) throw new Error('the database has no jobs: seed it first');
const filters: Record<(typeof keys)[number], string> = {
  company: String(sample.c),
  role: String(sample.r),
  location: String(sample.l),
  experienceLevel: String(sample.e),
};
/** Planning + execution time as PostgreSQL reports it (EXPLAIN ANALYZE), in ms. */
async function inDatabase(text: string, values: readonly unknown[]) {
  const [row] = await run<{
    'QUERY PLAN': [{ 'Planning Time': number; 'Execution Time': number }];
  }>(
    `bench-explain-${createHash('sha1').update(text).digest('hex')}`,
    `EXPLAIN (ANALYZE, FORMAT JSON) ${text}`,
    values,
  );
  const plan = row!['QUERY PLAN'][0];
  return plan['Planning Time'] + plan['Execution Time'];
}
async function timeDb(text: string, values: readonly unknown[]) {
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) samples.push(await inDatabase(text, values));
  samples.sort((a, b) => a - b);
  return { p50: p(samples, 0.5), p99: p(samples, 0.99) };
}
const jobs = createJobsService(database.db);
await jobs.refreshCounts();
console.log(
  'filters                               sort     depth    service p50/p99   in-db list p99  in-db count p99   noofJobs',
);
let worst = 0;
let worstDb = 0;
for (const subset of subsets) {
  const raw = Object.fromEntries(subset.map((k) => [k, filters[k]]));
  for (const sortBy of ['false', 'true']) {
    const first = listingQuery.parse({ ...raw, sortBy });
    const firstPage = await jobs.list(first);
    const deep = await jobs.list(listingQuery.parse({ ...raw, sortBy, page: '500' }));
    const cases: [string, ReturnType<typeof listingQuery.parse> | null][] = [
      ['page 1', first],
      [
        '500 deep',
        deep.nextCursor ? listingQuery.parse({ ...raw, sortBy, cursor: deep.nextCursor }) : null,
      ],
    ];
    for (const [depth, query] of cases) {
      if (!query) {
        console.log(
          `${(subset.join('+') || 'none').padEnd(37)} ${sortBy === 'true' ? 'popular' : 'newest '}  ${depth.padEnd(8)}  (fewer than 500 pages)`,
        );
        continue;
      }
      const listing = await time(() => jobs.list(query));
      const sort = sortBy === 'true' ? 'popular' : 'newest';
      const cursor = query.cursor ? decodeCursor(query.cursor, sort, false) : null;
      const page = listingSql(query, cursor, null);
      const dbList = await timeDb(page.text, page.values);
      const count = boundedCountSql(query, null, EXACT_LIMIT);
      const dbCount = await timeDb(count.text, count.values);
      worst = Math.max(worst, listing.p99);
      worstDb = Math.max(worstDb, dbList.p99, dbCount.p99);
      console.log(
        `${(subset.join('+') || 'none').padEnd(37)} ${sort.padEnd(8)} ${depth.padEnd(8)}${ms(listing.p50)} /${ms(listing.p99)}  ${ms(dbList.p99)}         ${ms(dbCount.p99)}  ${String(firstPage.noofJobs).padStart(10)}`,
      );
    }
  }
}
console.log(
  `worst p99: in-database ${worstDb.toFixed(2)} ms; through the service (ids + display + count, Node included) ${worst.toFixed(2)} ms`,
);
await database.close();

const port = Number(process.env.BENCH_PORT ?? 3990);
const server = fork(path.join(import.meta.dirname, 'server.ts'), {
  env: { ...process.env, PORT: String(port) },
  execArgv: ['--import', 'tsx'],
});
await new Promise((resolve) => server.once('message', resolve));
const listingPaths = subsets.flatMap((subset) =>
  ['false', 'true'].flatMap((sortBy) =>
    ['1', '50', '500'].map((page) => {
      const qs = new URLSearchParams({
        ...Object.fromEntries(subset.map((k) => [k, filters[k]])),
        sortBy,
        page,
      });
      return { method: 'GET' as const, path: `/api/v1/jobs/current-openings?${qs}` };
    }),
  ),
);
async function cannon(requests: { method: 'GET'; path: string }[]) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 50,
    duration: 10,
    requests,
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}
// Warm-up: prepared statements on every pooled connection, and the server's counts table refresh.
await cannon(listingPaths);
const trivial = await cannon([{ method: 'GET', path: '/healthz' }]);
const listing = await cannon(listingPaths);
server.kill('SIGTERM');
console.log(
  `trivial JSON route: ${trivial.rps.toFixed(0)} req/s, p99 ${trivial.p99} ms, errors ${trivial.errors}`,
);
console.log(
  `listing (mix):      ${listing.rps.toFixed(0)} req/s, p99 ${listing.p99} ms, errors ${listing.errors}`,
);
console.log(
  `ratio: ${(listing.rps / trivial.rps).toFixed(3)} (target ≥ 0.10, listing p99 < 50 ms)`,
);
