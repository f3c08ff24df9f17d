// The database itself refuses unsafe links (migration 0004_safe_urls), so a bug in some future
// import path still cannot store a javascript: apply link for a page to render.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { insertAppDetails } from '../../../test/support/api-rows.ts';
import { insertJob, seedReference } from '../../../test/support/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { SAFE_URL_CHECK_SQL, isSafeHttpUrl } from './safe-url.ts';

const COLUMNS = [
  ['jobs', 'apply_link'],
  ['companies', 'company_website'],
  ['app_details', 'twitter'],
  ['app_details', 'linked_in'],
  ['app_details', 'youtube'],
  ['app_details', 'whats_app'],
] as const;

const UNSAFE = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  ' javascript:alert(1)',
  '\u0001javascript:alert(1)',
  '\thttps://example.com',
  'http://user:pass@example.com/',
  'https://user@example.com',
  'https://exa mple.com',
  'https://example.com/\npath',
  '//example.com',
  'https:',
  '',
];

const SAFE = [
  'https://careers.acme.example/jobs/1',
  'http://example.com',
  'https://x.example?a=@b',
];

/** The name of the CHECK constraint that refused the write, or 'stored' when nothing did. */
async function refusal(write: Promise<unknown>): Promise<string> {
  try {
    await write;
    return 'stored';
  } catch (error) {
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause;
    return cause?.code === '23514' ? (cause.constraint ?? 'unnamed') : String(error);
  }
}

describe('safe URL constraints', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    const ref = await seedReference(database.db);
    await insertJob(database.db, ref);
    await insertAppDetails(database.db);
  });
  afterAll(() => database.close());

  const store = (table: string, column: string, value: string | null) =>
    database.db.execute(
      sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${value}`,
    );

  it('the migration uses the same rule as the application', () => {
    const migration = readFileSync(
      new URL('../../../drizzle/0004_safe_urls.sql', import.meta.url),
      'utf8',
    );
    for (const [, column] of COLUMNS)
      expect(migration).toContain(`CHECK (${SAFE_URL_CHECK_SQL(column)})`);
  });

  it('the application refuses every value the test feeds the database', () => {
    for (const value of UNSAFE) expect(isSafeHttpUrl(value), value).toBe(false);
    for (const value of SAFE) expect(isSafeHttpUrl(value), value).toBe(true);
  });

  for (const [table, column] of COLUMNS) {
    it(`refuses unsafe links in ${table}.${column}`, async () => {
      for (const value of UNSAFE) {
        expect(await refusal(store(table, column, value)), JSON.stringify(value)).toBe(
          `${table}_${column}_http`,
        );
      }
    });

    it(`stores http(s) links and null in ${table}.${column}`, async () => {
      for (const value of [...SAFE, null]) {
        await store(table, column, value);
        const rows = await queryRows<{ value: string | null }>(
          database.db,
          sql`select ${sql.identifier(column)} as value from ${sql.identifier(table)}`,
        );
        expect([...new Set(rows.map((r) => r.value))]).toEqual([value]);
      }
    });
  }
});
