// Migrations: a new database gets every table; a database made by older code, with data in it,
// migrated to the newest code ends with exactly the schema a new database gets, its data kept;
// and migrating an up-to-date database again changes nothing. The schema is compared whole:
// columns, constraints, indexes, triggers and functions, as PostgreSQL describes them.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const drizzleFolder = path.resolve(import.meta.dirname, '../../../drizzle');
const journal = JSON.parse(
  readFileSync(path.join(drizzleFolder, 'meta/_journal.json'), 'utf8'),
) as {
  entries: { tag: string }[];
};
const all = journal.entries.length;

let scratch: string;
/** A migrations folder holding only the first `count` migrations, as older code shipped them. */
function firstMigrations(count: number): string {
  const folder = path.join(scratch, `first-${count}`);
  mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const entries = journal.entries.slice(0, count);
  for (const { tag } of entries) {
    copyFileSync(path.join(drizzleFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  }
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

interface Scratch {
  migrate(count: number): Promise<void>;
  rows<T>(query: SQL): Promise<T[]>;
  close(): Promise<void>;
}

/** An empty database: PGlite in memory, or a new one on TEST_DATABASE_URL's server. */
async function emptyDatabase(): Promise<Scratch> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const pglite = new PGlite({ extensions: { pg_trgm } });
    const db = drizzlePglite(pglite);
    return {
      migrate: (count) => migratePglite(db, { migrationsFolder: firstMigrations(count) }),
      rows: async <T>(query: SQL) => (await db.execute(query)).rows as T[],
      close: () => pglite.close(),
    };
  }
  const name = `openings_migrations_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    const { rows } = await client.query<{ open: number }>(statement, values);
    await client.end();
    return rows;
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  const db = drizzlePg(pool);
  return {
    migrate: (count) => migratePg(db, { migrationsFolder: firstMigrations(count) }),
    rows: async <T>(query: SQL) => (await db.execute(query)).rows as T[],
    async close() {
      // pool.end() answers before its connection has closed: dropped under it (force), that
      // connection got "terminating connection" (57P01) as an error no test was waiting for,
      // which failed the whole run. The drop waits for it to go (force stays for a stuck one).
      await pool.end();
      const deadline = Date.now() + 5_000;
      for (;;) {
        const [left] = await admin(
          'select count(*)::int as open from pg_stat_activity where datname = $1',
          [name],
        );
        if (!left?.open || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** Everything a migration may make, as text, in a stable order. */
async function schemaOf(db: Scratch): Promise<string[]> {
  const parts = await db.rows<{ line: string }>(sql`
    select 'column ' || table_name || '.' || column_name || ' ' || data_type
           || ' null=' || is_nullable || ' default=' || coalesce(column_default, '') as line
      from information_schema.columns where table_schema = 'public'
    union all
    select 'constraint ' || conrelid::regclass::text || ' ' || conname || ' '
           || pg_get_constraintdef(oid)
      from pg_constraint where connamespace = 'public'::regnamespace
    union all
    select 'index ' || indexdef from pg_indexes where schemaname = 'public'
    union all
    select 'trigger ' || pg_get_triggerdef(oid)
      from pg_trigger where not tgisinternal
    union all
    select 'function ' || pg_get_functiondef(p.oid)
      from pg_proc p where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'
    union all
    select 'extension ' || extname from pg_extension
    order by 1`);
  return parts.map((p) => p.line);
}

/** Rows valid in the first migration's schema: what an early installation had. */
async function insertEarlyData(db: Scratch) {
  await db.rows(sql`
    with country as (
      insert into countries (name, iso2, iso3, currency, symbol)
      values ('India', 'IN', 'IND', 'INR', '₹') returning id),
    state as (
      insert into states (country_id, name, state_code)
      select id, 'Karnataka', 'KA' from country returning id),
    city as (
      insert into cities (state_id, name, name_search)
      select id, 'Bengaluru', 'bengaluru' from state returning id),
    company as (
      insert into companies (company_name, name_search, company_logo)
      values ('Acme Corp', 'acme corp', '/logos/acme.svg') returning id),
    role as (
      insert into roles (name, sort_name, name_search)
      values ('Data Scientist', 'DS', 'data scientist') returning id),
    job_type as (insert into job_types (name) values ('Full-time') returning id),
    level as (insert into experience_levels (id, name) values (1, 'Fresher') returning id)
    insert into jobs (page_url, title, apply_link, company_id, city_id, role_id, job_type_id,
                      experience_level_id, posted_at, description, skills)
    select 'data-scientist-acme', 'Data Scientist', 'https://acme.example/jobs/1', company.id,
           city.id, role.id, job_type.id, level.id, '2025-01-02T03:04:05Z',
           'Model the data.', '{Python,SQL}'
      from company, city, role, job_type, level`);
}

let fresh: string[];

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'openings-migrations-'));
  const db = await emptyDatabase();
  await db.migrate(all);
  fresh = await schemaOf(db);
  await db.close();
}, 120_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('migrations', () => {
  it('create every table of the model', () => {
    const tables = new Set(
      fresh.filter((l) => l.startsWith('column ')).map((l) => l.split(/[ .]/)[1]),
    );
    for (const table of [
      'app_details',
      'cities',
      'companies',
      'countries',
      'experience_levels',
      'job_types',
      'job_views',
      'jobs',
      'posters',
      'roles',
      'salary_types',
      'states',
    ]) {
      expect(tables, table).toContain(table);
    }
  });

  it.each([1, all - 1])(
    'bring a database made by the first %i, with data, to the schema of a new one',
    async (older) => {
      const db = await emptyDatabase();
      try {
        await db.migrate(1);
        await insertEarlyData(db);
        await db.migrate(older);
        await db.migrate(all);
        expect(await schemaOf(db)).toEqual(fresh);
        // Migrating an up-to-date database again changes nothing.
        await db.migrate(all);
        expect(await schemaOf(db)).toEqual(fresh);
        const jobs = await db.rows<{ page_url: string; title: string; skills: string[] }>(
          sql`select page_url, title, skills from jobs`,
        );
        expect(jobs).toEqual([
          { page_url: 'data-scientist-acme', title: 'Data Scientist', skills: ['Python', 'SQL'] },
        ]);
      } finally {
        await db.close();
      }
    },
    120_000,
  );

  it('keep the oldest connection of a board that several companies connected, and switch off the others', async () => {
    const before = journal.entries.findIndex((e) => e.tag === '0023_one_board_one_company');
    expect(before).toBeGreaterThan(0);
    const db = await emptyDatabase();
    try {
      await db.migrate(before);
      await db.rows(sql`insert into companies (company_name, name_search, company_logo, slug)
        values ('Acme', 'acme', '', 'acme'), ('Globex', 'globex', '', 'globex'),
               ('Initech', 'initech', '', 'initech')`);
      const id = async (name: string) =>
        (await db.rows<{ id: number }>(sql`select id from companies where slug = ${name}`))[0]!.id;
      const [acme, globex, initech] = [await id('acme'), await id('globex'), await id('initech')];
      // Globex connected "acme-jobs" first; Acme and Initech later (Initech's in other letters),
      // and Acme once more in capitals. Lever's "acme-jobs" is another board.
      await db.rows(sql`insert into ats_connections (company_id, source, board_id, status, created_at)
        values (${acme}, 'greenhouse', 'acme-jobs', 'ok', '2026-02-01'),
               (${globex}, 'greenhouse', 'acme-jobs', 'ok', '2026-01-01'),
               (${initech}, 'greenhouse', 'ACME-jobs', 'ok', '2026-03-01'),
               (${acme}, 'greenhouse', 'ACME-JOBS', 'never', '2026-04-01'),
               (${acme}, 'lever', 'acme-jobs', 'ok', '2026-05-01')`);
      await db.migrate(all);
      const rows = await db.rows<{
        company_id: number;
        source: string;
        board_id: string;
        status: string;
        disabled_reason: string | null;
        last_error: string | null;
      }>(sql`select company_id, source, board_id, status, disabled_reason, last_error
        from ats_connections order by created_at`);
      expect(rows.map((r) => [r.company_id, r.board_id, r.disabled_reason === null])).toEqual([
        [globex, 'acme-jobs', true],
        [acme, 'acme-jobs', false],
        [initech, 'ACME-jobs', false],
        [acme, 'ACME-JOBS', false],
        [acme, 'acme-jobs', true],
      ]);
      // Each switched-off one says why on its dashboard (a failed sync's error), naming no company.
      for (const r of rows.filter((r) => r.disabled_reason !== null)) {
        expect(r.status).toBe('failed');
        expect(r.last_error).toBe(r.disabled_reason);
        expect(r.disabled_reason).toMatch(/another company on Openings.*contact page/);
        expect(r.disabled_reason).not.toMatch(/Globex/);
      }
      // The database now refuses a second live connection of the board, in any letters.
      await expect(
        db.rows(sql`insert into ats_connections (company_id, source, board_id)
          values (${initech}, 'greenhouse', 'Acme-Jobs')`),
      ).rejects.toThrow();
    } finally {
      await db.close();
    }
  }, 120_000);
});
