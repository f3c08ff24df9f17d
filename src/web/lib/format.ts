// How job values read on the page (DESIGN.md §5): salary, location, counts, dates.
import { NOT_MENTIONED } from '../../shared/constants.ts';
import type { JobSummary } from '../../shared/contract/jobs.ts';

const compact = new Intl.NumberFormat('en', {
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** "999 jobs", "1.2k jobs", "3.4m jobs" (spec's "0.[0]a", lower case). */
export function formatJobCount(count: number): string {
  return `${compact.format(count).toLowerCase()} ${count === 1 ? 'job' : 'jobs'}`;
}

function formatAmount(amount: number, job: Pick<JobSummary, 'currency' | 'country'>): string {
  const locale = job.currency === 'INR' ? 'en-IN' : 'en';
  return `${job.country.symbol}${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(amount)}`;
}

/**
 * "₹25,000 – ₹40,000 / month" when a salary is given; else the bestInIndustry text; else
 * "Not mentioned".
 */
export function formatSalary(
  job: Pick<
    JobSummary,
    | 'salaryProvided'
    | 'salaryFrom'
    | 'salaryTo'
    | 'salaryType'
    | 'bestInIndustry'
    | 'currency'
    | 'country'
  >,
): string {
  if (job.salaryProvided === 'true' && (job.salaryFrom != null || job.salaryTo != null)) {
    const amounts = [job.salaryFrom, job.salaryTo]
      .filter((a): a is number => a != null)
      .map((a) => formatAmount(a, job));
    const range = [...new Set(amounts)].join(' – ');
    return job.salaryType ? `${range} / ${job.salaryType.sortName}` : range;
  }
  return job.bestInIndustry?.trim() || NOT_MENTIONED;
}

/** City, state code, country code: "Bengaluru, KA, IND". */
export function formatLocation(job: Pick<JobSummary, 'city' | 'state' | 'country'>): string {
  return [job.city.name, job.state.stateCode, job.country.iso3].filter(Boolean).join(', ');
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "21 Nov 2026", or "Not mentioned" for a missing date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return NOT_MENTIONED;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? NOT_MENTIONED : dateFormat.format(date);
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 days ago", "yesterday", "just now"; `now` is passed so server and client agree. */
export function formatRelative(iso: string, now: number): string {
  const diff = new Date(iso).getTime() - now;
  for (const [unit, ms] of units) {
    if (Math.abs(diff) >= ms) return relative.format(Math.round(diff / ms), unit);
  }
  return 'just now';
}
