// `npm run db:seed -- --jobs N [--reset] [--seed S]`: fills the database with N jobs for
// benchmarks, on PostgreSQL (DATABASE_URL) or the embedded database (DATA_DIR).
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateChecked } from '../db/migration-state.ts';
import { MAX_BULK_JOBS, seedBulk } from '../db/seed/bulk.ts';
import { describeStartupError } from '../reliability/startup-errors.ts';
import { ownedElsewhere } from './cli-support.ts';

const HELP = `Usage: npm run db:seed -- --jobs N [--reset] [--seed S]

Fills the database so that it holds N jobs (at most ${MAX_BULK_JOBS.toLocaleString('en')}), for
benchmarks. An empty database first gets the demo data set; the rest is generated in SQL with
about one company per 200 jobs. Ends with VACUUM ANALYZE.

  --jobs N    jobs the database should hold when done (required)
  --reset     delete all jobs, companies and reference data first (app details are kept)
  --seed S    seed of the generator (default: the demo seed); same seed, same content
  --help      show this text

Database: PostgreSQL when DATABASE_URL is set, otherwise the embedded database in DATA_DIR
(default ./data). The embedded database admits one process: while the server runs on it, this
command is refused; stop the server, seed, start it again.
`;

function fail(message: string): never {
  console.error(`${message}\n\n${HELP}`);
  process.exit(2);
}

function parse() {
  try {
    return parseArgs({
      options: {
        jobs: { type: 'string' },
        reset: { type: 'boolean', default: false },
        seed: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (err) {
    return fail((err as Error).message);
  }
}

const args = parse();
if (args.help) {
  console.log(HELP);
  process.exit(0);
}
const jobs = Number(args.jobs);
if (!args.jobs || !Number.isInteger(jobs) || jobs < 1 || jobs > MAX_BULK_JOBS) {
  fail(`--jobs must be a whole number from 1 to ${MAX_BULK_JOBS}`);
}
const seed = args.seed === undefined ? undefined : Number(args.seed);
if (seed !== undefined && !Number.isInteger(seed)) fail('--seed must be a whole number');

const config = loadConfig(process.env);
const refusal = config.databaseUrl
  ? undefined
  : ownedElsewhere(
      config.dataDir,
      'db:seed',
      'stop it first (kill PID), run db:seed, then start it again',
    );
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  // Filling a million jobs runs statements far longer than any request may.
  statementTimeoutMs: 0,
  command: 'npm run db:seed',
  onError: (err) => console.error('database connection error', err),
}).catch((err: unknown) => {
  console.error(describeStartupError(err, { databaseUrl: config.databaseUrl }));
  process.exit(1);
});
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
try {
  await migrateChecked(database);
  const result = await seedBulk(database.db, {
    jobs,
    reset: args.reset,
    seed,
    log: (message) => console.log(`[${elapsed()}] ${message}`),
  });
  console.log(
    `Done in ${elapsed()} on ${database.kind}: added ${result.added.toLocaleString('en')} jobs; ` +
      `${result.total.toLocaleString('en')} jobs and ${result.companies.toLocaleString('en')} companies in all.`,
  );
} catch (err) {
  // Drizzle's message repeats the whole statement; the database's own reason is in the cause.
  console.error(
    `Seeding failed after ${elapsed()}: ` +
      describeStartupError(err, { databaseUrl: config.databaseUrl }).replace(
        /^Start-up failed: /,
        '',
      ),
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
