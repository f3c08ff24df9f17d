// noofJobs above the exact limit: answered from job_counts (as of its last refresh), exact below it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingQuery } from '../../../shared/contract/jobs.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { insertJobs, type Reference, seedReference } from '../../../../test/support/fixtures.ts';
import { createJobsService, type JobsServiceImpl } from './jobs.service.ts';

let database: TestDatabase;
let ref: Reference;
let service: JobsServiceImpl;

beforeAll(async () => {
  database = await openTestDatabase();
  ref = await seedReference(database.db);
  service = createJobsService(database.db);
  const many = Array.from({ length: 1_200 }, (_, i) => ({
    companyId: i % 2 ? ref.companies.acme : ref.companies.globex,
    experienceLevelId: i % 6,
  }));
  await insertJobs(database.db, ref, many);
  await service.refreshCounts();
});
afterAll(() => database?.close());

const count = async (query: Record<string, string>) =>
  (await service.list(listingQuery.parse({ pageSize: '1', ...query }))).noofJobs;

describe('noofJobs', () => {
  it('is exact for small results and taken from job_counts for large ones', async () => {
    expect(await count({})).toBe(1_200);
    expect(await count({ company: String(ref.companies.acme) })).toBe(600);
    expect(await count({ experienceLevel: '2' })).toBe(200);
    // Jobs added since the last refresh show that large results come from the counts table...
    await insertJobs(
      database.db,
      ref,
      Array.from({ length: 30 }, () => ({ companyId: ref.companies.acme, experienceLevelId: 2 })),
    );
    expect(await count({})).toBe(1_200);
    // ...while small ones are counted at once.
    expect(await count({ company: String(ref.companies.acme) })).toBe(630);
    await service.refreshCounts();
    expect(await count({})).toBe(1_230);
  });

  it('counts a keyword search exactly up to its limit', async () => {
    expect(await count({ q: 'test job' })).toBe(1_230);
    expect(await count({ q: 'test job', company: String(ref.companies.globex) })).toBe(600);
  });
});
