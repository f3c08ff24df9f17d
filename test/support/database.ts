// A fresh, migrated database for one test file: PGlite in memory by default, or a new database
// on the PostgreSQL server named by TEST_DATABASE_URL (dropped again by close()).
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { type Reference, seedReference } from './fixtures.ts';

export interface TestDatabase extends Database {
  url: string | undefined;
}

const root = path.resolve(import.meta.dirname, '../..');
const migrationsFolder = path.join(root, 'drizzle');

/**
 * An embedded database migrated once and copied for each test file (an uncompressed tar of its
 * data directory): making and migrating one costs ~2.5 s of the ~3 s a file's database took, and
 * over a hundred files open one. Kept under node_modules/.cache, named by the migrations' and
 * PGlite's contents, so a new migration or version makes a new one.
 */
export function migratedTemplate(): Promise<string> {
  // Once per process: hashing the migrations (snapshots included) each time would cost more than
  // it saves. The file it names is kept until the migrations change.
  template ??= makeTemplate().catch((error: unknown) => {
    template = undefined;
    throw error;
  });
  return template;
}

let template: Promise<string> | undefined;

/** The migrations' contents (snapshots included), and `also`'s: a template's name. */
function migrationsHash(also: string[] = []): string {
  const hash = createHash('sha256');
  for (const file of also) hash.update(readFileSync(file));
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (file.endsWith('.sql') || file.endsWith('.json'))
      hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

async function makeTemplate(): Promise<string> {
  const pgliteVersion = path.join(root, 'node_modules/@electric-sql/pglite/package.json');
  const dir = path.join(root, 'node_modules/.cache/openings-tests');
  const file = path.join(dir, `pglite-${migrationsHash([pgliteVersion])}.tar`);
  if (existsSync(file)) return file;
  const pglite = await PGlite.create('memory://', { extensions: { pg_trgm } });
  try {
    await migrate(drizzle(pglite), { migrationsFolder });
    const tar = await pglite.dumpDataDir('none');
    mkdirSync(dir, { recursive: true });
    // Files in parallel may make it at once: each writes its own and renames it into place.
    const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, new Uint8Array(await tar.arrayBuffer()));
    renameSync(partial, file);
    // Older migrations' templates are of no further use.
    for (const old of readdirSync(dir)) {
      if (/^pglite-[0-9a-f]+\.tar$/.test(old) && path.join(dir, old) !== file)
        rmSync(path.join(dir, old), { force: true });
    }
  } finally {
    await pglite.close();
  }
  return file;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const loadDataDir = await migratedTemplate();
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir });
    return { ...database, url: undefined };
  }
  const template = await postgresTemplate(serverUrl);
  const name = `openings_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (admin) => admin.query(`create database ${name} template ${template}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      await onServer(serverUrl, (admin) =>
        admin.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

/**
 * The PostgreSQL counterpart of migratedTemplate: a migrated database on the test server that
 * each file's database is created from (`create database … template`, ~0.1 s) instead of
 * migrating an empty one (~0.5 s, and several hundred databases a run). Named by the migrations'
 * contents; made once, under an advisory lock so that forks starting together wait for the first.
 */
export function postgresTemplate(serverUrl: string): Promise<string> {
  serverTemplate ??= makePostgresTemplate(serverUrl).catch((error: unknown) => {
    serverTemplate = undefined;
    throw error;
  });
  return serverTemplate;
}

let serverTemplate: Promise<string> | undefined;

const TEMPLATE_PREFIX = 'openings_template_';
/** Any constant shared by the test processes; distinct from the server's MIGRATION_LOCK. */
const TEMPLATE_LOCK = 7_335_001;

async function makePostgresTemplate(serverUrl: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${migrationsHash()}`;
  await onServer(serverUrl, async (admin) => {
    await admin.query(`select pg_advisory_lock(${TEMPLATE_LOCK})`);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return;
    // Migrated under a name of its own and renamed when whole: a run cut off mid-way leaves no
    // half-migrated template behind under the real name.
    const partial = `${name}_partial`;
    await admin.query(`drop database if exists ${partial} with (force)`);
    await admin.query(`create database ${partial}`);
    const url = new URL(serverUrl);
    url.pathname = `/${partial}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    await admin.query(`alter database ${partial} rename to ${name}`);
    // Templates of older migrations are of no further use.
    const old = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like '${TEMPLATE_PREFIX}%' and datname <> $1`,
      [name],
    );
    for (const { datname } of old.rows)
      await admin.query(`drop database if exists ${datname} with (force)`);
  });
  return name;
}

/** Runs `work` on an admin connection to the test server (its lock, if any, ends with it). */
async function onServer<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** A test database with the reference rows in: the database, its handle and their ids. */
export async function openReferenceDatabase() {
  const database = await openTestDatabase();
  const ref: Reference = await seedReference(database.db);
  return { database, db: database.db, ref };
}
