// A fresh, migrated database for one test file: PGlite in memory by default, or a new database
// on the PostgreSQL server named by TEST_DATABASE_URL (dropped again by close()).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { type Reference, seedReference } from './fixtures.ts';

export interface TestDatabase extends Database {
  url: string | undefined;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    return { ...database, url: undefined };
  }
  const name = `openings_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** A test database with the reference rows in: the database, its handle and their ids. */
export async function openReferenceDatabase() {
  const database = await openTestDatabase();
  const ref: Reference = await seedReference(database.db);
  return { database, db: database.db, ref };
}
