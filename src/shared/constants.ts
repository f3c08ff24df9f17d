// Business constants of the spec (§9) and the defaults of §4, in one place for server and web.

export const APP_NAME = 'Openings';

export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
/** How many more jobs one "Browse more jobs" asks for. */
export const LOADED_JOBS = 10;
export const MAX_PAGE_SIZE = 50;
/** Deepest page the offset form of the listing accepts; the cursor form has no limit. */
export const MAX_PAGE = 10_000;

export const SUGGESTION_LIMIT = 10;
export const MAX_SEARCH_LENGTH = 100;
/**
 * A keyword search ranks and pages at most this many of its matches (the newest, or the most
 * viewed), and its noofJobs stops here: a count of this size means "at least", shown as "10k+".
 */
export const SEARCH_COUNT_LIMIT = 10_000;

export const URL_COPY_TIMEOUT_MS = 2000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const SKELETON_CARD_COUNT = 6;
export const SPINNER_SIZE = 32;

export const SORT_OPTIONS = [
  { label: 'Newest', value: 1, flag: false },
  { label: 'Popular', value: 2, flag: true },
] as const;

export const EXPERIENCE_OPTIONS = [
  { label: 'Fresher', value: 0 },
  { label: '1 year', value: 1 },
  { label: '2 year', value: 2 },
  { label: '3 year', value: 3 },
  { label: '4 year', value: 4 },
  { label: '5+ year', value: 5 },
] as const;

export const NOT_MENTIONED = 'Not mentioned';
/** What a card says when a job gives neither an amount nor any text about pay. */
export const SALARY_NOT_STATED = 'Salary not stated';

/** Where the work is done; a job without one says "not stated" (null in the data). */
export const WORK_MODES = ['on_site', 'hybrid', 'remote'] as const;
export type WorkMode = (typeof WORK_MODES)[number];
export const WORK_MODE_LABELS: Record<WorkMode, string> = {
  on_site: 'On-site',
  hybrid: 'Hybrid',
  remote: 'Remote',
};
export const WORK_MODE_NOT_STATED = 'Work mode not stated';

/** Companies per page of the /companies index. */
export const COMPANIES_PAGE_SIZE = 24;
/** Similar jobs shown on a job's page and on a closed job's page. */
export const SIMILAR_JOBS = 6;
