import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageUrlSchema } from '../../../shared/contract/jobs.ts';
import { EXPERIENCE_OPTIONS } from '../../../shared/constants.ts';
import { normalizeSearch } from '../../../shared/text.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { queryRows } from '../client.ts';
import { seedDemo, seedDemoIfEmpty } from './demo.ts';
import { generateDemo, jobSlug } from './generate.ts';

type Counts = Record<
  | 'none'
  | 'text'
  | 'broken'
  | 'total'
  | 'full'
  | 'max_skills'
  | 'min_resp'
  | 'one_paragraph'
  | 'companies'
  | 'jobs'
  | 'cities'
  | 'countries'
  | 'roles_used'
  | 'roles'
  | 'types_used'
  | 'types'
  | 'levels_used'
  | 'companies_used'
  | 'logos',
  number
>;

const NOW = Date.parse('2025-06-01T12:00:00Z');

describe('generateDemo', () => {
  it('gives identical data for the same seed and moment', () => {
    expect(generateDemo({ now: NOW })).toEqual(generateDemo({ now: NOW }));
  });

  it('gives different data for another seed', () => {
    const a = generateDemo({ now: NOW });
    const b = generateDemo({ now: NOW, seed: 7 });
    expect(b.jobs.map((j) => j.title)).not.toEqual(a.jobs.map((j) => j.title));
  });

  it('makes slugs the API accepts, all distinct', () => {
    const data = generateDemo({ now: NOW });
    for (const job of data.jobs) expect(pageUrlSchema.safeParse(job.pageUrl).success).toBe(true);
    expect(new Set(data.jobs.map((j) => j.pageUrl)).size).toBe(data.jobs.length);
    expect(jobSlug('Senior Backend Engineer', 'Ipê Pagamentos', 'São Paulo', 1042)).toBe(
      'senior-backend-engineer-ipe-pagamentos-sao-paulo-1042',
    );
    expect(jobSlug('QA Lead (Contract) – Remote', 'Thistle & Loom', 'Zürich', 7)).toBe(
      'qa-lead-contract-remote-thistle-and-loom-zurich-7',
    );
  });

  it('spreads posting dates over the last 90 days and closes some in the past', () => {
    const { jobs } = generateDemo({ now: NOW });
    const ages = jobs.map((j) => (NOW - (j.postedAt as Date).getTime()) / 86_400_000);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeLessThanOrEqual(91);
    expect(Math.max(...ages)).toBeGreaterThan(60);
    const closed = jobs.filter((j) => j.validThrough && (j.validThrough as Date).getTime() < NOW);
    const off = jobs.filter((j) => !j.isActive);
    expect(closed.length).toBeGreaterThan(10);
    expect(off.length).toBeGreaterThan(10);
    const inactive = jobs.filter((j) => !j.isActive || closed.includes(j)).length / jobs.length;
    expect(inactive).toBeGreaterThan(0.06);
    expect(inactive).toBeLessThan(0.15);
  });

  it('closes every open job at most 90 days away, so its employer can save it unchanged', () => {
    const { jobs } = generateDemo({ now: NOW });
    const open = jobs.filter((j) => j.validThrough && (j.validThrough as Date).getTime() >= NOW);
    const daysAway = open.map((j) => ((j.validThrough as Date).getTime() - NOW) / 86_400_000);
    // DESIGN.md §10: a closing date is at most 90 days away (the job form refuses a later one).
    expect(Math.max(...daysAway)).toBeLessThanOrEqual(90);
    // A few within the 7-day reminder (a first start mails those few, not dozens).
    const withinWeek = daysAway.filter((d) => d <= 7).length;
    expect(withinWeek).toBeGreaterThan(0);
    expect(withinWeek).toBeLessThanOrEqual(15);
    // Still spread: not all folded onto one day.
    const lastWeeks = daysAway.filter((d) => d > 70).map((d) => Math.floor(d));
    expect(new Set(lastWeeks).size).toBeGreaterThan(7);
  });

  it('opens applications on or after the posting day, and never after today', () => {
    const { jobs } = generateDemo({ now: NOW });
    const today = new Date(NOW).toISOString().slice(0, 10);
    const day = (d: Date | string) => new Date(d).toISOString().slice(0, 10);
    expect(jobs.filter((j) => String(j.openingsDate) > today)).toEqual([]);
    expect(jobs.filter((j) => String(j.openingsDate) < day(j.postedAt as Date))).toEqual([]);
    // Still spread after the posting day for older jobs.
    expect(jobs.some((j) => String(j.openingsDate) > day(j.postedAt as Date))).toBe(true);
  });
});

describe('seedDemo into the database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    expect(await seedDemoIfEmpty(database.db)).toBe(true);
  });
  afterAll(async () => database.close());

  const one = async <T>(query: ReturnType<typeof sql>) =>
    (await queryRows<T>(database.db, query))[0] as T;

  it('does nothing the second time', async () => {
    expect(await seedDemoIfEmpty(database.db)).toBe(false);
    expect((await one<{ n: number }>(sql`select count(*)::int n from jobs`)).n).toBeGreaterThan(0);
  });

  it('has the size and coverage the issue asks for', async () => {
    const c = await one<Counts>(sql`
      select (select count(*)::int from companies) companies,
             (select count(*)::int from jobs) jobs,
             (select count(distinct city_id)::int from jobs) cities,
             (select count(distinct s.country_id)::int from jobs j join cities c on c.id = j.city_id
                join states s on s.id = c.state_id) countries,
             (select count(distinct role_id)::int from jobs) roles_used,
             (select count(*)::int from roles) roles,
             (select count(distinct job_type_id)::int from jobs) types_used,
             (select count(*)::int from job_types) types,
             (select count(distinct experience_level_id)::int from jobs) levels_used,
             (select count(distinct company_id)::int from jobs) companies_used,
             (select count(distinct company_logo)::int from companies) logos`);
    expect(c.companies).toBeGreaterThanOrEqual(60);
    expect(c.jobs).toBeGreaterThanOrEqual(400);
    expect(c.cities).toBeGreaterThanOrEqual(40);
    expect(c.countries).toBeGreaterThanOrEqual(5);
    expect(c.roles).toBeGreaterThanOrEqual(12);
    expect(c.roles_used).toBe(c.roles);
    expect(c.types_used).toBe(c.types);
    expect(c.levels_used).toBe(6);
    expect(c.companies_used).toBe(c.companies);
    expect(c.logos).toBe(c.companies);
  });

  it('puts most jobs in India, paid in rupees by the month and by the year', async () => {
    const rows = await queryRows<{
      iso2: string;
      currency: string;
      unit: string | null;
      n: number;
    }>(
      database.db,
      sql`select co.iso2, co.currency, st.sort_name unit, count(*)::int n
          from jobs j join cities c on c.id = j.city_id join states s on s.id = c.state_id
          join countries co on co.id = s.country_id left join salary_types st on st.id = j.salary_type_id
          group by 1, 2, 3`,
    );
    const total = rows.reduce((s, r) => s + r.n, 0);
    const india = rows.filter((r) => r.iso2 === 'IN');
    expect(india.reduce((s, r) => s + r.n, 0) / total).toBeGreaterThan(0.5);
    expect(india.every((r) => r.currency === 'INR')).toBe(true);
    expect(india.map((r) => r.unit)).toEqual(expect.arrayContaining(['month', 'year']));
    expect(rows.some((r) => r.iso2 === 'US' && r.unit === 'year')).toBe(true);
  });

  it('leaves some jobs without a salary, some of them with a best-in-industry text', async () => {
    const r = await one<Counts>(sql`
      select count(*) filter (where salary_provided = 'false')::int none,
             count(*) filter (where salary_provided = 'false' and best_in_industry is not null)::int text,
             count(*) filter (where salary_provided = 'true' and (salary_from is null or salary_to < salary_from))::int broken,
             count(*)::int total
      from jobs`);
    expect(r.none / r.total).toBeGreaterThan(0.08);
    expect(r.none / r.total).toBeLessThan(0.25);
    expect(r.text).toBeGreaterThan(0);
    expect(r.text).toBeLessThan(r.none);
    expect(r.broken).toBe(0);
  });

  it('gives jobs every work mode, most of them stated', async () => {
    const rows = await queryRows<{ mode: string | null; n: number }>(
      database.db,
      sql`select work_mode mode, count(*)::int n from jobs group by work_mode`,
    );
    const share = (mode: string | null) =>
      (rows.find((r) => r.mode === mode)?.n ?? 0) / rows.reduce((sum, r) => sum + r.n, 0);
    expect(share('on_site')).toBeGreaterThan(0.3);
    expect(share('hybrid')).toBeGreaterThan(0.2);
    expect(share('remote')).toBeGreaterThan(0.1);
    expect(share(null)).toBeGreaterThan(0.03);
    expect(share(null)).toBeLessThan(0.2);
    // A job of the Remote type is never shown as on-site or hybrid beside it.
    const [mixed] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int n from jobs j join job_types t on t.id = j.job_type_id
          where t.name = 'Remote' and j.work_mode is distinct from 'remote'`,
    );
    expect(mixed?.n).toBe(0);
  });

  it('fills all eight list fields for most jobs, 3 to 7 items each', async () => {
    const r = await one<Counts>(sql`
      select count(*) filter (where cardinality(responsibilities) > 0 and cardinality(minimum_requirements) > 0
        and cardinality(preferred_qualification) > 0 and cardinality(skills) > 0
        and cardinality(roles_and_responsibilities) > 0 and cardinality(who_can_apply) > 0
        and cardinality(perks_and_benefits) > 0 and cardinality(search_tags) > 0)::int full,
        max(cardinality(skills))::int max_skills, min(cardinality(responsibilities))::int min_resp,
        count(*) filter (where description not like '%' || chr(10) || chr(10) || '%')::int one_paragraph,
        count(*)::int total
      from jobs`);
    expect(r.full / r.total).toBeGreaterThan(0.9);
    expect(r.full).toBeLessThan(r.total);
    expect(r.max_skills).toBeLessThanOrEqual(7);
    expect(r.min_resp).toBeGreaterThanOrEqual(3);
    expect(r.one_paragraph).toBe(0);
  });

  it('stores name_search as the normalised name, so "sao" and "beng" match', async () => {
    const rows = await queryRows<{ name: string; name_search: string }>(
      database.db,
      sql`select name, name_search from cities union all select name, name_search from roles
          union all select company_name, name_search from companies`,
    );
    for (const row of rows) expect(row.name_search).toBe(normalizeSearch(row.name));
    const found = await queryRows<{ name: string }>(
      database.db,
      sql`select name from cities where name_search like '%sao%' or name_search like '%beng%' or name_search like '%zurich%'`,
    );
    expect(found.map((f) => f.name)).toEqual(
      expect.arrayContaining(['São Paulo', 'Bengaluru', 'Zürich']),
    );
  });

  it('keeps the experience levels the filters expect', async () => {
    const levels = await queryRows<{ id: number; name: string }>(
      database.db,
      sql`select id, name from experience_levels order by id`,
    );
    expect(levels).toEqual(EXPERIENCE_OPTIONS.map((o) => ({ id: o.value, name: o.label })));
  });

  it('gives companies websites and apply links on reserved domains', async () => {
    const rows = await queryRows<{
      website: string;
      apply: string | null;
      overview: string | null;
    }>(
      database.db,
      sql`select c.company_website website, j.apply_link apply, c.company_overview overview
          from jobs j join companies c on c.id = j.company_id`,
    );
    for (const r of rows) expect(r.website).toMatch(/^https:\/\/www\.[a-z0-9]+\.example$/);
    const applyLinks = rows.map((r) => r.apply).filter((a) => a !== null);
    expect(applyLinks.length).toBeGreaterThan(rows.length / 2);
    for (const apply of applyLinks) {
      expect(apply).toMatch(/^https:\/\/careers\.[a-z0-9]+\.example\/jobs\/\d+$/);
    }
    expect(rows.some((r) => r.apply === null)).toBe(true);
    expect(rows.some((r) => r.overview === null)).toBe(true);
  });

  it('lets new rows take fresh ids after the explicit ones', async () => {
    const [row] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into posters (first_name) values ('Test') returning id`,
    );
    expect(row?.id).toBeGreaterThan(15);
  });
});

describe('seedDemo on a fresh database', () => {
  it('writes the same content as the generator for the same moment', async () => {
    const database = await openTestDatabase();
    try {
      const data = await seedDemo(database.db, { now: NOW });
      const rows = await queryRows<{ page_url: string; title: string; views: number }>(
        database.db,
        sql`select page_url, title, views from jobs order by id`,
      );
      expect(rows).toEqual(
        data.jobs.map((j) => ({ page_url: j.pageUrl, title: j.title, views: j.views })),
      );
    } finally {
      await database.close();
    }
  });
});
