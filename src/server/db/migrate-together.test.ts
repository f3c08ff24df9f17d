// Servers started together on one new PostgreSQL database each migrate and seed it: they take
// turns (advisory locks in db/client.ts and seed/demo.ts), so none fails on another's half-made
// tables or seeds the demo data twice.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const name = `openings_migrate_${randomBytes(6).toString('hex')}`;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(!serverUrl)('migrations on PostgreSQL', () => {
  beforeAll(() => admin(`create database ${name}`));
  afterAll(() => admin(`drop database if exists ${name} with (force)`));

  it('and the demo seed run once when three processes start on a new database together', async () => {
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const databases = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' })),
    );
    try {
      const results = await Promise.allSettled(databases.map((d) => d.migrate()));
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const [applied] = await queryRows<{ n: number }>(
        databases[0]!.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const files = readdirSync(new URL('../../../drizzle', import.meta.url));
      const migrations = files.filter((f) => f.endsWith('.sql')).length;
      expect(applied?.n).toBe(migrations);
      // Each says what it did: one applied them all to a new database, the others none (the
      // start-up line "N migrations applied" is from this).
      const said = results.map((r) => (r.status === 'fulfilled' ? r.value : null));
      expect(said.map((m) => m?.applied).sort((a, b) => (b ?? 0) - (a ?? 0))).toEqual([
        migrations,
        0,
        0,
      ]);
      expect(said.filter((m) => m?.fresh)).toHaveLength(1);
      const seeded = await Promise.allSettled(databases.map((d) => seedDemoIfEmpty(d.db)));
      expect(seeded.map((r) => (r.status === 'fulfilled' ? r.value : r.reason)).sort()).toEqual([
        false,
        false,
        true,
      ]);
      const [jobs] = await queryRows<{ n: number }>(
        databases[0]!.db,
        sql`select count(*)::int as n from jobs`,
      );
      // The demo data's 450 jobs, once.
      expect(jobs?.n).toBe(450);
    } finally {
      await Promise.all(databases.map((d) => d.close()));
    }
  });
});
