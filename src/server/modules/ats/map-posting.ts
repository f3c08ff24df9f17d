// One ATS posting as the job form's values (the same contract and checks as a job typed by hand),
// plus the reasons an operator must look at it first when we could not map it well: an unknown
// city, no title, no role, no apply link, a description too short. Such a posting is still saved,
// held in review with its reasons — never dropped.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { isApplyLink, JOB_LIST_FIELDS, LIMITS } from '../../../shared/contract/employer-jobs.ts';
import { normalizeSearch } from '../../../shared/text.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { htmlToPostingText } from './html-text.ts';
import type { AtsPosting, PostingLocation } from './sources/types.ts';

interface CityRef {
  id: number;
  name: string;
  state: string;
  stateCode: string;
  countryId: number;
}
interface CountryRef {
  id: number;
  name: string;
  iso2: string;
  iso3: string;
  currency: string;
}

/** Our reference tables, read once per crawl. */
export interface Reference {
  cities: CityRef[];
  countries: CountryRef[];
  roles: { id: number; sortName: string }[];
  jobTypes: Map<string, number>;
  salaryTypes: Map<string, number>;
}

export async function loadReference(db: Db): Promise<Reference> {
  const [cities, countries, roles, jobTypes, salaryTypes] = await Promise.all([
    queryRows<{ id: number; name: string; state: string; state_code: string; country_id: number }>(
      db,
      sql`select c.id, c.name, s.name as state, s.state_code, s.country_id
          from cities c join states s on s.id = c.state_id order by c.id`,
    ),
    queryRows<CountryRef>(
      db,
      sql`select id, name, iso2, iso3, currency from countries order by id`,
    ),
    queryRows<{ id: number; sort_name: string }>(
      db,
      sql`select id, sort_name from roles order by id`,
    ),
    queryRows<{ id: number; name: string }>(db, sql`select id, name from job_types`),
    queryRows<{ id: number; sort_name: string }>(db, sql`select id, sort_name from salary_types`),
  ]);
  return {
    cities: cities.map((c) => ({
      id: c.id,
      name: normalizeSearch(c.name),
      state: normalizeSearch(c.state),
      stateCode: c.state_code.toLowerCase(),
      countryId: c.country_id,
    })),
    countries,
    roles: roles.map((r) => ({ id: r.id, sortName: r.sort_name })),
    jobTypes: new Map(jobTypes.map((t) => [t.name, t.id])),
    salaryTypes: new Map(salaryTypes.map((t) => [t.sort_name, t.id])),
  };
}

const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'us',
  'united states of america': 'us',
  america: 'us',
  uk: 'gb',
  'great britain': 'gb',
  england: 'gb',
  scotland: 'gb',
  deutschland: 'de',
  uae: 'ae',
  schweiz: 'ch',
  suisse: 'ch',
};

function countryOf(ref: Reference, text: string | null | undefined): CountryRef | null {
  const t = normalizeSearch(text ?? '');
  if (!t) return null;
  const key = COUNTRY_ALIASES[t] ?? t;
  return (
    ref.countries.find(
      (c) =>
        normalizeSearch(c.name) === key ||
        c.iso2.toLowerCase() === key ||
        c.iso3.toLowerCase() === key,
    ) ?? null
  );
}

export interface ResolvedLocation {
  cityId: number | null;
  country: CountryRef | null;
  remote: boolean;
  /** What we read, for the review reason. */
  said: string;
}

/** City, state and country from split fields or one string ("Berlin, Germany", "Remote - US"). */
export function resolveLocation(ref: Reference, loc: PostingLocation): ResolvedLocation {
  const parts = [loc.city, loc.region, loc.country, loc.text].filter(
    (p): p is string => typeof p === 'string' && p.trim() !== '',
  );
  const said = [...new Set(parts)].join(', ').slice(0, 120);
  const tokens = parts
    .flatMap((p) => p.split(/\s*(?:[,;/|()]|\s-\s|\s–\s|\bor\b)\s*/i))
    .map((t) => normalizeSearch(t))
    .filter(Boolean);
  const remote = tokens.some((t) => /\bremote\b|anywhere|work from home/.test(t));
  let country = countryOf(ref, loc.country);
  for (const t of tokens) country ??= countryOf(ref, t.replace(/^remote\s*/, ''));
  const wanted = [loc.city ? normalizeSearch(loc.city) : null, ...tokens].filter((t): t is string =>
    Boolean(t),
  );
  for (const name of wanted) {
    const matches = ref.cities.filter((c) => c.name === name);
    if (matches.length === 0) continue;
    const inCountry = country ? matches.filter((c) => c.countryId === country!.id) : matches;
    const byRegion = inCountry.filter((c) =>
      tokens.some((t) => t === c.state || t === c.stateCode),
    );
    const city = byRegion[0] ?? inCountry[0] ?? (country ? null : matches[0]);
    if (city) {
      return {
        cityId: city.id,
        country: ref.countries.find((c) => c.id === city.countryId) ?? country,
        remote,
        said,
      };
    }
  }
  return { cityId: null, country, remote, said };
}

/** Department (then title) words → our role codes, most specific first. */
const ROLE_WORDS: [string, RegExp][] = [
  ['FE', /front.?end|web developer|ui engineer/],
  ['BE', /back.?end|server|api engineer/],
  ['Mobile', /mobile|ios|android/],
  ['DS', /data|analytics|machine learning|\bml\b|\bai\b|research scien/],
  ['QA', /\bqa\b|quality|test/],
  ['DevOps', /devops|infrastructure|\bsre\b|reliability|platform|cloud|security/],
  ['PM', /product manag|\bproduct\b/],
  ['UX', /design|\bux\b|\bui\b|creative/],
  ['MKT', /marketing|growth|content|brand|communications/],
  ['Sales', /sales|business development|account exec|partnership|revenue/],
  ['HR', /people|\bhr\b|human resources|talent|recruit/],
  ['FIN', /financ|account|legal|controlling/],
  ['BPO', /support|customer|success|service|operations/],
  ['MECH', /mechanical|manufactur|hardware/],
  ['CIVIL', /civil|construction/],
  ['SDE', /engineer|develop|software|programm|technology|\bit\b|r&d/],
];

function roleOf(ref: Reference, ...texts: (string | null)[]): number | null {
  for (const text of texts) {
    const t = normalizeSearch(text ?? '');
    if (!t) continue;
    for (const [code, pattern] of ROLE_WORDS) {
      if (pattern.test(t)) {
        const role = ref.roles.find((r) => r.sortName === code);
        if (role) return role.id;
      }
    }
  }
  return null;
}

const DAY = 86_400_000;
const dateOnly = (d: Date) => d.toISOString().slice(0, 10);
const SHORT_TEXT =
  'The company published this job on its own careers site; the full text is on the apply page.';

export interface MappedPosting {
  /** The job form's values, as the employer service takes them. */
  values: Record<string, unknown>;
  /** Why an operator must look first; empty when the posting mapped well. */
  holdReasons: string[];
  /** The posting's published date, when it is a real date not in the future. */
  publishedAt: Date | null;
  /** SHA-256 of what we mapped (the closing date left out): unchanged postings are not rewritten. */
  hash: string;
}

export function mapPosting(
  ref: Reference,
  posting: AtsPosting,
  now: Date,
  fallback: { cityId: number; roleId: number; boardUrl: string },
): MappedPosting {
  const holdReasons: string[] = [];
  /** Fields filled with a stand-in: hashed as such, not as the stand-in's value (see hash). */
  const standIns: Record<string, string> = {};
  const rawTitle = (posting.title ?? '').replace(/\s+/g, ' ').trim();
  let title = rawTitle.length > LIMITS.title ? `${rawTitle.slice(0, LIMITS.title - 1)}…` : rawTitle;
  if (title.length < 3) {
    holdReasons.push('the posting has no title');
    title = `Untitled posting ${posting.postingId}`.slice(0, LIMITS.title);
  }

  const location = resolveLocation(ref, posting.location);
  let cityId = location.cityId;
  const remote = posting.workMode === 'remote' || (location.remote && cityId === null);
  if (cityId === null && remote && location.country) {
    // A remote job open to one country: listed in that country's first city, marked remote.
    cityId = ref.cities.find((c) => c.countryId === location.country!.id)?.id ?? null;
  }
  if (cityId === null) {
    holdReasons.push(
      location.said ? `unknown city "${location.said}"` : 'the posting gives no location',
    );
    cityId = fallback.cityId;
    standIns.cityId = 'stand-in';
  }

  let roleId = roleOf(ref, posting.department, title);
  if (roleId === null) {
    holdReasons.push(
      posting.department
        ? `no role matches department "${posting.department}"`
        : 'no role matches the posting',
    );
    roleId = fallback.roleId;
    standIns.roleId = 'stand-in';
  }

  const text = htmlToPostingText(posting.descriptionHtml);
  let description = text.description;
  if (description.length < 30) {
    holdReasons.push('the description is shorter than 30 characters');
    description = description ? `${description}\n\n${SHORT_TEXT}` : SHORT_TEXT;
  }

  let applyLink = posting.applyUrl ?? '';
  if (!isApplyLink(applyLink)) {
    holdReasons.push('the posting has no usable apply link');
    applyLink = fallback.boardUrl;
  }

  const country = ref.countries.find(
    (c) => c.id === ref.cities.find((x) => x.id === cityId)?.countryId,
  );
  const salary = posting.salary;
  const sameCurrency =
    salary && (!salary.currency || salary.currency.toUpperCase() === country?.currency);
  const salaryTypeId = salary ? ref.salaryTypes.get(salary.unit) : undefined;
  const perUnit = salary ? { month: 'a month', year: 'a year', hour: 'an hour' }[salary.unit] : '';
  const salaryText = salary
    ? `${salary.currency ?? ''} ${salary.from.toLocaleString('en')}–${salary.to.toLocaleString('en')} ${perUnit}`.trim()
    : '';

  const published = posting.publishedAt ? new Date(posting.publishedAt) : null;
  const values: Record<string, unknown> = {
    title,
    roleId: String(roleId),
    cityId: String(cityId),
    jobTypeId: String(
      ref.jobTypes.get(posting.jobType ?? 'Full-time') ?? ref.jobTypes.get('Full-time') ?? '',
    ),
    experienceLevel: String(posting.experienceLevel ?? 2),
    salaryMode: salary && sameCurrency && salaryTypeId ? 'range' : salary ? 'best' : 'none',
    salaryFrom: salary && sameCurrency ? String(salary.from) : '',
    salaryTo: salary && sameCurrency ? String(salary.to) : '',
    salaryTypeId: salary && sameCurrency && salaryTypeId ? String(salaryTypeId) : '',
    // Pay in another currency than the city's is shown as the company wrote it.
    bestInIndustry:
      salary && !(sameCurrency && salaryTypeId) ? salaryText.slice(0, LIMITS.bestInIndustry) : '',
    noOfOpening: '1',
    openingsDate: '',
    closingDate: dateOnly(new Date(now.getTime() + LIMITS.closingDefaultDays * DAY)),
    applyLink,
    description,
    workMode: remote ? 'remote' : (posting.workMode ?? ''),
  };
  for (const field of JOB_LIST_FIELDS) values[field] = text.lists[field] ?? [];
  if (posting.department) values.searchTags = [posting.department.slice(0, LIMITS.listItem)];

  // The stand-in city and role follow the company's other jobs; were they hashed, a change there
  // would make an unchanged posting look changed and undo the company's correction of it.
  const { closingDate: _closing, ...rest } = values;
  const stable = { ...rest, ...standIns };
  const hash = createHash('sha256')
    .update(JSON.stringify({ stable, holdReasons, published: posting.publishedAt }))
    .digest('hex');
  return {
    values,
    holdReasons,
    publishedAt:
      published && !Number.isNaN(published.getTime()) && published <= now ? published : null,
    hash,
  };
}
