import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageUrlSchema } from '../../../shared/contract/jobs.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { queryRows } from '../client.ts';
import { seedBulk } from './bulk.ts';

describe('seedBulk', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  it('fills an empty database up to the asked number of jobs', async () => {
    const result = await seedBulk(database.db, { jobs: 3_000 });
    expect(result).toMatchObject({ added: 2_550, total: 3_000 });
    const [row] = await queryRows<{ n: number; urls: number; companies: number }>(
      database.db,
      sql`select count(*)::int n, count(distinct page_url)::int urls,
                 (select count(*)::int from companies) companies from jobs`,
    );
    expect(row).toEqual({ n: 3_000, urls: 3_000, companies: 68 });
  });

  it('makes jobs with valid slugs, filled texts and no placeholders left', async () => {
    const rows = await queryRows<{
      page_url: string;
      description: string;
      search_tags: string[];
      skills: string[];
      apply_link: string | null;
      salary_provided: string;
      salary_from: number | null;
    }>(
      database.db,
      sql`select page_url, description, search_tags, skills, apply_link, salary_provided, salary_from
          from jobs where id > 450`,
    );
    for (const r of rows) {
      expect(pageUrlSchema.safeParse(r.page_url).success, r.page_url).toBe(true);
      expect(r.description).not.toMatch(/\{company\}|\{city\}/);
      expect(r.search_tags).not.toContain('{city}');
      expect(r.skills.length).toBeGreaterThanOrEqual(3);
      expect((r.salary_provided === 'true') === (r.salary_from !== null)).toBe(true);
    }
    const noSalary = rows.filter((r) => r.salary_provided === 'false').length / rows.length;
    expect(noSalary).toBeGreaterThan(0.08);
    expect(noSalary).toBeLessThan(0.25);
  });

  it('stores bulk jobs in the order they were posted, over three months', async () => {
    const [row] = await queryRows<{ corr: number; oldest: number; newest: number }>(
      database.db,
      sql`select corr(id, extract(epoch from posted_at))::float8 corr,
                 max(extract(epoch from now() - posted_at) / 86400)::float8 oldest,
                 min(extract(epoch from now() - posted_at) / 86400)::float8 newest
          from jobs where id > 450 and is_active and (valid_through is null or valid_through > now())`,
    );
    expect(row?.corr).toBeGreaterThan(0.95);
    expect(row?.oldest).toBeGreaterThan(80);
    expect(row?.newest).toBeLessThan(1);
  });

  it('fills the keyword search column of every bulk job as the search trigger would', async () => {
    // The fast load skips per-row triggers; the keyword column must be filled all the same.
    const [row] = await queryRows<{ missing: number }>(
      database.db,
      sql`select count(*)::int missing from jobs where id > 450 and search_vector is null`,
    );
    expect(row?.missing).toBe(0);
    // Recomputing through the trigger itself changes nothing.
    await database.db.execute(
      sql`create temp table before_touch as select id, search_vector from jobs where id > 450 order by id limit 300`,
    );
    await database.db.execute(
      sql`update jobs set title = title where id in (select id from before_touch)`,
    );
    const [changed] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int n from jobs j join before_touch b using (id)
          where j.search_vector is distinct from b.search_vector`,
    );
    expect(changed?.n).toBe(0);
    await database.db.execute(sql`drop table before_touch`);
  });

  it('adds more companies at scale and nothing when the set is already big enough', async () => {
    const result = await seedBulk(database.db, { jobs: 14_000 });
    expect(result.total).toBe(14_000);
    expect(result.companies).toBe(70);
    const [logos] = await queryRows<{ bad: number }>(
      database.db,
      sql`select count(*)::int bad from companies where company_logo <> '/logos/' || id || '.svg'`,
    );
    expect(logos?.bad).toBe(0);
    expect(await seedBulk(database.db, { jobs: 10 })).toMatchObject({ added: 0, total: 14_000 });
  }, 240_000);

  it('leaves jobs and listing indexes as they were when a load fails half-way', async () => {
    const indexes = () =>
      queryRows<{ indexname: string }>(
        database.db,
        sql`select indexname from pg_indexes where tablename = 'jobs' order by indexname`,
      );
    const before = await indexes();
    expect(before.length).toBeGreaterThan(2);
    const load = seedBulk(database.db, {
      jobs: 14_100,
      rebuildIndexesFrom: 1,
      log: (message) => {
        if (message.startsWith('jobs ')) throw new Error('stopped mid-load');
      },
    });
    await expect(load).rejects.toThrow('stopped mid-load');
    expect(await indexes()).toEqual(before);
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int n from jobs`,
    );
    expect(row?.n).toBe(14_000);
  });
});
