// One job with everything the detail page shows, and its mapping to the wire shape (the spec's
// item field names for the eight lists).
import { sql } from 'drizzle-orm';
import type { JobDetail } from '../../../../shared/contract/jobs.ts';
import { type Db, queryRows } from '../../../db/client.ts';
import { ACTIVE } from './listing-sql.ts';
import { CARD_JOINS, iso, joinedNames, toJobSummary, type SummaryRow } from './job-summary.ts';

export interface DetailRow extends SummaryRow {
  active: boolean;
  /** False for a job never on the board (jobs.has_been_live): unknown to seekers, not gone. */
  has_been_live: boolean;
  /** jobs.status (in_review | live | closed | rejected); the employer's preview has none. */
  status?: string;
  company_website: string | null;
  company_location: string | null;
  company_overview: string | null;
  role_name: string;
  openings_date: Date | string | null;
  valid_through: Date | string | null;
  no_of_opening: number | null;
  description: string;
  first_name: string | null;
  responsibilities: string[];
  minimum_requirements: string[];
  preferred_qualification: string[];
  skills: string[];
  roles_and_responsibilities: string[];
  who_can_apply: string[];
  perks_and_benefits: string[];
  search_tags: string[];
  updated_at: Date | string;
  company_verified: boolean;
  /** Null when the job has no history (not a repost nor reposted). */
  first_posted_at: Date | string | null;
  reposts: number | null;
}

export const detailSql = `
SELECT j.id, NULL::float8 AS rk, 0::float8 AS posted_micros, (${ACTIVE}) AS active, j.has_been_live, j.status,
  j.title, j.page_url, j.apply_link, j.salary_provided, j.salary_from, j.salary_to,
  j.best_in_industry, j.work_mode, j.posted_at, j.views, j.openings_date::text AS openings_date, j.valid_through,
  j.no_of_opening, j.description, j.updated_at, j.last_seen_at,
  j.responsibilities, j.minimum_requirements, j.preferred_qualification, j.skills,
  j.roles_and_responsibilities, j.who_can_apply, j.perks_and_benefits, j.search_tags,
  co.id AS company_id, co.company_name, co.company_logo, co.slug AS company_slug, co.company_website, co.company_location,
  co.company_overview, ci.name AS city_name, s.name AS state_name, s.state_code,
  cn.name AS country_name, cn.iso3, cn.symbol, cn.currency,
  r.sort_name AS role_sort_name, r.name AS role_name, jt.name AS job_type_name,
  el.name AS level_name, st.sort_name AS salary_type_sort_name, p.first_name,
  co.verified AS company_verified, hist.first_posted_at, hist.reposts
FROM jobs j
${CARD_JOINS}
LEFT JOIN posters p ON p.id = j.posted_by_id
LEFT JOIN LATERAL (
  SELECT min(h.posted_at) AS first_posted_at, (count(*) - 1)::int AS reposts FROM jobs h
  WHERE j.history_id IS NOT NULL AND (h.id = j.history_id OR h.history_id = j.history_id)
) hist ON true
WHERE j.page_url = $1`;

const items = <K extends string>(values: string[], key: K) =>
  values.map((v) => ({ [key]: v }) as Record<K, string>);

export function toJobDetail(r: DetailRow): JobDetail {
  const summary = toJobSummary(r, joinedNames(r));
  return {
    ...summary,
    company: {
      ...summary.company,
      companyWebsite: r.company_website,
      companyLocation: r.company_location,
      companyOverview: r.company_overview,
    },
    role: { sortName: r.role_sort_name, name: r.role_name },
    postedAt: summary.postedOn,
    openingsDate: r.openings_date === null ? null : String(r.openings_date),
    validThrough: r.valid_through === null ? null : iso(r.valid_through),
    noOfOpening: r.no_of_opening,
    description: r.description,
    postedBy: r.first_name === null ? null : { firstName: r.first_name },
    responsibilities: items(r.responsibilities, 'response'),
    minimumRequirements: items(r.minimum_requirements, 'requirement'),
    preferredQualification: items(r.preferred_qualification, 'qualification'),
    skills: items(r.skills, 'skill'),
    rolesAndResponsibilities: items(r.roles_and_responsibilities, 'roleAndResponsibility'),
    whoCanApply: items(r.who_can_apply, 'whoCan'),
    perksAndBenefits: items(r.perks_and_benefits, 'perkAndBenefit'),
    searchTags: items(r.search_tags, 'search'),
    updatedAt: iso(r.updated_at),
    trust: {
      // A draft's preview builds its row without these (employer-jobs.service.ts).
      companyVerified: r.company_verified === true,
      firstPostedAt: r.first_posted_at == null ? summary.postedOn : iso(r.first_posted_at),
      reposts: Math.max(0, r.reposts ?? 0),
    },
  };
}

/**
 * A job's detail by its id, whatever its status: for those who may see a job seekers cannot (its
 * employer's preview, an operator's), drawn as its page would draw it. Null if there is none.
 */
export async function jobDetailById(db: Db, jobId: number): Promise<JobDetail | null> {
  if (!Number.isSafeInteger(jobId) || jobId <= 0) return null;
  const [row] = await queryRows<DetailRow>(
    db,
    sql.raw(detailSql.replace('WHERE j.page_url = $1', `WHERE j.id = ${Number(jobId)}`)),
  );
  return row ? toJobDetail(row) : null;
}
