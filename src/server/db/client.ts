// Opens the database: PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Both speak the same SQL; the rest of the server sees one Drizzle type.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { acquireDataDirLock, currentCommand, DataDirDamagedError } from './data-dir-lock.ts';
import { openPgliteThread } from './pglite-thread.ts';
import { describeUrl, ReplicaHealth, ReplicaPool } from './replica.ts';
import * as schema from './schema.ts';
import type { StatementClient } from './statements.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /**
   * Where read-only queries go: a replica (DATABASE_READ_URL) that falls back to the primary
   * while it is away, or the same as `db`. A read that must see its own write uses `db`.
   */
  readDb?: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations not applied yet: how many it applied, and whether there were none. */
  migrate(): Promise<Migrated>;
  close(): Promise<void>;
  /** Embedded database only: a consistent copy of its directory, a gzipped tar (db:backup). */
  dumpDataDir?(): Promise<Uint8Array>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');

export interface Migrated {
  applied: number;
  /** The database had no migrations before. */
  fresh: boolean;
}

/** How many migrations the database has; `query` runs one statement and answers its rows. */
async function countMigrations(
  query: (text: string) => Promise<{ rows: { n: number | null }[] }>,
): Promise<number> {
  // Planned before it runs, a count of a table that is not there yet would fail.
  const [table] = (
    await query(`select (to_regclass('drizzle.__drizzle_migrations') is not null)::int as n`)
  ).rows;
  if (!table?.n) return 0;
  const [row] = (await query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows;
  return row?.n ?? 0;
}

/** Counts before and after `run`, which applies the migrations (the caller holds any lock). */
async function counted(
  count: () => Promise<number>,
  run: () => Promise<unknown>,
): Promise<Migrated> {
  const before = await count();
  await run();
  return { applied: (await count()) - before, fresh: before === 0 };
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PostgreSQL only: a read replica of databaseUrl (see Database.readDb). */
  databaseReadUrl?: string | undefined;
  /** PGlite data directory; `memory://` for a throw-away database (tests). */
  dataDir: string;
  /**
   * PGlite only: a tar of a data directory (dumpDataDir's, uncompressed) to start from. The tests'
   * migrated template: an empty database costs ~2.5 s to make and migrate, a copy ~0.5 s.
   */
  loadDataDir?: string | undefined;
  /** Called when an idle PostgreSQL connection fails; without a listener pg crashes the process. */
  onError?: (err: Error) => void;
  /**
   * PostgreSQL cancels any statement running longer (PGlite has no such setting); 0 turns it off,
   * for operator commands such as a bulk seed. Migrations always run without it.
   */
  statementTimeoutMs?: number;
  /** Who opens an on-disk PGlite directory, for the lock (data-dir-lock.ts); the npm script. */
  command?: string;
}

/** Bounds on PostgreSQL work, so one slow query or a dead server cannot hold requests forever. */
export const POSTGRES_TIMEOUTS = {
  statementMs: 5_000,
  connectMs: 3_000,
  idleMs: 30_000,
};

/**
 * PGlite's buffer cache, inside its WebAssembly memory. PostgreSQL's default (128 MB) alone would
 * take most of the server's memory budget (issue 7: < 300 MB); the demo database's tables and
 * indexes fit in this, and pages outside it come from the OS file cache.
 */
const PGLITE_SHARED_BUFFERS = process.env.PGLITE_SHARED_BUFFERS ?? '32MB';

/** The session advisory lock migrations hold on PostgreSQL (an arbitrary key). */
const MIGRATION_LOCK = 7_261_002;

/**
 * PostgreSQL: a pool together with its twin, whose sessions run every prepared statement's generic
 * plan (plan_cache_mode), as db/statements.ts's StatementClient. A second pool, not a setting per
 * statement: a SET around each statement would cost a round trip, and Drizzle's statements on the
 * main pool keep PostgreSQL's own choice.
 */
function withGenericPlans<P extends pg.Pool>(pool: P, generic: pg.Pool): P & StatementClient {
  return Object.assign(pool, { genericPlans: generic }) as P & StatementClient;
}

const GENERIC_PLANS = '-c plan_cache_mode=force_generic_plan';

function openPool(
  options: OpenOptions,
  settings?: string,
  replica?: { primary: pg.Pool; health: ReplicaHealth },
) {
  const config: pg.PoolConfig = {
    connectionString: replica ? options.databaseReadUrl : options.databaseUrl,
    max: 10,
    statement_timeout: options.statementTimeoutMs ?? POSTGRES_TIMEOUTS.statementMs,
    connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectMs,
    idleTimeoutMillis: POSTGRES_TIMEOUTS.idleMs,
    // A server that vanished without closing the socket is noticed instead of waited on.
    keepAlive: true,
    // pg_stat_activity names our sessions (db:seed --reset says who is still connected).
    application_name: 'openings',
    ...(settings ? { options: settings } : {}),
  };
  const pool = replica
    ? new ReplicaPool(config, replica.primary, replica.health)
    : new pg.Pool(config);
  pool.on('error', (err) => options.onError?.(err));
  return pool;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const generic = openPool(options, GENERIC_PLANS);
    const pool = withGenericPlans(openPool(options), generic);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const replicas: pg.Pool[] = [];
    let readDb = db;
    if (options.databaseReadUrl) {
      const health = new ReplicaHealth(describeUrl(options.databaseReadUrl));
      const readGeneric = openPool(options, GENERIC_PLANS, { primary: generic, health });
      const read = openPool(options, undefined, { primary: pool, health });
      replicas.push(read, readGeneric);
      readDb = drizzlePg(withGenericPlans(read, readGeneric), { schema }) as unknown as Db;
    }
    return {
      db,
      readDb,
      kind: 'postgres',
      // A migration may rebuild an index over a million jobs: no request-sized timeout for it.
      migrate: async () => {
        const unbounded = openPool({ ...options, statementTimeoutMs: 0 });
        // Servers started together on one database would each run the migrations at once (and
        // fail on each other's tables): one at a time; the later ones find nothing left to do.
        const client = await unbounded.connect().catch(async (err: unknown) => {
          await unbounded.end();
          throw err;
        });
        try {
          await client.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
          // Counted inside the lock: a server that waited for another's migrations applied none.
          return await counted(
            () => countMigrations((text) => client.query<{ n: number | null }>(text)),
            () => migratePg(drizzlePg(client), { migrationsFolder }),
          );
        } finally {
          // Ending the session releases the lock too, if it broke.
          client.release();
          await unbounded.end();
        }
      },
      close: async () => {
        await Promise.all([pool.end(), generic.end(), ...replicas.map((r) => r.end())]);
      },
    };
  }
  const onDisk = !options.dataDir.startsWith('memory://');
  const dataDir = onDisk
    ? (mkdirSync(options.dataDir, { recursive: true }), path.join(options.dataDir, 'pglite'))
    : options.dataDir;
  // One process per directory: a second PGlite beside the first corrupts it.
  const lock = onDisk
    ? acquireDataDirLock(options.dataDir, options.command ?? currentCommand())
    : undefined;
  const existed = onDisk && existsSync(path.join(dataDir, 'PG_VERSION'));
  // On a thread of its own (pglite-thread.ts); Drizzle's PGlite driver uses its query interface.
  const client = await openPgliteThread({
    dataDir,
    startParams: ['-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    loadDataDir: options.loadDataDir,
  }).catch((err: unknown) => {
    lock?.release();
    throw existed ? new DataDirDamagedError(options.dataDir, err) : err;
  });
  const pglite = client as unknown as PGlite;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () =>
      counted(
        () => countMigrations((text) => pglite.query<{ n: number | null }>(text)),
        () => migratePglite(drizzlePglite(pglite), { migrationsFolder }),
      ),
    dumpDataDir: () => client.dumpDataDir(),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
