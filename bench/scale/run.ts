// `npm run bench:scale [-- --sizes 10000,100000,1000000] [--keep] [--no-pglite]`: how the read
// paths grow with the number of jobs. For each size the scratch PostgreSQL database is topped up
// with `db:seed` (sizes ascending, so each step only adds jobs), then listing (first page, a
// filter, "Browse more" at the 1st and the 50th click), detail, suggestions and the sitemap's
// first file, a company page, the companies index, similar jobs and the work-mode and salary
// filters are timed through the service layer; PGlite is measured at 10k the same way.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { listingQuery } from '../../src/shared/contract/jobs.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { createServices } from '../../src/server/services.ts';

const root = path.resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000,1000000' },
    keep: { type: 'boolean', default: false },
    'no-pglite': { type: 'boolean', default: false },
    iterations: { type: 'string', default: '40' },
  },
});
const sizes = args.sizes
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
if (sizes.some((n) => !Number.isInteger(n) || n < 1)) {
  console.error('--sizes takes whole numbers separated by commas, e.g. 10000,100000');
  process.exit(2);
}
const ITERATIONS = Number(args.iterations);
const scaleUrl =
  process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/openings_scale';
/** URLs in one sitemap file (the sitemap protocol's limit; the app's first file holds these). */
const SITEMAP_FILE_URLS = 50_000;
const SITEMAP_BATCH = 1_000;
const DEEP_CLICKS = 50;

type Row = { p50: number; p95: number };
type Measurements = Record<string, Row>;

async function time(fn: () => Promise<unknown>, iterations = ITERATIONS): Promise<Row> {
  for (let i = 0; i < 3; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}

/** Seeds PostgreSQL when `databaseUrl` is given, else the embedded database in `dataDir`. */
function seed(jobs: number, target: { databaseUrl?: string; dataDir?: string }) {
  console.log(`Seeding to ${jobs.toLocaleString('en')} jobs…`);
  const env = { ...process.env };
  delete env.DATABASE_URL;
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  if (target.dataDir) env.DATA_DIR = target.dataDir;
  execFileSync('npx', ['tsx', 'src/server/cli/seed.ts', '--jobs', String(jobs)], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function recreateScaleDatabase() {
  const target = new URL(scaleUrl);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unusual database name: ${name}`);
  const admin = new URL(scaleUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    // Reusing only works upwards: a database that already holds more jobs than a size is not cut.
    if (args.keep && exists.rowCount) return;
    if (exists.rowCount) await client.query(`drop database ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

async function measure(open: { databaseUrl?: string; dataDir: string }): Promise<Measurements> {
  const database = await openDatabase({ ...open, onError: (err) => console.error(err) });
  const services = createServices(database.db);
  try {
    const { jobs, filters, companies } = services;
    const first = listingQuery.parse({});
    const page1 = await jobs.list(first);
    const role = (await filters.roles(''))[0];
    const filtered = listingQuery.parse({
      experienceLevel: '2',
      ...(role ? { role: role.id } : {}),
    });

    // Follow "Browse more" to the 50th click, keeping the cursors of the 1st and the 50th.
    let cursor = page1.nextCursor;
    const cursors: string[] = [];
    for (let click = 1; click <= DEEP_CLICKS && cursor; click++) {
      cursors.push(cursor);
      cursor = (await jobs.list(listingQuery.parse({ cursor }))).nextCursor;
    }
    const deepPage = await jobs.list(listingQuery.parse({ cursor: cursors.at(-1) }));
    const deepJob = deepPage.jobs.at(-1) ?? page1.jobs[0];
    if (!deepJob) throw new Error('No active jobs to measure.');

    const sitemapFirstFile = async () => {
      let urls = 0;
      for await (const batch of jobs.activeSlugs(SITEMAP_BATCH)) {
        urls += batch.length;
        if (urls >= SITEMAP_FILE_URLS) break;
      }
      return urls;
    };

    // A company page: its profile (with the count of jobs posted in all) and its first page.
    const companyPage = async () => {
      const lookup = await companies.get(deepJob.company.slug);
      if (lookup.status !== 'found') throw new Error(`No company ${deepJob.company.slug}`);
      return jobs.list(listingQuery.parse({ company: lookup.company._id }));
    };
    const remotePaid = listingQuery.parse({ workMode: 'remote', salaryStated: 'true' });
    const remoteRole = listingQuery.parse({
      workMode: 'remote',
      ...(role ? { role: role.id } : {}),
    });

    return {
      'listing, first page': await time(() => jobs.list(first)),
      'listing, remote + salary stated': await time(() => jobs.list(remotePaid)),
      'listing, remote + role': await time(() => jobs.list(remoteRole)),
      'listing, role + experience filter': await time(() => jobs.list(filtered)),
      'Browse more, click 1': await time(() =>
        jobs.list(listingQuery.parse({ cursor: cursors[0] })),
      ),
      [`Browse more, click ${cursors.length}`]: await time(() =>
        jobs.list(listingQuery.parse({ cursor: cursors.at(-1) })),
      ),
      'detail (a job 50 pages deep)': await time(() => jobs.get(deepJob.pageUrl)),
      'similar jobs (that job)': await time(() => jobs.similar(deepJob.pageUrl)),
      'similar jobs (first page job)': await time(() => jobs.similar(page1.jobs[0]!.pageUrl)),
      'company page (profile + jobs)': await time(companyPage),
      'companies index, name "s"': await time(() => companies.search({ name: 's', page: 1 })),
      'companies index, page 1': await time(() => companies.search({ page: 1 })),
      'suggestions: locations "ba"': await time(() => filters.locations('ba')),
      'suggestions: companies "s"': await time(() => filters.companies('s')),
      'suggestions: roles "de"': await time(() => filters.roles('de')),
      'sitemap, first file (≤ 50k URLs)': await time(sitemapFirstFile, 5),
    };
  } finally {
    await services.close();
    await database.close();
  }
}

const columns: { label: string; result: Measurements }[] = [];

await recreateScaleDatabase();
for (const size of sizes) {
  seed(size, { databaseUrl: scaleUrl });
  console.log(`Measuring PostgreSQL at ${size.toLocaleString('en')} jobs…`);
  columns.push({
    label: `PG ${size >= 1e6 ? `${size / 1e6}M` : `${size / 1e3}k`}`,
    result: await measure({ databaseUrl: scaleUrl, dataDir: 'unused' }),
  });
}
if (!args['no-pglite']) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'openings-scale-pglite-'));
  try {
    seed(10_000, { dataDir });
    console.log('Measuring PGlite at 10,000 jobs…');
    columns.push({ label: 'PGlite 10k', result: await measure({ dataDir }) });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const operations = Object.keys(columns[0]?.result ?? {});
const pgColumns = columns.filter((c) => c.label.startsWith('PG '));
const cell = (row: Row | undefined) =>
  row ? `${row.p50.toFixed(2)} / ${row.p95.toFixed(2)}`.padStart(19) : '—'.padStart(19);
console.log('\nMilliseconds, p50 / p95, through the service layer:');
console.log(
  `${'operation'.padEnd(36)}${columns.map((c) => c.label.padStart(19)).join('')}${'growth'.padStart(10)}`,
);
for (const [index, operation] of operations.entries()) {
  // The deep-click label carries its click number; match columns by position instead.
  const rows = columns.map((c) => Object.values(c.result)[index]);
  const pgRows = pgColumns.map((c) => Object.values(c.result)[index]!);
  const growth = pgRows.length > 1 ? `${(pgRows.at(-1)!.p50 / pgRows[0]!.p50).toFixed(1)}x` : '—';
  console.log(`${operation.padEnd(36)}${rows.map(cell).join('')}${growth.padStart(10)}`);
}
if (pgColumns.length > 1) {
  console.log(
    `\ngrowth = p50 at ${pgColumns.at(-1)!.label} / p50 at ${pgColumns[0]!.label} (1.0x is flat).`,
  );
}
