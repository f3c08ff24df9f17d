// One listing row as the database answers it, and its wire shape (a job card's fields).
import type { JobSummary } from '../../../shared/contract/jobs.ts';

/** The joins from a job row `j` to the names a card shows; the listing and the detail share them. */
export const CARD_JOINS = `JOIN companies co ON co.id = j.company_id
JOIN cities ci ON ci.id = j.city_id
JOIN states s ON s.id = ci.state_id
JOIN countries cn ON cn.id = s.country_id
JOIN roles r ON r.id = j.role_id
JOIN job_types jt ON jt.id = j.job_type_id
JOIN experience_levels el ON el.id = j.experience_level_id
LEFT JOIN salary_types st ON st.id = j.salary_type_id`;

export interface SummaryRow {
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
  posted_at: Date | string;
  views: number;
  company_id: number;
  company_name: string;
  company_logo: string;
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

export const iso = (value: Date | string) => new Date(value).toISOString();

export function toJobSummary(r: SummaryRow): JobSummary {
  return {
    _id: String(r.id),
    title: r.title,
    pageUrl: r.page_url,
    applyLink: r.apply_link,
    company: {
      _id: String(r.company_id),
      companyName: r.company_name,
      companyLogo: r.company_logo,
    },
    city: { name: r.city_name },
    state: { name: r.state_name, stateCode: r.state_code },
    country: { name: r.country_name, iso3: r.iso3, symbol: r.symbol },
    role: { sortName: r.role_sort_name },
    jobType: { name: r.job_type_name },
    experienceLevel: { name: r.level_name },
    salaryProvided: r.salary_provided,
    salaryFrom: r.salary_from,
    salaryTo: r.salary_to,
    salaryType: r.salary_type_sort_name === null ? null : { sortName: r.salary_type_sort_name },
    currency: r.currency,
    bestInIndustry: r.best_in_industry,
    postedOn: iso(r.posted_at),
    views: r.views,
  };
}
