// Large benchmark data sets (up to a million jobs). Texts come from the demo generator as a few
// thousand templates; PostgreSQL itself stamps out the jobs with INSERT … SELECT over
// generate_series, picking template, city and company by hashing the job's number, so a given
// seed always gives the same content.
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { queryRows } from '../client.ts';
import { companies } from '../schema.ts';
import { normalizeSearch } from '../../../shared/text.ts';
import {
  bulkCompany,
  companyOverview,
  DEMO_COMPANIES,
  domainLabel,
  pickRole,
} from './companies.ts';
import { seedDemo } from './demo.ts';
import { DEMO_SEED, jobSlug } from './generate.ts';
import { jobTexts } from './job-texts.ts';
import { createRandom, type Random } from './random.ts';
import { CITIES, COUNTRIES, JOB_TYPES, ROLES, SALARY_TYPES } from './reference-data.ts';

const REMOTE_JOB_TYPE_ID = JOB_TYPES.indexOf('Remote') + 1;
import { salaryFor } from './salary.ts';

export const MAX_BULK_JOBS = 1_000_000;
const TEMPLATES = 3_000;
const JOBS_PER_COMPANY = 200;
const CHUNK = 100_000;
/** Below this many new jobs, rebuilding the listing indexes costs more than keeping them. */
const REBUILD_INDEXES_FROM = 50_000;

export interface BulkOptions {
  /** Jobs the database should hold when done. */
  jobs: number;
  reset?: boolean;
  seed?: number;
  /**
   * The demo employer accounts go in with the demo data set (config.demoAccounts), as on a first
   * `npm start`: a database seeded before it would otherwise have none.
   */
  demoAccounts?: boolean;
  log?: (message: string) => void;
  /** Distinct job texts to stamp jobs from (fewer: a faster, less varied load; crash tests). */
  templates?: number;
  /** Loads of at least this many jobs drop the listing indexes and rebuild them at the end. */
  rebuildIndexesFrom?: number;
}

export interface BulkResult {
  added: number;
  total: number;
  companies: number;
}

/** What a reset truncates; CASCADE also empties every table that refers to these. */
export const RESET_TABLES = [
  'job_views',
  'jobs',
  'companies',
  'posters',
  'cities',
  'states',
  'countries',
  'roles',
  'job_types',
  'experience_levels',
  'salary_types',
];

async function count(db: Db, table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int n from ${table}`));
  return row?.n ?? 0;
}

async function addCompanies(db: Db, target: number, seed: number): Promise<number> {
  const existing = await count(db, 'companies');
  const rng = createRandom(seed + existing);
  const hqs = CITIES.map((c) => c.name);
  const rows = [];
  for (let n = existing; n < target; n++) {
    const seed = bulkCompany(n - DEMO_COMPANIES.length, hqs);
    const label = domainLabel(seed.name);
    const hq = CITIES.find((c) => c.name === seed.hq);
    rows.push({
      companyName: seed.name,
      nameSearch: normalizeSearch(seed.name),
      companyLogo: '',
      companyWebsite: `https://www.${label}.example`,
      companyLocation: hq ? `${hq.name}, ${hq.country.name}` : null,
      companyOverview: companyOverview(rng, seed, rng.int(1988, 2021)),
    });
  }
  for (let i = 0; i < rows.length; i += 1_000) {
    await db.insert(companies).values(rows.slice(i, i + 1_000));
  }
  // The logo path names the id, which the database has only just given.
  await db.execute(
    sql`update companies set company_logo = '/logos/' || id || '.svg' where company_logo = ''`,
  );
  return Math.max(existing, target);
}

interface Template {
  title: string;
  slug: string;
  texts: ReturnType<typeof jobTexts>;
  roleId: number;
  level: number;
  jobTypeId: number;
  countryId: number;
  salary: { from: number; to: number; typeId: number };
}

function makeTemplate(rng: Random): Template {
  const country = rng.weighted(COUNTRIES.map((c) => [c, c.iso2 === 'IN' ? 24 : 1] as const));
  const roleCode = pickRole(rng, rng.pick(DEMO_COMPANIES).industry);
  const role = ROLES.find((r) => r.sortName === roleCode) ?? ROLES[0]!;
  const jobType = rng.weighted(JOB_TYPES.map((t) => [t, t === 'Full-time' ? 12 : 1] as const));
  const level = jobType === 'Internship' ? 0 : rng.int(0, 5);
  const texts = jobTexts(rng, {
    role: role.sortName,
    level,
    jobType,
    companyName: '{company}',
    cityName: '{city}',
    country: country.iso2,
  });
  const salary = salaryFor(rng, country.iso2, role.payFactor, level, jobType);
  return {
    title: texts.title,
    slug: jobSlug(texts.title, '', '', 0).replace(/-0$/, ''),
    texts,
    roleId: ROLES.indexOf(role) + 1,
    level,
    jobTypeId: JOB_TYPES.indexOf(jobType) + 1,
    countryId: COUNTRIES.indexOf(country) + 1,
    salary: {
      from: salary.from,
      to: salary.to,
      typeId: SALARY_TYPES.findIndex((s) => s.sortName === salary.unit) + 1,
    },
  };
}

/** One text[] parameter (drizzle would otherwise spread an array into a list of values). */
const list = (items: string[]) => sql`${sql.param(items)}::text[]`;

async function createScratchTables(db: Db, seed: number, templates: number): Promise<void> {
  await db.execute(sql`drop table if exists seed_templates, seed_cities, seed_companies`);
  await db.execute(sql`create unlogged table seed_templates (
    t int primary key, title text, slug text, description text, role_id int, role_words text,
    level smallint, job_type_id int, country_id int, city_count int, salary_from int, salary_to int,
    salary_type_id int, responsibilities text[], minimum_requirements text[],
    preferred_qualification text[], skills text[], roles_and_responsibilities text[],
    who_can_apply text[], perks_and_benefits text[], search_tags text[])`);
  // `place` (here) and `role_words` (the templates) are names the keyword column is built from.
  await db.execute(sql`create unlogged table seed_cities as
    select s.country_id, (row_number() over (partition by s.country_id order by c.id) - 1)::int k,
           c.id city_id, c.name, lower(c.name) tag,
           trim(both '-' from regexp_replace(c.name_search, '[^a-z0-9]+', '-', 'g')) slug,
           c.name || ' ' || s.name || ' ' || n.name place
    from cities c join states s on s.id = c.state_id join countries n on n.id = s.country_id`);
  await db.execute(sql`create unlogged table seed_companies as
    select (row_number() over (order by id) - 1)::int k, id, company_name name,
           trim(both '-' from regexp_replace(name_search, '[^a-z0-9&]+', '-', 'g')) slug,
           substring(company_website from 'https://www\.([a-z0-9]+)\.example') label
    from companies`);
  const rng = createRandom(seed);
  const rows = Array.from({ length: templates }, () => makeTemplate(rng));
  for (let i = 0; i < rows.length; i += 250) {
    const values = rows.slice(i, i + 250).map(
      (t, j) => sql`(${i + j}, ${t.title}, ${t.slug}, ${t.texts.description}, ${t.roleId},
        (select name || ' ' || sort_name from roles where id = ${t.roleId}),
        ${t.level}, ${t.jobTypeId}, ${t.countryId},
        (select count(*) from seed_cities where country_id = ${t.countryId}),
        ${t.salary.from}, ${t.salary.to}, ${t.salary.typeId},
        ${list(t.texts.responsibilities)}, ${list(t.texts.minimumRequirements)},
        ${list(t.texts.preferredQualification)}, ${list(t.texts.skills)}, ${list(t.texts.rolesAndResponsibilities)},
        ${list(t.texts.whoCanApply)}, ${list(t.texts.perksAndBenefits)}, ${list(t.texts.searchTags)})`,
    );
    await db.execute(sql`insert into seed_templates values ${sql.join(values, sql`, `)}`);
  }
  await db.execute(sql`update seed_companies set slug = replace(slug, '&', 'and')`);
  for (const table of ['seed_templates', 'seed_cities', 'seed_companies']) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
}

/**
 * Stamps out jobs number `from`..`to` (1-based over the whole set) from the templates, part of a
 * load of `count` jobs from number `first`. As on a live board, jobs are stored in the order they
 * were posted: the age falls with the job's place in the load (the distribution of a random draw,
 * taken at evenly spaced points), so the table's physical order follows posted_at. Besides being
 * realistic, that keeps newest-first index walks on few table and visibility-map pages (page 500
 * of role + level: ~5 ms instead of ~7.5).
 */
async function insertJobs(
  db: Db,
  range: { from: number; to: number; first: number; count: number },
  seed: number,
  templates: number,
): Promise<void> {
  const { from, to, first, count } = range;
  const [india] = await queryRows<{ id: number }>(
    db,
    sql`select id from countries where iso2 = 'IN'`,
  );
  await db.execute(sql`
    with b as (
      select g, nextval(pg_get_serial_sequence('jobs', 'id')) id,
        (hashint8extended(g, ${seed} + 1) & 2147483647) h1,
        (hashint8extended(g, ${seed} + 2) & 2147483647) h2,
        (hashint8extended(g, ${seed} + 3) & 2147483647) h3,
        (hashint8extended(g, ${seed} + 4) & 2147483647) h4,
        (hashint8extended(g, ${seed} + 5) & 2147483647) / 2147483648.0 u5,
        (hashint8extended(g, ${seed} + 6) & 2147483647) / 2147483648.0 u6,
        (hashint8extended(g, ${seed} + 7) & 2147483647) h7
      from generate_series(${from}::bigint, ${to}::bigint) g
    ), r as (
      select b.*, t.*, sc.city_id, sc.name city_name, sc.tag city_tag, sc.slug city_slug,
        sc.place, co.id company_id, co.name company_name, co.slug company_slug, co.label,
        h7 % 100 < 5 switched_off, h7 % 100 between 5 and 10 expired,
        case when h7 % 100 between 5 and 10 then 35 + (h4 % 56)
             else floor(90 * power(1 - (g - ${first} + 0.5) / ${count}, 1.6)) end age_days
      from b
      join seed_templates t on t.t = b.h1 % ${templates}
      join seed_cities sc on sc.country_id = t.country_id and sc.k = b.h2 % t.city_count
      join seed_companies co on co.k = b.h3 % (select count(*) from seed_companies)
    ), d as (
      select r.*, now() - make_interval(days => age_days::int, secs => h4 % 86400) posted,
        -- Work mode: a job of the Remote type is remote; the others from other bits of h1 (its
        -- low bits pick the template): 4 in 10 on-site, 3 hybrid, 2 remote, 1 not stated
        -- (generate.ts workModeFor).
        case when job_type_id = ${REMOTE_JOB_TYPE_ID} then 'remote'
             else (array['on_site', 'on_site', 'on_site', 'on_site', 'hybrid', 'hybrid', 'hybrid',
               'remote', 'remote', null])[1 + (h1 / 1000) % 10] end work_mode
      from r
    )
    insert into jobs (id, page_url, title, apply_link, company_id, city_id, role_id, job_type_id,
      experience_level_id, salary_provided, salary_from, salary_to, salary_type_id,
      best_in_industry, work_mode, posted_at, openings_date, valid_through, no_of_opening, description, views,
      posted_by_id, is_active, responsibilities, minimum_requirements, preferred_qualification,
      skills, roles_and_responsibilities, who_can_apply, perks_and_benefits, search_tags,
      updated_at, search_vector)
    select id, slug || '-' || company_slug || '-' || city_slug || '-' || id, title,
      case when h4 % 25 = 0 then null
           else 'https://careers.' || label || '.example/jobs/' || id end,
      company_id, city_id, role_id, job_type_id, level,
      case when u5 < 0.85 then 'true' else 'false' end,
      case when u5 < 0.85 then salary_from end,
      case when u5 < 0.85 then salary_to end,
      case when u5 < 0.85 then salary_type_id end,
      case when u5 >= 0.85 and u5 < 0.925 then (array['Best in industry',
        'Competitive, based on experience', 'As per industry standards',
        'Attractive salary plus performance incentives'])[1 + h2 % 4] end,
      work_mode, posted, least(posted + make_interval(days => (h3 % 8)::int), now())::date,
      case when expired then now() - make_interval(days => 1 + (h1 % 30)::int)
           when h3 % 10 = 0 then null
           else greatest(posted + make_interval(days => 45 + (h2 % 76)::int),
                         now() + interval '5 days') end,
      1 + (h4 % 5)::int,
      replace(replace(description, '{company}', company_name), '{city}', city_name),
      floor(exp(power(u6 * u5, 1.2) * ln(6000)) * (0.4 + age_days / 60.0))::int,
      case when country_id = ${india?.id ?? 1} then 1 + h7 % 8 else 9 + h7 % 7 end,
      not switched_off,
      responsibilities, minimum_requirements, preferred_qualification, skills,
      roles_and_responsibilities, who_can_apply, perks_and_benefits,
      array_replace(search_tags, '{city}', city_tag), posted,
      openings_search_vector(title, company_name, role_words, place, skills,
        array_replace(search_tags, '{city}', city_tag) || openings_search_facets(work_mode, level))
    from d`);
}

interface IndexDef {
  indexname: string;
  indexdef: string;
}

/** Secondary indexes on jobs (all but the key and the slug), to rebuild after a large load. */
async function dropListingIndexes(db: Db): Promise<IndexDef[]> {
  const defs = await queryRows<IndexDef>(
    db,
    sql`select i.indexname, i.indexdef from pg_indexes i
        where i.tablename = 'jobs' and i.schemaname = current_schema()
          and i.indexname not in ('jobs_pkey', 'jobs_page_url')`,
  );
  for (const d of defs) await db.execute(sql.raw(`drop index if exists "${d.indexname}"`));
  return defs;
}

async function isSuperuser(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ su: boolean }>(
    db,
    sql`select rolsuper su from pg_roles where rolname = current_user`,
  );
  return row?.su ?? false;
}

export async function seedBulk(db: Db, options: BulkOptions): Promise<BulkResult> {
  const log = options.log ?? (() => {});
  const seed = options.seed ?? DEMO_SEED;
  if (options.reset) {
    log('emptying the data tables');
    await db.execute(sql.raw(`truncate ${RESET_TABLES.join(', ')} restart identity cascade`));
  }
  if ((await count(db, 'jobs')) === 0) {
    log(
      `writing the demo data set first${options.demoAccounts ? ', with its employer accounts' : ''}`,
    );
    await seedDemo(db, { seed, demoAccounts: options.demoAccounts });
  }
  const existing = await count(db, 'jobs');
  const toAdd = Math.max(0, Math.min(options.jobs, MAX_BULK_JOBS) - existing);
  const target = Math.ceil((existing + toAdd) / JOBS_PER_COMPANY);
  const companyCount = await addCompanies(db, target, seed);
  if (toAdd === 0) return { added: 0, total: existing, companies: companyCount };

  const templates = options.templates ?? TEMPLATES;
  log(`preparing ${templates} job templates over ${companyCount} companies`);
  await createScratchTables(db, seed, templates);
  const fastLoad = await isSuperuser(db);
  // One transaction: a load that fails or is stopped half-way leaves the database as it was,
  // listing indexes included (dropped for a large load and rebuilt at its end).
  await db.transaction(async (tx) => {
    const conn = tx as unknown as Db;
    // A load's statements run as long as they need, whatever time-out the caller's pool sets for
    // requests (db/client.ts): a chunk with ~20 listing indexes to keep can take seconds.
    await conn.execute(sql`set local statement_timeout = 0`);
    // The generated ids all come from the reference tables, so skipping the per-row foreign-key
    // checks is safe and several times faster; only a superuser may do it.
    // It also skips the keyword search trigger: insertJobs fills that column itself.
    if (fastLoad) await conn.execute(sql`set local session_replication_role = replica`);
    const rebuild =
      toAdd >= (options.rebuildIndexesFrom ?? REBUILD_INDEXES_FROM)
        ? await dropListingIndexes(conn)
        : [];
    for (let from = existing + 1; from <= existing + toAdd; from += CHUNK) {
      const to = Math.min(from + CHUNK - 1, existing + toAdd);
      await insertJobs(conn, { from, to, first: existing + 1, count: toAdd }, seed, templates);
      log(`jobs ${to.toLocaleString('en')} of ${(existing + toAdd).toLocaleString('en')}`);
    }
    for (const d of rebuild) {
      log(`rebuilding index ${d.indexname}`);
      await conn.execute(sql.raw(d.indexdef));
    }
  });
  await db.execute(sql`drop table if exists seed_templates, seed_cities, seed_companies`);
  log('vacuum analyze');
  await db.execute(sql`vacuum analyze`);
  return { added: toAdd, total: existing + toAdd, companies: companyCount };
}
