// The deterministic demo data set as plain rows with their ids: the same seed and moment give
// the same rows. demo.ts writes them; bulk.ts reuses the reference rows and the text builders.
import type { WorkMode } from '../../../shared/constants.ts';
import { LIMITS } from '../../../shared/contract/employer-jobs.ts';
import { normalizeSearch } from '../../../shared/text.ts';
import type * as schema from '../schema.ts';
import {
  type CompanySeed,
  companyOverview,
  DEMO_COMPANIES,
  domainLabel,
  pickRole,
} from './companies.ts';
import { jobTexts } from './job-texts.ts';
import { createRandom, type Random } from './random.ts';
import {
  CITIES,
  COUNTRIES,
  type CityRef,
  EXPERIENCE_LEVELS,
  JOB_TYPES,
  type JobTypeName,
  POSTERS,
  ROLES,
  SALARY_TYPES,
} from './reference-data.ts';
import { salaryFor } from './salary.ts';

export const DEMO_SEED = 20_240_601;
export const DEMO_JOB_COUNT = 450;
const DAY = 86_400_000;

export interface ReferenceRows {
  countries: (typeof schema.countries.$inferInsert)[];
  states: (typeof schema.states.$inferInsert)[];
  cities: (typeof schema.cities.$inferInsert)[];
  roles: (typeof schema.roles.$inferInsert)[];
  jobTypes: (typeof schema.jobTypes.$inferInsert)[];
  experienceLevels: (typeof schema.experienceLevels.$inferInsert)[];
  salaryTypes: (typeof schema.salaryTypes.$inferInsert)[];
  posters: (typeof schema.posters.$inferInsert)[];
  appDetails: typeof schema.appDetails.$inferInsert;
}

export type CompanyRow = typeof schema.companies.$inferInsert & { id: number };
export type JobRow = typeof schema.jobs.$inferInsert & { id: number };

export interface DemoData extends ReferenceRows {
  companies: CompanyRow[];
  jobs: JobRow[];
}

/** Reference rows with ids in list order (1-based; experience levels keep their 0–5 ids). */
export function buildReference(): ReferenceRows {
  const stateRows: ReferenceRows['states'] = [];
  COUNTRIES.forEach((country, ci) =>
    country.states.forEach((state) =>
      stateRows.push({
        id: stateRows.length + 1,
        countryId: ci + 1,
        name: state.name,
        stateCode: state.code,
      }),
    ),
  );
  return {
    countries: COUNTRIES.map((c, i) => ({
      id: i + 1,
      name: c.name,
      iso2: c.iso2,
      iso3: c.iso3,
      currency: c.currency,
      symbol: c.symbol,
    })),
    states: stateRows,
    cities: CITIES.map((city, i) => ({
      id: i + 1,
      stateId:
        stateRows.findIndex(
          (s) =>
            s.stateCode === city.stateCode && s.countryId === COUNTRIES.indexOf(city.country) + 1,
        ) + 1,
      name: city.name,
      nameSearch: normalizeSearch(city.name),
    })),
    roles: ROLES.map((r, i) => ({
      id: i + 1,
      name: r.name,
      sortName: r.sortName,
      nameSearch: normalizeSearch(r.name),
    })),
    jobTypes: JOB_TYPES.map((name, i) => ({ id: i + 1, name })),
    experienceLevels: EXPERIENCE_LEVELS.map((l) => ({ id: l.id, name: l.name })),
    salaryTypes: SALARY_TYPES.map((s, i) => ({ id: i + 1, name: s.name, sortName: s.sortName })),
    posters: POSTERS.map((p, i) => ({ id: i + 1, firstName: p.firstName, lastName: p.lastName })),
    appDetails: {
      id: 1,
      appName: 'Openings',
      appDescription:
        'Openings lists current jobs from companies that are hiring now, with the salary, the place and the whole job description up front, so you can decide before you apply on the company’s own site.',
      supportEmail: 'support@openings.example',
      twitter: 'https://twitter.com/openings',
      linkedIn: 'https://www.linkedin.com/company/openings',
      youtube: 'https://www.youtube.com/@openings',
      whatsApp: 'https://wa.me/919000000000',
      isUnderMaintenance: false,
    },
  };
}

const WORK_MODE_SHARES = [
  'on_site',
  'on_site',
  'on_site',
  'on_site',
  'hybrid',
  'hybrid',
  'hybrid',
  'remote',
  'remote',
  null,
] as const;

/**
 * 4 in 10 jobs on-site, 3 hybrid, 2 remote, 1 not stated, spread by a multiplicative hash of the
 * id: it takes nothing from the random stream, so the rest of the demo data stays as it was.
 */
export function workModeFor(id: number): WorkMode | null {
  return WORK_MODE_SHARES[(Math.imul(id, 2654435761) >>> 0) % WORK_MODE_SHARES.length] ?? null;
}

/** A page slug: lower-case words of the text joined by dashes, ending in the job's id. */
export function jobSlug(title: string, companyName: string, cityName: string, id: number): string {
  const words = normalizeSearch(`${title} ${companyName} ${cityName}`)
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 150)
    .replace(/-+$/, '');
  return `${words}-${id}`;
}

function cityOf(name: string): CityRef {
  const city = CITIES.find((c) => c.name === name);
  if (!city) throw new Error(`unknown city ${name}`);
  return city;
}

export function buildCompany(rng: Random, seed: CompanySeed, id: number): CompanyRow {
  const hq = cityOf(seed.hq);
  const label = domainLabel(seed.name);
  return {
    id,
    companyName: seed.name,
    nameSearch: normalizeSearch(seed.name),
    companyLogo: `/logos/${id}.svg`,
    companyWebsite: `https://www.${label}.example`,
    companyLocation: `${hq.name}, ${hq.country.name}`,
    companyOverview: seed.noOverview ? null : companyOverview(rng, seed, rng.int(1988, 2021)),
  };
}

const BIG_CITIES = new Set([
  'Bengaluru',
  'Mumbai',
  'Hyderabad',
  'Pune',
  'Chennai',
  'Gurugram',
  'Noida',
  'New Delhi',
]);

/** Where Indian companies open offices abroad. */
const EXPANSION_HUBS = ['Dubai', 'Singapore', 'London', 'San Francisco', 'Toronto', 'Berlin'];

function pickCity(rng: Random, seed: CompanySeed): CityRef {
  const hq = cityOf(seed.hq);
  const home = hq.country.iso2 === 'IN';
  if (rng.chance(home ? 0.1 : 0.25)) {
    return home
      ? cityOf(rng.pick(EXPANSION_HUBS))
      : rng.pick(CITIES.filter((c) => c.country.iso2 === 'IN'));
  }
  const local = CITIES.filter((c) => c.country === hq.country);
  return rng.weighted(
    local.map((c) => [c, c === hq ? 5 : BIG_CITIES.has(c.name) ? 3 : 1] as const),
  );
}

const JOB_TYPE_WEIGHTS: (readonly [JobTypeName, number])[] = [
  ['Full-time', 62],
  ['Remote', 8],
  ['Contract', 9],
  ['Part-time', 5],
  ['Internship', 11],
  ['Temporary', 5],
];
const LEVEL_WEIGHTS: (readonly [number, number])[] = [
  [0, 18],
  [1, 18],
  [2, 20],
  [3, 16],
  [4, 12],
  [5, 16],
];
const BEST_IN_INDUSTRY = [
  'Best in industry',
  'Competitive, based on experience',
  'As per industry standards',
  'Attractive salary plus performance incentives',
];

interface JobContext {
  ref: ReferenceRows;
  companies: CompanyRow[];
  seeds: readonly CompanySeed[];
  /** How often each company posts, by index. */
  weights: number[];
  now: number;
}

/** The latest closing date a demo job gets: inside the job form's limit, two days to spare. */
const LATEST_CLOSING_DAYS = LIMITS.closingMaxDays - 2;

/**
 * A closing date the job form accepts (DESIGN.md §10: at most 90 days away), so a demo employer
 * can save their job unchanged and our own feed imports whole. A later one is folded back into
 * the last two weeks before the limit, spread as it was, without another draw of the generator
 * (every other value of the data set stays the same).
 */
function withinClosingLimit(closes: number, now: number): number {
  const latest = now + LATEST_CLOSING_DAYS * DAY;
  return closes <= latest ? closes : latest - ((closes - latest) % (14 * DAY));
}

function datesFor(rng: Random, now: number, expired: boolean) {
  const ageDays = expired ? rng.int(35, 90) : Math.floor(90 * rng.next() ** 1.6);
  const postedAt = new Date(now - ageDays * DAY - rng.int(0, DAY / 1000 - 1) * 1000);
  // Applications open up to a week after posting, but never after today: a job on the board that
  // says its applications open next week, beside its Apply button, contradicts itself.
  const opens = new Date(Math.min(postedAt.getTime() + rng.int(0, 7) * DAY, now));
  let validThrough: Date | null;
  if (expired) validThrough = new Date(now - rng.int(1, 30) * DAY);
  else if (rng.chance(0.1)) validThrough = null;
  else {
    // At least 8 days away, but for one in five of the jobs that would close sooner (by their
    // age, no other draw): a first start mails a few "closes in a week" reminders, not dozens,
    // and the rest come as the days pass, as on a real board.
    const soonest = now + (ageDays % 5 === 0 ? 3 : 8) * DAY;
    const closes = Math.max(postedAt.getTime() + rng.int(45, 120) * DAY, soonest);
    validThrough = new Date(withinClosingLimit(closes, now));
  }
  return { ageDays, postedAt, openingsDate: opens.toISOString().slice(0, 10), validThrough };
}

function viewsFor(rng: Random, ageDays: number): number {
  const base = Math.exp(rng.next() ** 2.4 * Math.log(6_000));
  return Math.floor(base * (0.4 + ageDays / 60));
}

export function buildJob(rng: Random, ctx: JobContext, id: number): JobRow {
  // The first jobs go one to each company so that every company has at least one.
  const index =
    id <= ctx.companies.length ? id - 1 : rng.weighted(ctx.weights.map((w, i) => [i, w] as const));
  const seed = ctx.seeds[index] as CompanySeed;
  const company = ctx.companies[index] as CompanyRow;
  const roleCode = pickRole(rng, seed.industry);
  const roleIndex = ROLES.findIndex((r) => r.sortName === roleCode);
  const jobType = rng.weighted(JOB_TYPE_WEIGHTS);
  // Internships are for freshers; part-time and temporary work rarely asks for seniority.
  const level =
    jobType === 'Internship'
      ? 0
      : jobType === 'Part-time' || jobType === 'Temporary'
        ? rng.int(0, 2)
        : rng.weighted(LEVEL_WEIGHTS);
  const city = pickCity(rng, seed);
  const texts = jobTexts(rng, {
    role: roleCode,
    level,
    jobType,
    companyName: seed.name,
    cityName: city.name,
    country: city.country.iso2,
  });
  const inactive = rng.chance(0.11);
  const switchedOff = inactive && rng.chance(0.5);
  const dates = datesFor(rng, ctx.now, inactive && !switchedOff);
  const salaryRoll = rng.next();
  const salary = salaryFor(rng, city.country.iso2, ROLES[roleIndex]!.payFactor, level, jobType);
  const sparse = rng.chance(0.04);
  const posterPool = city.country.iso2 === 'IN' ? [0, 8] : [8, POSTERS.length];
  const label = domainLabel(seed.name);
  const { title, description, ...lists } = texts;
  return {
    id,
    pageUrl: jobSlug(title, seed.name, city.name, id),
    title,
    applyLink: rng.chance(0.04) ? null : `https://careers.${label}.example/jobs/${id}`,
    companyId: company.id,
    cityId: CITIES.indexOf(city) + 1,
    roleId: roleIndex + 1,
    jobTypeId: JOB_TYPES.indexOf(jobType) + 1,
    experienceLevelId: level,
    // A job of the Remote type says so in its work mode too, never "On-site" beside "Remote".
    workMode: jobType === 'Remote' ? 'remote' : workModeFor(id),
    ...(salaryRoll < 0.85
      ? {
          salaryProvided: 'true',
          salaryFrom: salary.from,
          salaryTo: salary.to,
          salaryTypeId: SALARY_TYPES.findIndex((s) => s.sortName === salary.unit) + 1,
          bestInIndustry: null,
        }
      : {
          salaryProvided: 'false',
          salaryFrom: null,
          salaryTo: null,
          salaryTypeId: null,
          bestInIndustry: salaryRoll < 0.925 ? rng.pick(BEST_IN_INDUSTRY) : null,
        }),
    postedAt: dates.postedAt,
    openingsDate: dates.openingsDate,
    validThrough: dates.validThrough,
    noOfOpening: rng.chance(0.03)
      ? null
      : roleCode === 'BPO'
        ? rng.int(5, 40)
        : rng.weighted([
            [1, 5],
            [2, 2],
            [3, 1],
            [rng.int(4, 10), 2],
          ] as const),
    description,
    views: viewsFor(rng, dates.ageDays),
    postedById: rng.int(posterPool[0]! + 1, posterPool[1]!),
    isActive: !switchedOff,
    // is_active is true exactly when live (schema.ts jobs.status).
    status: switchedOff ? 'closed' : 'live',
    ...lists,
    ...(sparse ? { preferredQualification: [], whoCanApply: [] } : {}),
    updatedAt: dates.postedAt,
  };
}

export interface GenerateOptions {
  seed?: number;
  /** The moment of seeding (ms since epoch); dates are spread over the 90 days before it. */
  now?: number;
  jobCount?: number;
}

export function generateDemo(options: GenerateOptions = {}): DemoData {
  const rng = createRandom(options.seed ?? DEMO_SEED);
  const ref = buildReference();
  const companyRows = DEMO_COMPANIES.map((seed, i) => buildCompany(rng, seed, i + 1));
  const ctx: JobContext = {
    ref,
    companies: companyRows,
    seeds: DEMO_COMPANIES,
    weights: DEMO_COMPANIES.map((s) =>
      cityOf(s.hq).country.iso2 === 'IN' ? rng.int(2, 6) : rng.int(1, 3),
    ),
    now: options.now ?? Date.now(),
  };
  const count = options.jobCount ?? DEMO_JOB_COUNT;
  const jobRows = Array.from({ length: count }, (_, i) => buildJob(rng, ctx, i + 1));
  return { ...ref, companies: companyRows, jobs: jobRows };
}
