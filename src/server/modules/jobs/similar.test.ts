// Similar jobs: same role and city first, then same role elsewhere, then by the words of the title,
// at most six, never the job itself nor an inactive one. The expected order is written by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { insertJobs, type Reference, seedReference } from '../../../../test/support/fixtures.ts';
import { createJobsService, type JobsServiceImpl } from './jobs.service.ts';
import { titleTsquery } from './data/similar.ts';
import { buildApiApp } from '../../../../test/support/app.ts';

let database: TestDatabase;
let ref: Reference;
let service: JobsServiceImpl;
const slug: Record<string, string> = {};

beforeAll(async () => {
  database = await openTestDatabase();
  ref = await seedReference(database.db);
  service = createJobsService(database.db);
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
  // No skills or tags: only titles (and the names) make the words.
  const job = (title: string, minutes: number, extra: Record<string, unknown> = {}) => ({
    title,
    postedAt: at(minutes),
    skills: [],
    searchTags: [],
    pageUrl: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    ...extra,
  });
  const { sde, dataScientist, productManager } = ref.roles;
  const { bengaluru, pune, munich } = ref.cities;
  const rows = [
    job('Senior Backend Engineer', 10, { roleId: sde, cityId: bengaluru }),
    job('Sde here older', 3, { roleId: sde, cityId: bengaluru }),
    job('Sde here newest', 5, { roleId: sde, cityId: bengaluru }),
    job('Sde here closed', 9, {
      roleId: sde,
      cityId: bengaluru,
      isActive: false,
      status: 'closed',
    }),
    job('Sde in pune', 6, { roleId: sde, cityId: pune }),
    job('Sde in munich', 2, { roleId: sde, cityId: munich }),
    job('Senior Backend Engineer Data', 1, { roleId: dataScientist, cityId: pune }),
    job('Engineer manager', 8, { roleId: productManager, cityId: bengaluru }),
    job('Engineer helper', 7, { roleId: productManager, cityId: bengaluru }),
    job('Chef', 11, { roleId: productManager, cityId: bengaluru }),
  ];
  for (const row of await insertJobs(database.db, ref, rows)) {
    slug[row.pageUrl] = row.pageUrl;
  }
});
afterAll(() => database?.close());

const titles = async (pageUrl: string) => (await service.similar(pageUrl)).map((j) => j.title);

describe('similar jobs', () => {
  it('ranks same role and city, then same role, then title words; six at most', async () => {
    expect(await titles('senior-backend-engineer')).toEqual([
      'Sde here newest',
      'Sde here older',
      'Sde in pune',
      'Sde in munich',
      // three of the title's words, then one (the newer of two equal ones)
      'Senior Backend Engineer Data',
      'Engineer manager',
    ]);
  });

  it('are found for a closed job too, from its own role and city', async () => {
    expect(await titles('sde-here-closed')).toEqual([
      'Senior Backend Engineer',
      'Sde here newest',
      'Sde here older',
      'Sde in pune',
      'Sde in munich',
    ]);
  });

  it('fall back to the words of the title for a role with no other job', async () => {
    // "engineer" is in the title of the first three (weight A) and only in the role name of the
    // other SDE jobs (weight B), which then come newest first.
    expect(await titles('senior-backend-engineer-data')).toEqual([
      'Senior Backend Engineer',
      'Engineer manager',
      'Engineer helper',
      'Sde in pune',
      'Sde here newest',
      'Sde here older',
    ]);
  });

  it('are none for an unknown job', async () => {
    expect(await service.similar('no-such-job')).toEqual([]);
  });

  it('takes the longer words of a title, each once', () => {
    expect(titleTsquery('Head of R&D, Head of QA')).toBe('head');
    expect(titleTsquery('Développeur Java / Java EE')).toBe('developpeur | java');
    expect(titleTsquery('A & B')).toBeNull();
  });

  it('are served by the API for a closed job', async () => {
    const app = await buildApiApp(database);
    try {
      const res = await app.inject({ url: '/api/v1/jobs/similar-jobs?pageUrl=sde-here-closed' });
      expect(res.statusCode).toBe(200);
      expect(res.json().content.jobs).toHaveLength(5);
      const bad = await app.inject({ url: '/api/v1/jobs/similar-jobs?pageUrl=Not%20a%20slug' });
      expect(bad.statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });
});
