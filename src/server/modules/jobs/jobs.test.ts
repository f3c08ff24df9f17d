import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/api-paths.ts';
import {
  type JobDetail,
  type JobSummary,
  type ListingContent,
  listingQuery,
} from '../../../shared/contract/jobs.ts';
import type { App } from '../../app.ts';
import { jobs } from '../../db/schema.ts';
import { type Db, queryRows } from '../../db/client.ts';
import {
  insertJob,
  insertJobs,
  type JobOverrides,
  type Reference,
  seedReference,
} from '../../../../test/support/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { createJobsService } from './jobs.service.ts';
import { type CardRow, namesOf } from './data/job-summary.ts';
import { toPrefixTsquery } from './data/keyword.ts';
import { DRIVER_PAIRS, listingSql } from './data/listing-sql.ts';
import { sqlLiteral, statementRunner } from '../../db/statements.ts';
import { buildApiApp } from '../../../../test/support/app.ts';

let database: TestDatabase;
let app: App;
let ref: Reference;

const day = 86_400_000;
const base = Date.UTC(2025, 5, 1);

type Listing = { success: boolean; message: string; content: ListingContent };

async function listing(query: Record<string, string | number | boolean> | string) {
  const qs =
    typeof query === 'string'
      ? query
      : new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await app.inject({ method: 'GET', url: `${apiPaths.currentOpenings}?${qs}` });
  return { res, body: res.json() as Listing };
}

async function allByCursor(query: Record<string, string | number | boolean>) {
  const seen: JobSummary[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const { body } = await listing(cursor ? { ...query, cursor } : query);
    seen.push(...body.content.jobs);
    cursor = body.content.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error('cursor paging did not end');
}

// A grid of active jobs over every combination of two companies, two roles, two cities and two
// levels, with repeated posting times and view counts so that ties must be broken by id.
interface GridRow {
  id: number;
  /** posted_at in microseconds, as the database holds it. */
  us: number;
  o: {
    companyId: number;
    roleId: number;
    cityId: number;
    experienceLevelId: number;
    views: number;
  };
}
let grid: GridRow[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApiApp(database);
  ref = await seedReference(database.db);
  const overrides: (JobOverrides & GridRow['o'])[] = [];
  let n = 0;
  for (const companyId of [ref.companies.acme, ref.companies.globex])
    for (const roleId of [ref.roles.sde, ref.roles.dataScientist])
      for (const cityId of [ref.cities.bengaluru, ref.cities.munich])
        for (const experienceLevelId of [0, 3])
          for (let k = 0; k < 2; k++) {
            n += 1;
            // Sub-millisecond posting times and shared values exercise the keyset's precision and ties.
            overrides.push({
              companyId,
              roleId,
              cityId,
              experienceLevelId,
              views: n % 4,
              postedAt: new Date(base + (n % 5) * day),
              title: `Grid job ${n}`,
            });
          }
  const rows = await insertJobs(database.db, ref, overrides);
  await database.db.execute(
    sql`update jobs set posted_at = posted_at + (id % 3) * interval '7 microseconds'`,
  );
  const micro = await queryRows<{ id: number; us: number }>(
    database.db,
    sql`select id, (extract(epoch from posted_at)*1000000)::float8 as us from jobs`,
  );
  const us = new Map(micro.map((m) => [m.id, m.us]));
  grid = rows.map((r, i) => ({ id: r.id, us: us.get(r.id)!, o: overrides[i]! }));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const expectedOrder = (rows: GridRow[], popular: boolean) =>
  [...rows]
    .sort((a, b) => (popular ? b.o.views - a.o.views || b.id - a.id : b.us - a.us || b.id - a.id))
    .map((r) => String(r.id));

const filterKeys = ['company', 'role', 'location', 'experienceLevel'] as const;
const subsets = Array.from({ length: 16 }, (_, mask) =>
  filterKeys.filter((_, i) => mask & (1 << i)),
);

describe('GET current-openings', () => {
  it.each(subsets.map((s) => [s.join('+') || 'no filter', s] as const))(
    'filters by %s, both sorts, in the documented order',
    async (_label, keys) => {
      const values = {
        company: ref.companies.globex,
        role: ref.roles.dataScientist,
        location: ref.cities.munich,
        experienceLevel: 3,
      };
      const columns = {
        company: 'companyId',
        role: 'roleId',
        location: 'cityId',
        experienceLevel: 'experienceLevelId',
      } as const;
      const matching = grid.filter((g) => keys.every((k) => g.o[columns[k]] === values[k]));
      const query = Object.fromEntries(keys.map((k) => [k, values[k]]));
      for (const popular of [false, true]) {
        const { res, body } = await listing({ ...query, sortBy: popular, pageSize: 50 });
        expect(res.statusCode).toBe(200);
        expect(body.success).toBe(true);
        expect(body.content.noofJobs).toBe(matching.length);
        expect(body.content.jobs.map((j) => j._id)).toEqual(expectedOrder(matching, popular));
      }
    },
  );

  it("finds a page of two of role, city and level through the pair's own index", async () => {
    // Migration 0007's indexes, named by their columns: what the listing's driver pair must meet.
    const column = { role: 'role', location: 'city', experienceLevel: 'level' } as const;
    const all = {
      company: String(ref.companies.globex),
      role: String(ref.roles.dataScientist),
      location: String(ref.cities.munich),
      experienceLevel: '3',
    };
    for (const [a, b] of DRIVER_PAIRS) {
      if (a === 'company' || b === 'company') throw new Error('no pair index has the company');
      for (const sortBy of ['false', 'true']) {
        const query = listingQuery.parse({ ...all, sortBy });
        const page = listingSql(query, null, null, { driver: [a, b], countLimit: 1000 });
        const text = page.text.replace(/\$(\d+)/g, (_, i: string) =>
          sqlLiteral(page.values[Number(i) - 1]),
        );
        // A few dozen rows would be read in full: only an index plan is of interest here.
        const plan = await database.db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          return queryRows<{ 'QUERY PLAN': string }>(
            tx as unknown as Db,
            sql.raw(`EXPLAIN ${text}`),
          );
        });
        const index = `jobs_${column[a]}_${column[b]}_${sortBy === 'true' ? 'popular' : 'newest'}`;
        // The page walks it in its order (the bounded count, in no order, may take either sort's).
        expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toMatch(
          new RegExp(
            `Index Only Scan using ${index} .*\\n\\s*Index Cond: \\(\\(\\w+ = \\d+\\) AND`,
          ),
        );
      }
    }
  });

  it('pages by cursor and by page/pageSize without repeats or gaps, for both sorts', async () => {
    for (const sortBy of [false, true]) {
      const byCursor = await allByCursor({ sortBy, pageSize: 7 });
      expect(byCursor.map((j) => j._id)).toEqual(expectedOrder(grid, sortBy));
      const byPage: string[] = [];
      for (let page = 1; page <= 5; page++) {
        const { body } = await listing({ sortBy, pageSize: 7, page });
        byPage.push(...body.content.jobs.map((j) => j._id));
      }
      expect(byPage).toEqual(expectedOrder(grid, sortBy));
    }
  });

  it('answers nextCursor null on the last page and an empty page past the end', async () => {
    const { body: last } = await listing({ pageSize: 2, page: 16 });
    expect(last.content.jobs).toHaveLength(2);
    expect(last.content.nextCursor).toBeNull();
    const { body: past } = await listing({ pageSize: 2, page: 17 });
    expect(past.content.jobs).toEqual([]);
    expect(past.content.noofJobs).toBe(32);
  });

  it('counts a page past the end in the same statement, filtered or searched', async () => {
    const run = statementRunner(database.db);
    for (const [raw, tsquery, n] of [
      [{ role: String(ref.roles.sde), page: '9' }, null, 16],
      [
        { company: String(ref.companies.acme), location: String(ref.cities.munich), page: '3' },
        null,
        8,
      ],
      [{ q: 'grid', page: '5', pageSize: '20' }, toPrefixTsquery('grid'), 32],
    ] as const) {
      const page = listingSql(listingQuery.parse(raw), null, tsquery, { countLimit: 1000 });
      const [answer] = await run<{ rows: { id: number | null; bounded_count: number }[] }>(page);
      expect(answer?.rows).toEqual([expect.objectContaining({ id: null, bounded_count: n })]);
      const { body } = await listing(raw);
      expect(body.content).toMatchObject({ jobs: [], noofJobs: n, nextCursor: null });
    }
  });

  it('uses the defaults of the spec: newest first, 10 per page', async () => {
    const { body } = await listing('');
    expect(body.content.jobs.map((j) => j._id)).toEqual(expectedOrder(grid, false).slice(0, 10));
    expect(body.content.nextCursor).toEqual(expect.any(String));
  });

  it('returns the card fields with the spec names', async () => {
    const { body } = await listing({ company: ref.companies.acme, pageSize: 1 });
    const job = body.content.jobs[0]!;
    expect(job).toMatchObject({
      company: {
        companyName: 'Acme Corp',
        companyLogo: '/logos/acme.svg',
        _id: String(ref.companies.acme),
      },
      role: { sortName: expect.any(String) },
      jobType: { name: 'Full-time' },
      salaryProvided: 'true',
      salaryFrom: 50000,
      salaryTo: 80000,
      salaryType: { sortName: 'month' },
      postedOn: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(['India', 'Germany']).toContain(job.country.name);
  });

  it('sets Cache-Control and ETag, and answers 304 to a matching conditional request', async () => {
    const { res } = await listing({ pageSize: 3 });
    expect(res.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=60');
    const tag = res.headers.etag as string;
    expect(tag).toBeTruthy();
    const again = await app.inject({
      method: 'GET',
      url: `${apiPaths.currentOpenings}?pageSize=3`,
      headers: { 'if-none-match': tag },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('inactive and expired jobs', () => {
  it('are never listed nor counted, and the detail says they are inactive', async () => {
    const initech = ref.companies.initech;
    const off = await insertJob(database.db, ref, { companyId: initech, isActive: false });
    const expired = await insertJob(database.db, ref, {
      companyId: initech,
      validThrough: new Date(Date.now() - day),
    });
    const open = await insertJob(database.db, ref, {
      companyId: initech,
      validThrough: new Date(Date.now() + day),
    });
    const { body } = await listing({ company: initech });
    expect(body.content.jobs.map((j) => j._id)).toEqual([String(open.id)]);
    expect(body.content.noofJobs).toBe(1);
    for (const job of [off, expired]) {
      const res = await app.inject({ url: `${apiPaths.jobDescription}?pageUrl=${job.pageUrl}` });
      expect(res.statusCode).toBe(410);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        success: false,
        message: 'Looks like this job is no longer active.',
        content: { jobs: null, isActive: false },
      });
    }
    await database.db.execute(sql`delete from jobs where company_id = ${initech}`);
  });

  it('a job never on the board is unknown (404), and gone (410) once it has been live', async () => {
    const initech = ref.companies.initech;
    const job = await insertJob(database.db, ref, {
      companyId: initech,
      status: 'in_review',
      isActive: false,
    });
    const detail = () => app.inject({ url: `${apiPaths.jobDescription}?pageUrl=${job.pageUrl}` });
    expect((await detail()).statusCode).toBe(404);
    await database.db.execute(sql`update jobs set status = 'rejected' where id = ${job.id}`);
    expect((await detail()).statusCode).toBe(404);
    await database.db.execute(
      sql`update jobs set status = 'live', is_active = true where id = ${job.id}`,
    );
    expect((await detail()).statusCode).toBe(200);
    // Taken back into review (a sync's change) or closed: it was public, so it is gone.
    for (const status of ['in_review', 'closed']) {
      await database.db.execute(
        sql`update jobs set status = ${status}, is_active = false where id = ${job.id}`,
      );
      expect((await detail()).statusCode).toBe(410);
    }
    await database.db.execute(sql`delete from jobs where company_id = ${initech}`);
  });
});

describe('keyword search q', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    const p = ref.companies.initech;
    const made = await insertJobs(database.db, ref, [
      {
        companyId: p,
        title: 'Senior React Developer',
        skills: ['JavaScript'],
        searchTags: ['frontend'],
      },
      {
        companyId: p,
        title: 'Backend Engineer',
        skills: ['React', 'Go'],
        searchTags: ['platform'],
      },
      {
        companyId: p,
        title: 'Analyst',
        roleId: ref.roles.productManager,
        cityId: ref.cities.pune,
        skills: ['Excel'],
        searchTags: ['kubernetes-ops'],
      },
      {
        companyId: p,
        title: 'Café Barista Lead',
        cityId: ref.cities.munich,
        skills: [],
        searchTags: [],
      },
      { companyId: p, title: 'C++ Engineer', skills: [], searchTags: [] },
    ]);
    ids = {
      react: String(made[0]!.id),
      backend: String(made[1]!.id),
      analyst: String(made[2]!.id),
      cafe: String(made[3]!.id),
      cpp: String(made[4]!.id),
    };
  });
  afterAll(async () => {
    await database.db.execute(sql`delete from jobs where company_id = ${ref.companies.initech}`);
  });

  const search = async (q: string, extra: Record<string, string | number> = {}) => {
    const { res, body } = await listing({ q, company: ref.companies.initech, ...extra });
    expect(res.statusCode).toBe(200);
    return body.content.jobs.map((j) => j._id);
  };

  it('ranks a title match above a skill match, and matches the last word as a prefix', async () => {
    expect(await search('react')).toEqual([ids.react, ids.backend]);
    expect(await search('reac')).toEqual([ids.react, ids.backend]);
  });

  it('matches a single letter, or a word followed by symbols, as a whole word', async () => {
    // As a prefix, c would also find Café; c++ and c# name the language.
    expect(await search('c++')).toEqual([ids.cpp]);
    expect(await search('c#')).toEqual([ids.cpp]);
    expect(await search('c')).toEqual([ids.cpp]);
    expect(await search('caf')).toEqual([ids.cafe]);
  });

  it('matches company, role, city, country, skill and tag, accents folded', async () => {
    expect(await search('initech analyst')).toEqual([ids.analyst]);
    expect(await search('product manager')).toEqual([ids.analyst]);
    expect(await search('pune')).toEqual([ids.analyst]);
    expect(await search('germany')).toEqual([ids.cafe]);
    expect(await search('munchen')).toEqual([ids.cafe]);
    expect(await search('CAFE')).toEqual([ids.cafe]);
    // é typed as e and a combining accent, as some keyboards and pasted text send it.
    expect(await search('cafe\u0301')).toEqual([ids.cafe]);
    expect(await search('excel')).toEqual([ids.analyst]);
    expect(await search('kubernetes')).toEqual([ids.analyst]);
    expect(await search('nothing-like-this')).toEqual([]);
  });

  it('finds a job by its work mode, the fresher level, and a place by its other name', async () => {
    const set = (id: string, values: Partial<typeof jobs.$inferInsert>) =>
      database.db
        .update(jobs)
        .set(values)
        .where(eq(jobs.id, Number(id)));
    // Changed after the insert: the words follow a job's work mode and level as they change.
    await set(ids.backend!, { workMode: 'remote' });
    await set(ids.analyst!, { experienceLevelId: 0 });
    await set(ids.cpp!, { workMode: 'on_site' });
    expect(await search('remote')).toEqual([ids.backend]);
    expect(await search('wfh')).toEqual([ids.backend]);
    expect(await search('fresher')).toEqual([ids.analyst]);
    expect(await search('on-site')).toEqual([ids.cpp]);
    expect(await search('poona')).toEqual([ids.analyst]);
    expect(await search('munich')).toEqual([ids.cafe]);
    await set(ids.backend!, { workMode: 'hybrid' });
    expect(await search('remote')).toEqual([]);
    expect(await search('hybrid')).toEqual([ids.backend]);
    await set(ids.analyst!, { experienceLevelId: 1 });
    expect(await search('fresher')).toEqual([]);
  });

  it('finds one word typed as two: front-end or front end for a frontend tag', async () => {
    expect(await search('frontend')).toEqual([ids.react]);
    expect(await search('front-end')).toEqual([ids.react]);
    expect(await search('front end')).toEqual([ids.react]);
    expect(await search('react front end')).toEqual([ids.react]);
    expect(await search('back end')).toEqual([ids.backend]);
  });

  it('says why a keyword in another script finds nothing: the index holds Latin words', async () => {
    for (const q of ['नौकरी', '工程师', 'вакансия']) {
      const { res, body } = await listing({ q });
      expect(res.statusCode, q).toBe(400);
      expect(body.message).toBe(
        "Invalid querystring: 'q': Search matches words written in Latin letters (a–z) and digits, and this search has none",
      );
    }
  });

  it('combines with filters, counts matches and pages by cursor', async () => {
    expect(await search('react', { location: ref.cities.pune })).toEqual([]);
    const { body } = await listing({ q: 'react', company: ref.companies.initech, pageSize: 1 });
    expect(body.content.noofJobs).toBe(2);
    const next = await listing({
      q: 'react',
      company: ref.companies.initech,
      pageSize: 1,
      cursor: body.content.nextCursor!,
    });
    expect(next.body.content.jobs.map((j) => j._id)).toEqual([ids.backend]);
    expect(next.body.content.nextCursor).toBeNull();
  });

  it('orders a search by the sort alone when one is asked for, and pages it by cursor', async () => {
    // Left out, the best match comes first; Newest is date order (the skill match is newer).
    expect(await search('react')).toEqual([ids.react, ids.backend]);
    expect(await search('react', { sortBy: 'false' })).toEqual([ids.backend, ids.react]);
    const first = await listing({
      q: 'react',
      company: ref.companies.initech,
      sortBy: 'false',
      pageSize: 1,
    });
    expect(first.body.content.jobs.map((j) => j._id)).toEqual([ids.backend]);
    const next = await listing({
      q: 'react',
      company: ref.companies.initech,
      sortBy: 'false',
      pageSize: 1,
      cursor: first.body.content.nextCursor!,
    });
    expect(next.body.content.jobs.map((j) => j._id)).toEqual([ids.react]);
    // A best-match cursor is not one of the date order's: the request is refused, not misread.
    const ranked = await listing({ q: 'react', company: ref.companies.initech, pageSize: 1 });
    const mixed = await listing({
      q: 'react',
      company: ref.companies.initech,
      sortBy: 'false',
      pageSize: 1,
      cursor: ranked.body.content.nextCursor!,
    });
    expect(mixed.res.statusCode).toBe(400);
  });

  it('ranks the newest matches up to its window, and counts what it ranks', async () => {
    const run = statementRunner(database.db);
    const query = listingQuery.parse({ q: 'react', company: String(ref.companies.initech) });
    const ranked = async (searchWindow: number) => {
      const page = listingSql(query, null, toPrefixTsquery('react'), { searchWindow });
      const [answer] = await run<{ rows: { id: number; bounded_count: number }[] }>(page);
      const rows = answer?.rows ?? [];
      return { ids: rows.map((r) => String(r.id)), count: rows[0]?.bounded_count };
    };
    // The skill match is the newer of the two: a window of one holds it alone.
    expect(await ranked(1)).toEqual({ ids: [ids.backend], count: 1 });
    expect(await ranked(2)).toEqual({ ids: [ids.react, ids.backend], count: 2 });
  });
});

describe('GET job-description', () => {
  it('answers every field of the detail page', async () => {
    const job = await insertJob(database.db, ref, {
      title: 'Staff Engineer <script>alert(1)</script>',
      companyId: ref.companies.globex,
      cityId: ref.cities.munich,
      salaryProvided: 'false',
      salaryFrom: null,
      salaryTo: null,
      salaryTypeId: null,
      bestInIndustry: 'Best in industry',
      views: 42,
      noOfOpening: 3,
      validThrough: new Date(Date.now() + 30 * day),
      responsibilities: ['R1', 'R2'],
      searchTags: ['tag'],
      whoCanApply: [],
    });
    const res = await app.inject({ url: `${apiPaths.jobDescription}?pageUrl=${job.pageUrl}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=60/);
    const detail = (res.json() as { content: { jobs: JobDetail } }).content.jobs;
    expect(detail).toMatchObject({
      _id: String(job.id),
      pageUrl: job.pageUrl,
      title: 'Staff Engineer <script>alert(1)</script>',
      company: {
        companyName: 'Globex',
        companyWebsite: 'https://globex.example',
        companyOverview: 'Globex builds things.',
        companyLocation: 'Bengaluru, India',
      },
      city: { name: 'München' },
      state: { name: 'Bavaria', stateCode: 'BY' },
      country: { name: 'Germany', iso3: 'DEU', symbol: '€' },
      currency: 'EUR',
      role: { name: 'Software Development Engineer', sortName: 'SDE' },
      jobType: { name: 'Full-time' },
      experienceLevel: { name: '1 year' },
      salaryProvided: 'false',
      salaryType: null,
      bestInIndustry: 'Best in industry',
      openingsDate: '2025-01-01',
      noOfOpening: 3,
      views: 42,
      description: 'Build and run the product with a small team.',
      postedBy: { firstName: 'Asha' },
      responsibilities: [{ response: 'R1' }, { response: 'R2' }],
      minimumRequirements: [{ requirement: 'A degree or equivalent' }],
      preferredQualification: [{ qualification: 'Experience with PostgreSQL' }],
      skills: [{ skill: 'TypeScript' }],
      rolesAndResponsibilities: [{ roleAndResponsibility: 'Own a service' }],
      whoCanApply: [],
      perksAndBenefits: [{ perkAndBenefit: 'Health cover' }],
      searchTags: [{ search: 'tag' }],
    });
    expect(detail.postedAt).toBe(detail.postedOn);
    expect(Date.parse(detail.validThrough!)).toBeGreaterThan(Date.now());
    expect(Date.parse(detail.updatedAt)).not.toBeNaN();
    await database.db.delete(jobs).where(sql`id = ${job.id}`);
  });

  it('answers 404 with a message for an unknown slug', async () => {
    const res = await app.inject({ url: `${apiPaths.jobDescription}?pageUrl=no-such-job` });
    expect(res.statusCode).toBe(404);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/no longer available/);
    expect(body.content).toEqual({ jobs: null, isActive: false });
  });

  it.each([
    ['', 'pageUrl'],
    ['pageUrl=', 'pageUrl'],
    ['pageUrl=Bad%20Slug', 'pageUrl'],
    [`pageUrl=${'a'.repeat(201)}`, 'pageUrl'],
    ['pageUrl=a&pageUrl=b', 'pageUrl'],
    ["pageUrl=x'%20or%201=1--", 'pageUrl'],
    ['pageUrl=a&extra=1', 'extra'],
  ])('refuses ?%s with 400 naming %s', async (qs, param) => {
    const res = await app.inject({ url: `${apiPaths.jobDescription}?${qs}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(param);
  });
});

describe('bad input to current-openings', () => {
  it.each([
    ['company=abc', 'company'],
    ['company=-1', 'company'],
    ['company=0', 'company'],
    ['company=99999999999', 'company'],
    ['company=999999', 'company'],
    ['role=999999', 'role'],
    ['location=999999', 'location'],
    ['role=1&role=2', 'role'],
    ['location=1.5', 'location'],
    ['experienceLevel=6', 'experienceLevel'],
    ['experienceLevel=-1', 'experienceLevel'],
    ['sortBy=yes', 'sortBy'],
    ['page=0', 'page'],
    ['page=10001', 'page'],
    ['pageSize=0', 'pageSize'],
    ['pageSize=51', 'pageSize'],
    ['pageSize=1e3', 'pageSize'],
    ['limit=5', 'limit'],
    ['company=1%20OR%201=1', 'company'],
    ['q=', 'q'],
    ['q=%20%20', 'q'],
    [`q=${'a'.repeat(101)}`, 'q'],
    ['q=%3Cscript%3Ealert(1)%3C/script%3E', 'q'],
    ["q=x';%20drop%20table%20jobs;--", 'q'],
    ['q=...', 'q'],
    ['cursor=not-a-cursor', 'cursor'],
    ['cursor=%25%25', 'cursor'],
    [`cursor=${Buffer.from('["n",1,"x"]').toString('base64url')}`, 'cursor'],
    [`cursor=${Buffer.from('["n",1,0]').toString('base64url')}`, 'cursor'],
    [`cursor=${Buffer.from('{"a":1}').toString('base64url')}`, 'cursor'],
    [`cursor=${'A'.repeat(201)}`, 'cursor'],
  ])('refuses ?%s with 400 naming %s', async (qs, param) => {
    const { res, body } = await listing(qs);
    expect(res.statusCode).toBe(400);
    expect(body.success).toBe(false);
    expect(body.message).toContain(param);
  });

  it('refuses a cursor made for the other sort or for a search', async () => {
    const { body } = await listing({ pageSize: 1 });
    const cursor = body.content.nextCursor!;
    const other = await listing({ pageSize: 1, sortBy: true, cursor });
    expect(other.res.statusCode).toBe(400);
    expect(other.body.message).toMatch(/'cursor'.*other sort/);
    const searched = await listing({ pageSize: 1, q: 'grid', cursor });
    expect(searched.res.statusCode).toBe(400);
    expect(searched.body.message).toContain('cursor');
  });

  it('refuses a tampered cursor', async () => {
    const { body } = await listing({ pageSize: 1 });
    const decoded = Buffer.from(body.content.nextCursor!, 'base64url').toString();
    const tampered = Buffer.from(decoded.replace(/\]$/, ',"x"]')).toString('base64url');
    const res = await listing({ pageSize: 1, cursor: tampered });
    expect(res.res.statusCode).toBe(400);
    expect(res.body.message).toContain('cursor');
  });
});

describe('the OpenAPI document', () => {
  it('describes both endpoints with their query parameters', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json();
    const listingDoc = doc.paths['/api/v1/jobs/current-openings'].get;
    // Every parameter the contract takes, so a new one cannot be left out of the document.
    expect(listingDoc.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(Object.keys(listingQuery.shape)),
    );
    expect(Object.keys(doc.paths['/api/v1/jobs/job-description'].get.responses)).toEqual(
      expect.arrayContaining(['200', '400', '404', '410']),
    );
  });
});

describe('activeSlugs', () => {
  it('streams every active job once, in batches', async () => {
    const service = createJobsService(database.db);
    const batches: number[] = [];
    const slugs: string[] = [];
    for await (const batch of service.activeSlugs(5)) {
      batches.push(batch.length);
      slugs.push(...batch.map((b) => b.pageUrl));
      for (const b of batch) expect(Date.parse(b.updatedAt)).not.toBeNaN();
    }
    const active = await queryRows<{ page_url: string }>(
      database.db,
      sql`select page_url from jobs where is_active and (valid_through is null or valid_through > now()) order by id`,
    );
    expect(slugs).toEqual(active.map((a) => a.page_url));
    expect(Math.max(...batches)).toBe(5);
  });
});

describe('card names (kept in memory, card-names.ts)', () => {
  it('shows a new city and a renamed company on the next listing of a server that had loaded them', async () => {
    // A second service on the same database stands for another server with its names loaded.
    const other = createJobsService(database.db);
    expect((await other.list(listingQuery.parse({}))).jobs.length).toBeGreaterThan(0);
    const [company] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into companies (company_name, name_search, company_logo)
        values ('Umbrella', 'umbrella', '/logos/umbrella.svg') returning id`,
    );
    const [city] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into cities (state_id, name, name_search)
        values (${ref.states.bavaria}, 'Augsburg', 'augsburg') returning id`,
    );
    const job = await insertJob(database.db, ref, { companyId: company!.id, cityId: city!.id });
    try {
      const query = listingQuery.parse({ company: String(company!.id) });
      expect((await other.list(query)).jobs[0]).toMatchObject({
        company: { companyName: 'Umbrella', companyLogo: '/logos/umbrella.svg' },
        city: { name: 'Augsburg' },
        state: { name: 'Bavaria' },
        country: { name: 'Germany', symbol: '€' },
      });
      await database.db.execute(
        sql`update companies set company_name = 'Umbrella Corp' where id = ${company!.id}`,
      );
      expect((await other.list(query)).jobs[0]?.company.companyName).toBe('Umbrella Corp');
      const { body } = await listing({ company: company!.id });
      expect(body.content.jobs[0]?.company.companyName).toBe('Umbrella Corp');
    } finally {
      await database.db.execute(sql`update jobs set is_active = false where id = ${job.id}`);
    }
  });

  it.each([
    'companies',
    'cities',
    'states',
    'countries',
    'roles',
    'job_types',
    'experience_levels',
    'salary_types',
  ])('moves the names version on any statement that writes %s', async (table) => {
    const version = async () =>
      (
        await queryRows<{ v: string }>(
          database.db,
          sql`select version::text as v from card_names_version`,
        )
      )[0]!.v;
    const before = await version();
    await database.db.execute(sql.raw(`update ${table} set id = id where false`));
    expect(BigInt(await version())).toBe(BigInt(before) + 1n);
  });

  it('refuses to show a card whose name it does not have', () => {
    const empty = {
      companies: new Map(),
      places: new Map(),
      roles: new Map(),
      jobTypes: new Map(),
      levels: new Map(),
      salaryTypes: new Map(),
    };
    const row = { id: 7, company_id: 5, city_id: 1 } as CardRow;
    expect(() => namesOf(row, empty)).toThrow('job 7: no company 5 in the card names');
  });
});
