// The sitemap's read of active jobs by id range (web/features/seo/sitemap.ts lays the pages out
// by id): the ranges partition the active jobs exactly, and one range's statement reads no more
// rows than the range holds, however many jobs come before it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { TestDatabase } from '../../../../test/support/database.ts';
import { jobRowsReadBy, openDatabaseWithJobs } from '../../../../test/support/explain.ts';
import { createJobsService } from './jobs.service.ts';
import { activeSlugsSql } from './data/listing-sql.ts';

const JOBS = 2_000;
const SPAN = 50;
let database: TestDatabase;

beforeAll(async () => {
  // Every seventh job closed, every eleventh past its closing date: gaps inside the ranges.
  database = await openDatabaseWithJobs(JOBS, (i) => ({
    title: `Engineer ${i}`,
    isActive: i % 7 !== 0,
    validThrough: i % 11 === 0 ? new Date(Date.now() - 86_400_000) : null,
  }));
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('the sitemap read by id range', () => {
  it('partitions the active jobs: each in exactly one range, none that is closed', async () => {
    const jobs = createJobsService(database.db);
    const lastId = await jobs.lastJobId();
    const listed: string[] = [];
    for (let after = 0; after < lastId; after += SPAN) {
      for await (const batch of jobs.activeSlugs(7, { after, upTo: after + SPAN })) {
        listed.push(...batch.map((job) => job.pageUrl));
      }
    }
    const active = await queryRows<{ page_url: string }>(
      database.db,
      sql`select page_url from jobs
        where is_active and (valid_through is null or valid_through > now()) order by id`,
    );
    expect(active.length).toBeGreaterThan(JOBS / 2);
    expect(active.length).toBeLessThan(JOBS);
    expect(listed).toEqual(active.map((row) => row.page_url));
  });

  it('reads at most the range’s rows for a range deep in the table', async () => {
    const lastId = await createJobsService(database.db).lastJobId();
    const after = lastId - 3 * SPAN;
    const read = await jobRowsReadBy(database.db, activeSlugsSql(after, after + SPAN, 1_000));
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThanOrEqual(SPAN);
  });
});
