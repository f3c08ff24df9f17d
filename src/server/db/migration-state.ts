// Which migrations a database has, against those this code knows (drizzle/meta/_journal.json):
// the server refuses a database that a newer version of the code migrated further (its tables
// may not be what this code expects), and says at start how many migrations it applied.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, type Migrated, queryRows } from './client.ts';

const journalFile = path.resolve(import.meta.dirname, '../../../drizzle/meta/_journal.json');

interface Journal {
  entries: { tag: string; when: number }[];
}

/** The migrations this code ships, oldest first. */
export function knownMigrations(): { tag: string; when: number }[] {
  return (JSON.parse(readFileSync(journalFile, 'utf8')) as Journal).entries;
}

export class MigrationsNewerError extends Error {
  readonly code = 'MIGRATIONS_NEWER';
  constructor(unknown: number, newest: Date) {
    super(
      `The database has ${unknown} migration${unknown === 1 ? '' : 's'} this code does not know ` +
        `(the newest from ${newest.toISOString()}): it was migrated by a newer version of Openings; ` +
        'run that version, or restore a backup made before it.',
    );
    this.name = 'MigrationsNewerError';
  }
}

/** The creation stamps of the migrations applied to the database (none when it is new). */
export async function appliedMigrations(database: Database): Promise<number[]> {
  const [table] = await queryRows<{ name: string | null }>(
    database.db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  if (!table?.name) return [];
  const rows = await queryRows<{ created_at: string | number }>(
    database.db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at`,
  );
  return rows.map((row) => Number(row.created_at));
}

/**
 * Migrates the database after checking that it is not ahead of this code (Drizzle's migrator
 * would silently go on); answers how many migrations it applied, and whether the database had none before.
 */
export async function migrateChecked(database: Database): Promise<Migrated> {
  const known = new Set(knownMigrations().map((m) => m.when));
  const before = await appliedMigrations(database);
  const unknown = before.filter((when) => !known.has(when));
  if (unknown.length > 0) {
    throw new MigrationsNewerError(unknown.length, new Date(Math.max(...unknown)));
  }
  return database.migrate();
}
