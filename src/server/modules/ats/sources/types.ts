// What every ATS source module answers: the postings of one public board in our own words (job
// type, experience level, salary unit and work mode already mapped), with the location, the
// department and the HTML description as the source gave them. map-posting.ts resolves the rest
// (city, role, text and lists) against our tables.
import type { WorkMode } from '../../../../shared/contract/employer-jobs.ts';

export const ATS_SOURCES = [
  'greenhouse',
  'lever',
  'ashby',
  'recruitee',
  'smartrecruiters',
  'workable',
  'personio',
] as const;
export type AtsSourceName = (typeof ATS_SOURCES)[number];

export type JobTypeName = 'Full-time' | 'Part-time' | 'Contract' | 'Internship' | 'Temporary';
export type SalaryUnit = 'month' | 'year' | 'hour';

export interface PostingLocation {
  city?: string | null;
  region?: string | null;
  /** A country name or an ISO 3166 alpha-2/alpha-3 code. */
  country?: string | null;
  /** The location as one string, e.g. "Berlin, Germany" or "Remote - US". */
  text?: string | null;
}

export interface AtsPosting {
  /** The source's id of the posting; stored as `<source>:<postingId>`. */
  postingId: string;
  title: string | null;
  location: PostingLocation;
  department: string | null;
  jobType: JobTypeName | null;
  /** Years of experience as our levels count them (0 = Fresher … 5 = 5+). */
  experienceLevel: number | null;
  workMode: WorkMode | null;
  salary: { from: number; to: number; unit: SalaryUnit; currency: string | null } | null;
  descriptionHtml: string;
  applyUrl: string | null;
  publishedAt: string | null;
}

/**
 * GETs one URL of a board (board-fetch.ts), given as the source's real address; a failure throws
 * and fails the whole crawl.
 */
export type BoardGet = (url: string, accept: 'json' | 'xml') => Promise<string>;

export interface AtsSource {
  name: AtsSourceName;
  label: string;
  /** What the dashboard asks for, e.g. "Board token". */
  boardLabel: string;
  /** Where a company finds it, shown under the field. */
  boardHint: string;
  /** A well-formed board identifier (checked before any request). */
  boardPattern: RegExp;
  /** The longest board identifier the pattern takes (said apart from the letters it takes). */
  boardMaxLength: number;
  /** Every posting of the board, all pages read; throws when any page fails. */
  fetchAll(board: string, get: BoardGet): Promise<AtsPosting[]>;
}

export class BoardFormatError extends Error {}

/** The JSON of a page, or a clear failure naming the source (bad JSON fails the crawl). */
export function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new BoardFormatError(`${source} answered something that is not JSON`);
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
/** A field holding HTML, or nothing. */
export const htmlOf = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A board identifier that is one path word (Greenhouse, Lever, SmartRecruiters). */
export const PATH_WORD = /^[a-z0-9][a-z0-9_-]{0,99}$/i;
/** A board identifier that is one DNS label (Recruitee, Workable, Personio). */
export const SUBDOMAIN = /^[a-z0-9][a-z0-9-]{0,62}$/i;

/**
 * GETs one JSON page of a board and finds the list in it: the page itself when `key` is null,
 * else its `key` field. Anything else fails the crawl, naming the source and what was missing.
 */
export async function getJsonList(
  get: BoardGet,
  url: string,
  source: string,
  key: string | null,
  noun = key ?? 'postings',
): Promise<{ items: unknown[]; page: Record<string, unknown> }> {
  const body = parseJson(await get(url, 'json'), source);
  const items = key === null ? body : isRecord(body) ? body[key] : undefined;
  if (!Array.isArray(items))
    throw new BoardFormatError(`${source} answered without a list of ${noun}`);
  return { items, page: isRecord(body) ? body : {} };
}

/** The postings of a list (its objects). */
export const postingRecords = (items: unknown[]): Record<string, unknown>[] =>
  items.filter(isRecord);
/**
 * A posting's id as the source gives it, '' when it gives none: the crawl reports such a posting
 * as not saved (it could never be found again to update or close) instead of dropping it unseen.
 */
export const postingIdOf = (v: unknown): string => str(v) ?? '';
export const str = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null;
export const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v)
      ? Number(v)
      : null;

/** An employment type in any source's words ("FullTime", "full-time", "permanent", …). */
export function jobTypeFrom(raw: string | null | undefined): JobTypeName | null {
  const t = (raw ?? '').toLowerCase().replace(/[\s_-]+/g, '');
  if (!t) return null;
  if (/intern|trainee|student|werkstudent|apprentice/.test(t)) return 'Internship';
  if (/parttime/.test(t)) return 'Part-time';
  if (/contract|freelance|contractor/.test(t)) return 'Contract';
  if (/temp|seasonal|fixedterm/.test(t)) return 'Temporary';
  if (/fulltime|permanent|regular|fulltime/.test(t)) return 'Full-time';
  return null;
}

/** A seniority in any source's words, as years of experience (our levels 0–5). */
export function levelFrom(raw: string | null | undefined): number | null {
  const t = (raw ?? '').toLowerCase();
  if (!t) return null;
  if (/intern|entry|junior|graduate|student|fresher|associate|lt-1/.test(t)) return 0;
  if (/mid|1-2|2-5|experienced/.test(t)) return 2;
  if (/senior|lead|principal|staff|manager|director|executive|head|5-7|7\+|vp/.test(t)) return 5;
  return null;
}

/** A pay interval in any source's words ("1 YEAR", "per-year-salary", "monthly", "hour"). */
export function unitFrom(raw: string | null | undefined): SalaryUnit | null {
  const t = (raw ?? '').toLowerCase();
  if (/hour/.test(t)) return 'hour';
  if (/month/.test(t)) return 'month';
  if (/year|annual|annum/.test(t)) return 'year';
  return null;
}

export function workModeFrom(raw: string | null | undefined, remote?: unknown): WorkMode | null {
  const t = (raw ?? '').toLowerCase().replace(/[\s_-]+/g, '');
  if (t === 'remote') return 'remote';
  if (t === 'hybrid') return 'hybrid';
  if (t === 'onsite' || t === 'inoffice' || t === 'office') return 'on_site';
  if (remote === true) return 'remote';
  return null;
}

/** A salary when both ends are numbers, in order, and the unit is known. */
export function salaryOf(
  from: unknown,
  to: unknown,
  interval: string | null | undefined,
  currency: unknown,
): AtsPosting['salary'] {
  const a = num(from);
  const b = num(to) ?? a;
  const unit = unitFrom(interval);
  if (a === null || b === null || unit === null || a <= 0 || b < a) return null;
  return { from: Math.round(a), to: Math.round(b), unit, currency: str(currency) };
}
