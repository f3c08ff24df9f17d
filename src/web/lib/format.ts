// How job values read on the page (DESIGN.md §5): salary, location, counts, dates.
import { NOT_MENTIONED, SALARY_NOT_STATED } from '../../shared/constants.ts';
import type { JobSummary } from '../../shared/contract/jobs.ts';
import { formatDay } from '../../shared/dates.ts';

// Written out by hand rather than with Intl: a page's first Intl formatter costs the browser
// 15–25 ms of locale-data loading in one piece, the longest task of hydrating a job (issue 7).
// format.test.ts checks every function against Intl's own output.

const COUNT_SUFFIXES = ['', 'k', 'm', 'b', 't'];

/** "999", "1.2k", "3.4m": Intl's compact notation with at most one decimal, in lower case. */
function compactNumber(value: number): string {
  // Whole numbers divided once, so halves round up as Intl's do (4,350,000 is 4.4m, not 4.3m).
  const tenths = (unit: number) => Math.round((Math.abs(value) * 10) / 1000 ** unit);
  let unit = 0;
  // 999,950 rounds to 1000k, which reads as 1m.
  while (unit < COUNT_SUFFIXES.length - 1 && tenths(unit) >= 10_000) unit++;
  return `${value < 0 ? '-' : ''}${tenths(unit) / 10}${COUNT_SUFFIXES[unit]}`;
}

/**
 * "999 jobs", "1.2k jobs", "3.4m jobs" (spec's "0.[0]a", lower case); "10k+ jobs" when the count
 * is a lower bound (a keyword search's, see SEARCH_COUNT_LIMIT).
 */
export function formatJobCount(count: number, atLeast = false): string {
  return `${compactNumber(count)}${atLeast ? '+' : ''} ${count === 1 ? 'job' : 'jobs'}`;
}

/** A whole number with thousands separators: "12,345"; Indian grouping gives "12,34,567". */
function groupDigits(value: number, indian = false): string {
  const digits = String(Math.round(Math.abs(value)));
  const separator = indian ? /(\d)(?=(\d\d)+\d$)/g : /(\d)(?=(\d{3})+$)/g;
  return `${value < 0 ? '-' : ''}${digits.replace(separator, '$1,')}`;
}

/** "12,345". */
export function formatWhole(value: number): string {
  return groupDigits(value);
}

function formatAmount(amount: number, job: Pick<JobSummary, 'currency' | 'country'>): string {
  return `${job.country.symbol}${groupDigits(amount, job.currency === 'INR')}`;
}

type SalaryFields = Pick<
  JobSummary,
  | 'salaryProvided'
  | 'salaryFrom'
  | 'salaryTo'
  | 'salaryType'
  | 'bestInIndustry'
  | 'currency'
  | 'country'
>;

/** An amount; only words about pay ("Best in industry"); or nothing at all. */
export type SalaryKind = 'amount' | 'text' | 'none';

export function salaryKind(job: SalaryFields): SalaryKind {
  if (job.salaryProvided === 'true' && (job.salaryFrom != null || job.salaryTo != null)) {
    return 'amount';
  }
  return job.bestInIndustry?.trim() ? 'text' : 'none';
}

function formatRange(job: SalaryFields, scale: number, unit: string | null): string {
  const amounts = [job.salaryFrom, job.salaryTo]
    .filter((a): a is number => a != null)
    .map((a) => formatAmount(Math.round(a * scale), job));
  const range = [...new Set(amounts)].join(' – ');
  return unit ? `${range} / ${unit}` : range;
}

/**
 * "₹25,000 – ₹40,000 / month" when a salary is given; else the bestInIndustry text as written;
 * else "Salary not stated" (salaryKind tells the three apart).
 */
export function formatSalary(job: SalaryFields): string {
  const kind = salaryKind(job);
  if (kind === 'amount') return formatRange(job, 1, job.salaryType?.sortName ?? null);
  return kind === 'text' ? job.bestInIndustry!.trim() : SALARY_NOT_STATED;
}

/** A monthly amount a year, a yearly one a month; other units (an hour) need hours we do not know. */
const OTHER_PERIOD: Record<string, { unit: string; scale: number }> = {
  month: { unit: 'year', scale: 12 },
  year: { unit: 'month', scale: 1 / 12 },
};

/** The same salary in the other period: "₹3,00,000 – ₹4,80,000 / year" for a monthly one. */
export function formatSalaryOtherPeriod(job: SalaryFields): string | null {
  const other = job.salaryType ? OTHER_PERIOD[job.salaryType.sortName] : undefined;
  if (salaryKind(job) !== 'amount' || !other) return null;
  return formatRange(job, other.scale, other.unit);
}

/** City, state code, country code: "Bengaluru, KA, IND". */
export function formatLocation(job: Pick<JobSummary, 'city' | 'state' | 'country'>): string {
  return [job.city.name, job.state.stateCode, job.country.iso3].filter(Boolean).join(', ');
}

/** "21 Nov 2026", or "Not mentioned" for a missing date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return NOT_MENTIONED;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? NOT_MENTIONED : formatDay(date);
}

/** Intl.RelativeTimeFormat('en', { numeric: 'auto' }) for the units below. */
function relativeTime(value: number, unit: Intl.RelativeTimeFormatUnit): string {
  const past = value < 0;
  if (Math.abs(value) === 1 && unit !== 'hour' && unit !== 'minute') {
    if (unit === 'day') return past ? 'yesterday' : 'tomorrow';
    return `${past ? 'last' : 'next'} ${unit}`;
  }
  const amount = `${groupDigits(Math.abs(value))} ${unit}${Math.abs(value) === 1 ? '' : 's'}`;
  return past ? `${amount} ago` : `in ${amount}`;
}

/** The units relative times are written in, largest first, with their length in milliseconds. */
export const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * The `now` a loader hands its page, to the minute (the finest unit relative times are written
 * in): two renders of an unchanged page within a minute are the same bytes, so the same ETag.
 */
export function pageNow(): number {
  return Math.floor(Date.now() / 60_000) * 60_000;
}

/** "3 days ago", "yesterday", "just now"; `now` is passed so server and client agree. */
export function formatRelative(iso: string, now: number): string {
  const diff = new Date(iso).getTime() - now;
  for (const [unit, ms] of RELATIVE_UNITS) {
    if (Math.abs(diff) >= ms) return relativeTime(Math.round(diff / ms), unit);
  }
  return 'just now';
}
