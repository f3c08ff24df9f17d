// `npm run db:seed -- --jobs N [--reset [--yes] [--force]] [--seed S]`: fills the database with N
// jobs for benchmarks, on PostgreSQL (DATABASE_URL) or the embedded database (DATA_DIR).
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { type Db, queryRows } from '../db/client.ts';
import { migrateChecked } from '../db/migration-state.ts';
import { MAX_BULK_JOBS, RESET_TABLES, seedBulk } from '../db/seed/bulk.ts';
import { DEMO_JOB_COUNT } from '../db/seed/generate.ts';
import { describeStartupError } from '../reliability/startup-errors.ts';
import { isMain, openUnlessHeld, runCli } from './cli-support.ts';

const HELP = `Usage: npm run db:seed -- --jobs N [--reset [--yes] [--force]] [--seed S]

Fills the database so that it holds N jobs (at most ${MAX_BULK_JOBS.toLocaleString('en')}), for
benchmarks. An empty database first gets the demo data set, with its demo employer accounts on the
embedded database or with DEMO_ACCOUNTS=true (as on a first npm start); the rest is generated in
SQL with about one company per 200 jobs. A database that already holds N jobs or more is left as it is.
Ends with VACUUM ANALYZE.

  --jobs N    jobs the database should hold when done (required)
  --reset     empty the jobs, companies and reference data first, and every table that refers to
              them (company members, reports, drafts, alerts…; accounts and app details are
              kept, and the demo employer accounts own their companies again). Says what it
              would delete and asks you to type yes
  --yes       confirms --reset without asking (needed when stdin is not a terminal)
  --force     PostgreSQL: --reset even while other sessions (running servers) use the database
  --seed S    seed of the generator (default: the demo seed); same seed, same content
  --help      show this text

Database: PostgreSQL when DATABASE_URL is set, otherwise the embedded database in DATA_DIR
(default ./data). The embedded database admits one process: while the server runs on it, this
command is refused; stop the server, seed, start it again.
`;

interface Args {
  jobs: number;
  reset: boolean;
  yes: boolean;
  force: boolean;
  seed: number | undefined;
}

/** The command's words, 'help', or why they are wrong. */
function parse(args: string[]): Args | 'help' | string {
  let values;
  try {
    values = parseArgs({
      args,
      options: {
        jobs: { type: 'string' },
        reset: { type: 'boolean', default: false },
        yes: { type: 'boolean', default: false },
        force: { type: 'boolean', default: false },
        seed: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (err) {
    return (err as Error).message;
  }
  if (values.help) return 'help';
  // `--reset --yes` alone reads as "start over with the demo data"; say what it lacks.
  if (values.jobs === undefined) {
    return (
      '--jobs N is required: the number of jobs the database should hold when done ' +
      `(the demo data set alone has ${DEMO_JOB_COUNT}; --jobs ${DEMO_JOB_COUNT} with --reset starts over with it)`
    );
  }
  const jobs = Number(values.jobs);
  if (!values.jobs || !Number.isInteger(jobs) || jobs < 1 || jobs > MAX_BULK_JOBS) {
    return `--jobs must be a whole number from 1 to ${MAX_BULK_JOBS}`;
  }
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isInteger(seed)) return '--seed must be a whole number';
  if ((values.yes || values.force) && !values.reset) return '--yes and --force go with --reset';
  return { jobs, reset: values.reset, yes: values.yes, force: values.force, seed };
}

/** Other client sessions on this database (servers, psql…), by application name. */
async function otherSessions(db: Db): Promise<string[]> {
  // A session of another user shows no backend_type to a non-superuser: counted too.
  const rows = await queryRows<{ name: string; n: number }>(
    db,
    sql`select coalesce(nullif(application_name, ''), 'unnamed') as name, count(*)::int as n
        from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and (backend_type is null or backend_type = 'client backend')
        group by 1 order by 1`,
  );
  return rows.map((row) => `${row.n} ${row.name}`);
}

/** The non-empty tables --reset would empty, each as "N rows-of-what", the largest first. */
async function resetLosses(db: Db): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`with recursive doomed(oid) as (
          select to_regclass(t) from unnest(${sql.param(RESET_TABLES)}::text[]) t
          where to_regclass(t) is not null
          union
          select c.conrelid from pg_constraint c join doomed d on c.confrelid = d.oid
          where c.contype = 'f'
        )
        select oid::regclass::text as name from doomed`,
  );
  const counted = await Promise.all(
    tables.map(async ({ name }) => {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql.raw(`select count(*)::int as n from ${name}`),
      );
      return { name, n: row?.n ?? 0 };
    }),
  );
  return counted
    .filter((t) => t.n > 0)
    .sort((a, b) => b.n - a.n)
    .map((t) => `${t.n.toLocaleString('en')} ${t.name.replaceAll('"', '').replaceAll('_', ' ')}`);
}

async function askYes(input: NodeJS.ReadableStream): Promise<boolean> {
  const rl = createInterface({ input, output: process.stdout });
  try {
    return (await rl.question('Type yes to delete them: ')).trim() === 'yes';
  } finally {
    rl.close();
  }
}

/**
 * Whether --reset may go on: not while other sessions use a PostgreSQL database (unless --force),
 * and only once confirmed (--yes, or yes typed at a terminal). An exit code when it may not.
 */
async function confirmReset(
  db: Db,
  onPostgres: boolean,
  args: Args,
  input: NodeJS.ReadableStream & { isTTY?: boolean },
): Promise<number | undefined> {
  const others = onPostgres && !args.force ? await otherSessions(db) : [];
  if (others.length > 0) {
    console.error(
      `db:seed --reset refused: other sessions use this database (${others.join(', ')}); ` +
        'stop the servers first, or add --force to reset anyway. Nothing was deleted.',
    );
    return 1;
  }
  const losses = await resetLosses(db);
  if (losses.length === 0) return undefined;
  const what = `${losses.join(', ')} (accounts and app details are kept)`;
  if (args.yes) {
    console.log(`--reset deletes ${what}.`);
    return undefined;
  }
  if (!input.isTTY) {
    console.error(
      `db:seed --reset refused: it would delete ${what}; add --yes to confirm. Nothing was deleted.`,
    );
    return 2;
  }
  console.log(`--reset would delete ${what}.`);
  if (await askYes(input)) return undefined;
  console.error('db:seed --reset: not confirmed. Nothing was deleted.');
  return 2;
}

async function countJobs(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from jobs`);
  return row?.n ?? 0;
}

export async function runSeed(
  argv: string[],
  env = process.env,
  input: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
): Promise<number> {
  const args = parse(argv);
  if (args === 'help') {
    console.log(HELP);
    return 0;
  }
  if (typeof args === 'string') {
    console.error(`${args}\n\n${HELP}`);
    return 2;
  }
  const config = loadConfig(env);
  const database = await openUnlessHeld(
    config,
    'db:seed',
    'stop it first (kill PID), run db:seed, then start it again',
    {
      // Filling a million jobs runs statements far longer than any request may.
      statementTimeoutMs: 0,
      onError: (err) => console.error('database connection error', err),
    },
  );
  if (!database) return 1;
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  try {
    // Before migrating, while this command holds one connection only: the others are not its own.
    if (args.reset) {
      const refused = await confirmReset(database.db, database.kind === 'postgres', args, input);
      if (refused !== undefined) return refused;
    }
    await migrateChecked(database);
    // --jobs is the total to reach, so a larger database gets nothing; said, not left to guess.
    const before = args.reset ? 0 : await countJobs(database.db);
    if (before >= args.jobs) {
      console.log(
        `The database already has ${before.toLocaleString('en')} jobs; nothing added ` +
          '(--jobs is the total to reach; --reset starts over).',
      );
      return 0;
    }
    const result = await seedBulk(database.db, {
      jobs: args.jobs,
      reset: args.reset,
      seed: args.seed,
      demoAccounts: config.demoAccounts,
      log: (message) => console.log(`[${elapsed()}] ${message}`),
    });
    if (result.total > args.jobs) {
      console.log(
        `The demo data set alone has ${result.total.toLocaleString('en')} jobs, ` +
          `more than --jobs ${args.jobs}; nothing more added.`,
      );
    }
    console.log(
      `Done in ${elapsed()} on ${database.kind}: added ${result.added.toLocaleString('en')} jobs; ` +
        `${result.total.toLocaleString('en')} jobs and ${result.companies.toLocaleString('en')} companies in all.`,
    );
    return 0;
  } catch (err) {
    // Drizzle's message repeats the whole statement; the database's own reason is in the cause.
    console.error(
      `Seeding failed after ${elapsed()}: ` +
        describeStartupError(err, { databaseUrl: config.databaseUrl }).replace(
          /^Start-up failed: /,
          '',
        ),
    );
    return 1;
  } finally {
    await database.close();
  }
}

if (isMain(import.meta.url)) {
  await runCli(() => runSeed(process.argv.slice(2)));
}
