// The schema.org JobPosting that search engines read from the detail page (Google's job posting
// rules: title, description, datePosted, hiringOrganization, jobLocation required; validThrough,
// employmentType, baseSalary, identifier, directApply recommended). Only what the page shows.
import type {
  JobPosting,
  MonetaryAmount,
  Organization,
  Place,
  PropertyValue,
  WithContext,
} from 'schema-dts';
import type { JobDetail } from '../../../shared/contract/jobs.ts';
import { paths } from '../../lib/paths.ts';
import { jobLists } from './job-lists.ts';
import { absoluteUrl, httpUrl } from '../../../shared/safe-url.ts';
import { escapeMarkup, paragraphsHtml } from '../../../shared/text.ts';

type EmploymentType =
  | 'FULL_TIME'
  | 'PART_TIME'
  | 'CONTRACTOR'
  | 'TEMPORARY'
  | 'INTERN'
  | 'VOLUNTEER'
  | 'PER_DIEM'
  | 'OTHER';

const employmentRules: [RegExp, EmploymentType][] = [
  [/full/, 'FULL_TIME'],
  [/part/, 'PART_TIME'],
  [/contract|freelanc|consult/, 'CONTRACTOR'],
  [/intern|apprentic|trainee/, 'INTERN'],
  [/temp|seasonal|fixed/, 'TEMPORARY'],
  [/volunt/, 'VOLUNTEER'],
  [/per.?diem/, 'PER_DIEM'],
];

/** Google's employmentType for our job type names ("Full Time" → FULL_TIME). */
export function employmentType(jobType: string): EmploymentType {
  const name = jobType.toLowerCase();
  return employmentRules.find(([pattern]) => pattern.test(name))?.[1] ?? 'OTHER';
}

const unitRules: [RegExp, string][] = [
  [/hour/, 'HOUR'],
  [/day|daily/, 'DAY'],
  [/week/, 'WEEK'],
  [/month/, 'MONTH'],
  [/year|annum|annual|lpa/, 'YEAR'],
];

/** Google's unitText for our salary types ("month" → MONTH); undefined when we cannot tell. */
export function salaryUnit(sortName: string | undefined): string | undefined {
  if (!sortName) return undefined;
  const name = sortName.toLowerCase();
  return unitRules.find(([pattern]) => pattern.test(name))?.[1];
}

function baseSalary(job: JobDetail): MonetaryAmount | undefined {
  if (job.salaryProvided !== 'true') return undefined;
  const amounts = [job.salaryFrom, job.salaryTo].filter((a): a is number => a != null);
  if (amounts.length === 0) return undefined;
  const [minValue, maxValue] = [Math.min(...amounts), Math.max(...amounts)];
  const unitText = salaryUnit(job.salaryType?.sortName);
  return {
    '@type': 'MonetaryAmount',
    currency: job.currency,
    value: {
      '@type': 'QuantitativeValue',
      ...(minValue === maxValue ? { value: minValue } : { minValue, maxValue }),
      ...(unitText ? { unitText } : {}),
    },
  };
}

/** The description as simple HTML (Google wants HTML): escaped paragraphs, then each list. */
export function descriptionHtml(job: JobDetail): string {
  const body = paragraphsHtml(job.description);
  const lists = jobLists(job)
    .filter((list) => list.items.length > 0)
    .map(
      (list) =>
        `<h3>${escapeMarkup(list.title)}</h3><ol>${list.items.map((i) => `<li>${escapeMarkup(i)}</li>`).join('')}</ol>`,
    );
  return [...body, ...lists].join('');
}

function hiringOrganization(job: JobDetail, publicUrl: string): Organization {
  const website = httpUrl(job.company.companyWebsite);
  return {
    '@type': 'Organization',
    name: job.company.companyName,
    ...(website ? { sameAs: website } : {}),
    logo: absoluteUrl(publicUrl, paths.logo(job.company._id, 'png')),
  };
}

function jobLocation(job: JobDetail): Place {
  return {
    '@type': 'Place',
    address: {
      '@type': 'PostalAddress',
      addressLocality: job.city.name,
      addressRegion: job.state.stateCode || job.state.name,
      addressCountry: job.country.iso3,
    },
  };
}

/**
 * A remote job (its work mode, or an older "Remote" job type): Google wants TELECOMMUTE and the
 * country applicants must live in (the job's own).
 */
function remote(
  job: JobDetail,
): Pick<JobPosting, 'jobLocationType' | 'applicantLocationRequirements'> {
  if (job.workMode !== 'remote' && !/remote/i.test(job.jobType.name)) return {};
  return {
    jobLocationType: 'TELECOMMUTE',
    applicantLocationRequirements: { '@type': 'Country', name: job.country.iso3 },
  };
}

export function buildJobPosting(job: JobDetail, publicUrl: string): WithContext<JobPosting> {
  const identifier: PropertyValue = {
    '@type': 'PropertyValue',
    name: job.company.companyName,
    value: job._id,
  };
  const salary = baseSalary(job);
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: descriptionHtml(job),
    datePosted: job.postedOn,
    ...(job.validThrough ? { validThrough: job.validThrough } : {}),
    employmentType: employmentType(job.jobType.name),
    hiringOrganization: hiringOrganization(job, publicUrl),
    jobLocation: jobLocation(job),
    ...(salary ? { baseSalary: salary } : {}),
    identifier,
    directApply: false,
    url: absoluteUrl(publicUrl, paths.job(job.pageUrl)),
    ...(job.noOfOpening != null ? { totalJobOpenings: job.noOfOpening } : {}),
    ...remote(job),
  };
}
