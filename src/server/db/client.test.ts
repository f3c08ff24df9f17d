import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './client.ts';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.ts';

describe('migrations', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('create every table of the model', async () => {
    const rows = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
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
      ]),
    );
  });

  it('change nothing when run a second time', async () => {
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from pg_indexes where schemaname = 'public'`,
        )
      )[0]?.n;
    const before = await count();
    await database.migrate();
    expect(await count()).toBe(before);
  });
});
