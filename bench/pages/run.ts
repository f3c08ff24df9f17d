// `npm run bench:pages`: server-rendered pages under load (issue 20). The production server (the
// process `npm start` runs) on demo data, once with the page cache off (PAGE_CACHE_TTL_MS=0: every
// request renders) and once with it on; autocannon with 20 connections against /healthz (a
// trivial route, the machine's yardstick) and then /, a filtered /jobs, a job page and /about,
// each as req/s, as a ratio to /healthz in the same run, and p50/p99. On the embedded database
// and, given a PostgreSQL URL, on PostgreSQL. Prints a table and PASS/FAIL per target.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ensureBuild } from '../../scripts/ensure-build.mjs';
import {
  projectRoot,
  serverBundle,
  serverEnv,
  serverNodeFlags,
} from '../../scripts/server-process.mjs';
import { apiPaths } from '../../src/shared/api-paths.ts';

const help = `Usage: npm run bench:pages -- [options]

  --postgres URL    also run on this PostgreSQL database (its demo data is seeded when empty);
                    default: DATABASE_URL when set
  --only pglite|postgres   one database only
  --cache off|on    one page cache mode only
  --duration S      seconds per page and mode (default 10)
  --connections N   autocannon connections (default 20)
  --port N          port of the bench server (default 3220)
  --cpu-prof DIR    write the server's CPU profile of each run (node --cpu-prof) into DIR
  -h, --help        this text

Targets (issue 20): uncached, each page >= 0.04 x /healthz and p99 < 100 ms; cached, each page
>= 0.5 x /healthz. The machine's load moves every figure; the ratios within one run are what
compare.`;

const { values: args } = parseArgs({
  options: {
    postgres: { type: 'string' },
    only: { type: 'string' },
    cache: { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    port: { type: 'string', default: '3220' },
    'cpu-prof': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(help);
  process.exit(0);
}
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const PORT = Number(args.port);
const base = `http://127.0.0.1:${PORT}`;
const postgresUrl = args.postgres ?? process.env.DATABASE_URL;
if (args.only && args.only !== 'pglite' && args.only !== 'postgres') {
  console.error(`--only takes pglite or postgres, not '${args.only}'`);
  process.exit(2);
}
if (args.cache && args.cache !== 'off' && args.cache !== 'on') {
  console.error(`--cache takes off or on, not '${args.cache}'`);
  process.exit(2);
}
if (args.only === 'postgres' && !postgresUrl) {
  console.error('--only postgres needs --postgres URL (or DATABASE_URL)');
  process.exit(2);
}
const TARGET = { uncachedRatio: 0.04, uncachedP99Ms: 100, cachedRatio: 0.5 };
// What a browser sends for a page: HTML, compressed.
const PAGE_HEADERS = {
  accept: 'text/html,application/xhtml+xml',
  'accept-encoding': 'br, gzip',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36',
};

type Database = { name: 'PGlite' | 'PostgreSQL'; env: Record<string, string> };

interface Server {
  stop(): Promise<void>;
}

async function startServer(database: Database, cached: boolean, label: string): Promise<Server> {
  const taken = await fetch(`${base}/healthz`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${PORT} is in use: stop that server or pass --port`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'openings-pages-'));
  const profile = args['cpu-prof']
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${path.resolve(args['cpu-prof'])}`,
        `--cpu-prof-name=${label}.cpuprofile`,
      ]
    : [];
  // The database is the one asked for, never one the caller's environment names.
  const { DATABASE_URL: _url, DATABASE_READ_URL: _readUrl, ...inherited } = process.env;
  // The server process `npm start` runs (scripts/server-process.mjs), the profiler's flags added.
  const child: ChildProcess = spawn(
    process.execPath,
    [...serverNodeFlags, ...profile, serverBundle()],
    {
      cwd: projectRoot,
      env: serverEnv({
        ...inherited,
        NODE_ENV: 'production',
        PORT: String(PORT),
        DATA_DIR: dataDir,
        PUBLIC_URL: base,
        LOG_LEVEL: 'warn',
        // One client address sends everything.
        RATE_LIMIT_SCALE: '0',
        PAGE_CACHE_TTL_MS: cached ? '5000' : '0',
        ...database.env,
      }),
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  let exited = false;
  const done = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  child.on('exit', () => (exited = true));
  const stop = async () => {
    if (!exited) child.kill('SIGTERM');
    await done;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline && !exited) {
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { stop };
    await sleep(500);
  }
  await stop();
  throw new Error(exited ? 'the server exited at start' : 'the server was not ready in 240 s');
}

async function content<T>(url: string): Promise<T> {
  const res = await fetch(`${base}${url}`);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return ((await res.json()) as { content: T }).content;
}

/** The pages measured, with real ids and slugs of the demo data. */
async function pagesToMeasure(): Promise<{ name: string; path: string }[]> {
  type Listing = { jobs: { pageUrl: string }[]; noofJobs: number };
  const first = await content<Listing>(`${apiPaths.currentOpenings}?pageSize=5`);
  const job = first.jobs[0];
  if (!job) throw new Error('no jobs: the demo data is missing');
  const ids = async (url: string, key: string) =>
    (await content<Record<string, { id?: string; _id?: string }[]>>(url))[key]?.map(
      (o) => o.id ?? o._id ?? '',
    ) ?? [];
  const cities = await ids(`${apiPaths.locationsFilter}?name=a`, 'cities');
  const roles = await ids(`${apiPaths.rolesFilter}?name=e`, 'roles');
  // A city and role that have jobs together, so the page renders cards, not the empty state.
  let filtered: string | undefined;
  search: for (const location of cities.slice(0, 5)) {
    for (const role of roles.slice(0, 5)) {
      const query = `location=${location}&role=${role}`;
      const listing = await content<Listing>(`${apiPaths.currentOpenings}?${query}&pageSize=1`);
      if (listing.noofJobs > 0) {
        filtered = query;
        break search;
      }
    }
  }
  if (!filtered) throw new Error('no city and role with jobs together in the demo data');
  return [
    { name: '/', path: '/' },
    { name: '/jobs?location&role', path: `/jobs?${filtered}` },
    { name: 'job page', path: `/job-description/${job.pageUrl}` },
    { name: '/about', path: '/about' },
  ];
}

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(url: string, headers: Record<string, string>, seconds: number) {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ method: 'GET', path: url, headers }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  } satisfies Measure;
}

interface Row extends Measure {
  database: string;
  cache: 'off' | 'on';
  page: string;
  ratio: number;
  healthz: number;
  pass: boolean;
}

const rows: Row[] = [];

async function runMode(database: Database, cached: boolean) {
  const cache = cached ? 'on' : 'off';
  const label = `${database.name}-cache-${cache}`.toLowerCase();
  console.log(`\n${database.name}, page cache ${cache}: starting the server…`);
  const server = await startServer(database, cached, label);
  try {
    const pages = await pagesToMeasure();
    // Warm-up: JIT, prepared statements, the counts and figures in memory.
    await measure('/healthz', {}, 2);
    for (const page of pages) await measure(page.path, PAGE_HEADERS, 2);
    const healthz = await measure('/healthz', {}, DURATION);
    console.log(`  /healthz ${healthz.rps.toFixed(0)} req/s`);
    for (const page of pages) {
      const m = await measure(page.path, PAGE_HEADERS, DURATION);
      const ratio = m.rps / healthz.rps;
      const pass =
        m.errors === 0 &&
        (cached
          ? ratio >= TARGET.cachedRatio
          : ratio >= TARGET.uncachedRatio && m.p99 < TARGET.uncachedP99Ms);
      rows.push({
        ...m,
        database: database.name,
        cache,
        page: page.name,
        ratio,
        healthz: healthz.rps,
        pass,
      });
      console.log(
        `  ${page.name.padEnd(20)} ${m.rps.toFixed(0).padStart(6)} req/s  ×${ratio.toFixed(3)}  p50 ${m.p50} ms  p99 ${m.p99} ms${m.errors ? `  ${m.errors} errors` : ''}`,
      );
    }
  } finally {
    await server.stop();
  }
}

const databases: Database[] = [];
if (args.only !== 'postgres') databases.push({ name: 'PGlite', env: {} });
if (postgresUrl && args.only !== 'pglite') {
  databases.push({ name: 'PostgreSQL', env: { DATABASE_URL: postgresUrl } });
} else if (args.only !== 'pglite') {
  console.log('No PostgreSQL URL (--postgres or DATABASE_URL): the embedded database only.');
}

// The build `npm start` would serve: made or brought up to date first.
await ensureBuild();
for (const database of databases) {
  for (const cached of [false, true]) {
    if (!args.cache || args.cache === (cached ? 'on' : 'off')) await runMode(database, cached);
  }
}

const pad = (s: string, n: number) => s.padEnd(n);
console.log(
  `\n${pad('database', 11)}${pad('cache', 6)}${pad('page', 21)}${'req/s'.padStart(7)}  ${pad('× /healthz', 11)}${'p50'.padStart(6)}${'p99'.padStart(6)}  target`,
);
for (const r of rows) {
  const target =
    r.cache === 'on'
      ? `≥ ${TARGET.cachedRatio}×`
      : `≥ ${TARGET.uncachedRatio}×, p99 < ${TARGET.uncachedP99Ms} ms`;
  console.log(
    `${pad(r.database, 11)}${pad(r.cache, 6)}${pad(r.page, 21)}${r.rps.toFixed(0).padStart(7)}  ${pad(r.ratio.toFixed(3), 11)}${String(r.p50).padStart(6)}${String(r.p99).padStart(6)}  ${r.pass ? 'PASS' : 'FAIL'} (${target})${r.errors ? `, ${r.errors} errors` : ''}`,
  );
}
for (const database of databases) {
  const runs = new Map(
    rows.filter((r) => r.database === database.name).map((r) => [r.cache, r.healthz]),
  );
  const each = [...runs].map(([cache, h]) => `${h.toFixed(0)} (cache ${cache})`).join(', ');
  console.log(`${database.name}: /healthz ${each} req/s`);
}
const failed = rows.filter((r) => !r.pass).length;
console.log(failed ? `\nFAIL: ${failed} of ${rows.length}` : `\nPASS: all ${rows.length}`);
process.exitCode = failed ? 1 : 0;
