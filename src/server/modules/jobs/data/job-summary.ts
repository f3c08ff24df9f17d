// A job card's row as the database answers it, and its wire shape (a job card's fields).
import { WORK_MODES, type WorkMode } from '../../../../shared/constants.ts';
import type { JobSummary } from '../../../../shared/contract/jobs.ts';
import type { CardNames, CompanyNames, PlaceNames } from './card-names.ts';

/** The joins from a job row `j` to the names a card shows (the detail and the XML feed; the
 * listing has them in memory, card-names.ts). */
export const CARD_JOINS = `JOIN companies co ON co.id = j.company_id
JOIN cities ci ON ci.id = j.city_id
JOIN states s ON s.id = ci.state_id
JOIN countries cn ON cn.id = s.country_id
JOIN roles r ON r.id = j.role_id
JOIN job_types jt ON jt.id = j.job_type_id
JOIN experience_levels el ON el.id = j.experience_level_id
LEFT JOIN salary_types st ON st.id = j.salary_type_id`;

/** A job's own fields on its card. */
interface JobCardFields {
  id: number;
  rk: number | null;
  posted_micros: number;
  title: string;
  page_url: string;
  apply_link: string | null;
  salary_provided: string;
  salary_from: number | null;
  salary_to: number | null;
  best_in_industry: string | null;
  work_mode: string | null;
  posted_at: Date | string;
  views: number;
  company_id: number;
  /** When the ATS sync last saw the job on its company's board; null when not synced. */
  last_seen_at: Date | string | null;
}

/** A listing row: the job's fields, the ids of its names, and the names' version. */
export interface CardRow extends JobCardFields {
  city_id: number;
  role_id: number;
  job_type_id: number;
  experience_level_id: number;
  salary_type_id: number | null;
  names_version: string;
}

/** A job's card fields with their names joined (the detail statement answers these). */
export interface SummaryRow extends JobCardFields {
  company_name: string;
  company_logo: string;
  company_slug: string;
  city_name: string;
  state_name: string;
  state_code: string;
  country_name: string;
  iso3: string;
  symbol: string;
  currency: string;
  role_sort_name: string;
  job_type_name: string;
  level_name: string;
  salary_type_sort_name: string | null;
}

/** The names on one card: from the detail statement's joins, or from memory for the listing. */
export interface NamesOfCard {
  company: CompanyNames;
  place: PlaceNames;
  role: string;
  jobType: string;
  level: string;
  salaryType: string | null;
}

/** The names the detail statement joined (SummaryRow). */
export function joinedNames(r: SummaryRow): NamesOfCard {
  return {
    company: { companyName: r.company_name, companyLogo: r.company_logo, slug: r.company_slug },
    place: {
      city: r.city_name,
      state: r.state_name,
      stateCode: r.state_code,
      country: r.country_name,
      iso3: r.iso3,
      symbol: r.symbol,
      currency: r.currency,
    },
    role: r.role_sort_name,
    jobType: r.job_type_name,
    level: r.level_name,
    salaryType: r.salary_type_sort_name,
  };
}

function lookUp<T>(map: Map<number, T>, id: number, what: string, job: number): T {
  const found = map.get(id);
  if (found === undefined) throw new Error(`job ${job}: no ${what} ${id} in the card names`);
  return found;
}

/** A listing row's names from memory; one missing is a bug, not a blank on the card. */
export function namesOf(r: CardRow, names: CardNames): NamesOfCard {
  return {
    company: lookUp(names.companies, r.company_id, 'company', r.id),
    place: lookUp(names.places, r.city_id, 'city', r.id),
    role: lookUp(names.roles, r.role_id, 'role', r.id),
    jobType: lookUp(names.jobTypes, r.job_type_id, 'job type', r.id),
    level: lookUp(names.levels, r.experience_level_id, 'experience level', r.id),
    salaryType:
      r.salary_type_id === null
        ? null
        : lookUp(names.salaryTypes, r.salary_type_id, 'salary type', r.id),
  };
}

const isWorkMode = (value: string | null): value is WorkMode =>
  (WORK_MODES as readonly (string | null)[]).includes(value);

export const iso = (value: Date | string) => new Date(value).toISOString();

export function toJobSummary(r: JobCardFields, names: NamesOfCard): JobSummary {
  const { company, place } = names;
  return {
    _id: String(r.id),
    title: r.title,
    pageUrl: r.page_url,
    applyLink: r.apply_link,
    company: {
      _id: String(r.company_id),
      companyName: company.companyName,
      companyLogo: company.companyLogo,
      slug: company.slug,
    },
    city: { name: place.city },
    state: { name: place.state, stateCode: place.stateCode },
    country: { name: place.country, iso3: place.iso3, symbol: place.symbol },
    role: { sortName: names.role },
    jobType: { name: names.jobType },
    experienceLevel: { name: names.level },
    salaryProvided: r.salary_provided,
    salaryFrom: r.salary_from,
    salaryTo: r.salary_to,
    salaryType: names.salaryType === null ? null : { sortName: names.salaryType },
    currency: place.currency,
    bestInIndustry: r.best_in_industry,
    workMode: isWorkMode(r.work_mode) ? r.work_mode : null,
    postedOn: iso(r.posted_at),
    views: r.views,
    lastSeenAt:
      r.last_seen_at === null || r.last_seen_at === undefined ? null : iso(r.last_seen_at),
  };
}
