// `npm run bench:api`: the listing on a seeded PostgreSQL database (DATABASE_URL). In-process p99
// of the jobs service for every filter subset × sort × depth (first page, 500 pages deep by
// cursor) and of noofJobs alone; then autocannon over HTTP, the listing against /healthz (a
// trivial JSON route) on the same server in the same run.
import { fork } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { listingQuery } from '../../src/shared/contract/jobs.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { createJobsService } from '../../src/server/modules/jobs/jobs.service.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('usage: DATABASE_URL=postgres://… npm run bench:api');
  process.exit(2);
}
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 60);
const filters = { company: '7', role: '31', location: '13', experienceLevel: '1' };
const keys = Object.keys(filters) as (keyof typeof filters)[];
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
const jobs = createJobsService(database.db);
await jobs.refreshCounts();
console.log('filters                              sort     depth   p50 ms  p99 ms   noofJobs');
let worst = 0;
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
          `${(subset.join('+') || 'none').padEnd(36)} ${sortBy === 'true' ? 'popular' : 'newest '}  ${depth.padEnd(8)}  (fewer than 500 pages)`,
        );
        continue;
      }
      const listing = await time(() => jobs.list(query));
      worst = Math.max(worst, listing.p99);
      console.log(
        `${(subset.join('+') || 'none').padEnd(36)} ${sortBy === 'true' ? 'popular' : 'newest '}  ${depth.padEnd(8)}${ms(listing.p50)} ${ms(listing.p99)} ${String(firstPage.noofJobs).padStart(10)}`,
      );
    }
  }
}
console.log(`worst listing p99 (ids + display + count, in-process): ${worst.toFixed(2)} ms`);
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
