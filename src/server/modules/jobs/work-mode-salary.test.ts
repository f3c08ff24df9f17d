// The work-mode and salary-stated filters: the listing, its small exact counts and the large
// stored ones (job_counts per work mode and salary stated), and the API's validation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingQuery } from '../../../shared/contract/jobs.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { insertJobs, type Reference, seedReference } from '../../../../test/support/fixtures.ts';
import { createJobsService, type JobsServiceImpl } from './jobs.service.ts';
import { buildApiApp } from '../../../../test/support/app.ts';

let database: TestDatabase;
let ref: Reference;
let service: JobsServiceImpl;

const noSalary = { salaryProvided: 'false', salaryFrom: null, salaryTo: null, salaryTypeId: null };

beforeAll(async () => {
  database = await openTestDatabase();
  ref = await seedReference(database.db);
  service = createJobsService(database.db);
  // 1,100 remote jobs with a salary (a large result: counted from job_counts), then a handful.
  await insertJobs(
    database.db,
    ref,
    Array.from({ length: 1_100 }, () => ({ workMode: 'remote' })),
  );
  await insertJobs(database.db, ref, [
    { workMode: 'remote', ...noSalary, bestInIndustry: 'Best in industry', title: 'Remote text' },
    { workMode: 'hybrid', title: 'Hybrid paid' },
    { workMode: 'hybrid', ...noSalary, title: 'Hybrid unpaid' },
    { workMode: 'on_site', ...noSalary, title: 'On-site unpaid' },
    { workMode: null, title: 'Unstated paid' },
    { workMode: null, ...noSalary, title: 'Unstated unpaid' },
    { workMode: 'hybrid', title: 'Hybrid closed', isActive: false, status: 'closed' },
  ]);
  await service.refreshCounts();
});
afterAll(() => database?.close());

const list = (query: Record<string, string>) =>
  service.list(listingQuery.parse({ pageSize: '50', ...query }));
const titles = async (query: Record<string, string>) =>
  (await list(query)).jobs.map((j) => j.title).sort();

describe('work mode filter', () => {
  it('keeps only jobs of that work mode and counts them', async () => {
    expect(await titles({ workMode: 'hybrid' })).toEqual(['Hybrid paid', 'Hybrid unpaid']);
    expect((await list({ workMode: 'hybrid' })).noofJobs).toBe(2);
    expect(await titles({ workMode: 'on_site' })).toEqual(['On-site unpaid']);
    const hybrid = await list({ workMode: 'hybrid', pageSize: '1' });
    expect(hybrid.jobs[0]?.workMode).toBe('hybrid');
  });

  it('answers the work mode of each job, null when not stated', async () => {
    const all = await list({ q: 'unstated' });
    expect(all.jobs.map((j) => j.workMode)).toEqual([null, null]);
  });

  it('counts a large result from the stored counts, per work mode and salary stated', async () => {
    expect((await list({ workMode: 'remote' })).noofJobs).toBe(1_101);
    expect((await list({ workMode: 'remote', salaryStated: 'true' })).noofJobs).toBe(1_100);
    // Jobs added after the refresh show which counts come from the table.
    await insertJobs(database.db, ref, [{ workMode: 'remote' }, { workMode: 'hybrid' }]);
    expect((await list({ workMode: 'remote' })).noofJobs).toBe(1_101);
    expect((await list({ workMode: 'hybrid' })).noofJobs).toBe(3);
    // Work mode with two other filters is not among the stored sets: counted in full, so current.
    const [role, location] = [String(ref.roles.sde), String(ref.cities.bengaluru)];
    expect((await list({ workMode: 'remote', role, location })).noofJobs).toBe(1_102);
    await service.refreshCounts();
    expect((await list({ workMode: 'remote' })).noofJobs).toBe(1_102);
    expect((await list({ workMode: 'remote', salaryStated: 'true' })).noofJobs).toBe(1_101);
  });
});

describe('salary stated filter', () => {
  it('keeps only jobs with an amount, not those with text about pay', async () => {
    const stated = await titles({ salaryStated: 'true', role: String(ref.roles.sde), q: 'paid' });
    expect(stated).toEqual(['Hybrid paid', 'Unstated paid']);
    expect(await titles({ salaryStated: 'true', workMode: 'on_site' })).toEqual([]);
    expect((await list({ salaryStated: 'true', workMode: 'hybrid' })).noofJobs).toBe(2);
    // false is the same as no filter
    expect((await list({ salaryStated: 'false', workMode: 'hybrid' })).noofJobs).toBe(3);
  });

  it('pages with the cursor inside the filtered result', async () => {
    const first = await list({ workMode: 'hybrid', pageSize: '2' });
    const rest = await list({ workMode: 'hybrid', pageSize: '2', cursor: first.nextCursor! });
    const seen = [...first.jobs, ...rest.jobs].map((j) => j._id);
    expect(new Set(seen).size).toBe(3);
  });
});

describe('the API', () => {
  it('names a bad work mode or salary flag', async () => {
    const app = await buildApiApp(database);
    try {
      const bad = await app.inject({ url: '/api/v1/jobs/current-openings?workMode=moon' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/workMode/);
      const flag = await app.inject({ url: '/api/v1/jobs/current-openings?salaryStated=yes' });
      expect(flag.statusCode).toBe(400);
      expect(flag.json().message).toMatch(/salaryStated/);
      const ok = await app.inject({
        url: '/api/v1/jobs/current-openings?workMode=on_site&salaryStated=false',
      });
      expect(ok.json().content.noofJobs).toBe(1);
    } finally {
      await app.close();
    }
  });
});
