// Wire contract of the posting API (/api/v1/employer): a company's own systems create, update,
// close and list its jobs with an API key. A job's body is the job form's contract
// (employer-jobs.ts) with the company's own `externalId`, so the API and the form accept the same
// fields, names and rules.
import { z } from 'zod';
import { API_PREFIX } from '../api-paths.ts';
import {
  JOB_LIST_FIELDS,
  JOB_STATUSES,
  jobFormFields,
  SALARY_MODES,
  type SalaryMode,
} from './employer-jobs.ts';
import { envelope } from './envelope.ts';
import { intParam } from './params.ts';

export const EMPLOYER_API_PREFIX = `${API_PREFIX}/employer`;

export const employerApiPaths = {
  jobs: `${EMPLOYER_API_PREFIX}/jobs`,
  job: (id: number | string) => `${EMPLOYER_API_PREFIX}/jobs/${id}`,
  closeJob: (id: number | string) => `${EMPLOYER_API_PREFIX}/jobs/${id}/close`,
  byExternalId: (externalId: string) =>
    `${EMPLOYER_API_PREFIX}/jobs/by-external-id/${encodeURIComponent(externalId)}`,
  closeByExternalId: (externalId: string) =>
    `${EMPLOYER_API_PREFIX}/jobs/by-external-id/${encodeURIComponent(externalId)}/close`,
} as const;

/** The longest externalId (the database keeps the same limit for every job's own id). */
export const EXTERNAL_ID_MAX = 200;

/**
 * The company's own id of a job. It may contain ':' so that a job imported from a board
 * (`greenhouse:9001`, modules/ats) can be addressed, but the API creates no job with one: those
 * ids belong to the ATS sync, so an API job can never take the place of a synced one.
 */
export const EXTERNAL_ID = /^[A-Za-z0-9._:-]{1,200}$/;
export const externalIdSchema = z
  .string({ error: 'externalId must be text' })
  .min(1, 'externalId must not be empty')
  .max(EXTERNAL_ID_MAX, `externalId must be at most ${EXTERNAL_ID_MAX} characters`)
  .regex(
    /^[A-Za-z0-9._:-]*$/,
    'externalId may contain only letters, digits, dots, dashes, underscores and colons',
  );

/** Whether an externalId is one the ATS sync gives (source:posting), which the API never makes. */
export const isBoardExternalId = (externalId: string) => externalId.includes(':');
export const BOARD_ID_MESSAGE =
  "externalId must not contain ':' for a new job: ids with a colon belong to jobs imported from a board (greenhouse:9001), which can be updated or closed but not created through the API";

/**
 * What a body that leaves them out has, as a new job's form starts (one opening) except that the
 * salary is not stated rather than an empty range (the form asks; a body left without one says
 * nothing of salary).
 */
export const API_JOB_DEFAULTS = { salaryMode: 'none', noOfOpening: 1 } as const;

/**
 * A job as the API takes it: the job form's fields plus an optional externalId (on a PUT, it must
 * be the job's own: the routes check it against the path).
 */
export const apiJobBody = jobFormFields
  .extend({
    salaryMode: jobFormFields.shape.salaryMode.default(API_JOB_DEFAULTS.salaryMode),
    noOfOpening: jobFormFields.shape.noOfOpening.default(API_JOB_DEFAULTS.noOfOpening),
    externalId: externalIdSchema.optional(),
  })
  .strict();
export type ApiJobBody = z.input<typeof apiJobBody>;

/** The body's whole numbers: JSON numbers, as the document says (the form sends them as text). */
export const API_NUMBER_FIELDS = [
  'roleId',
  'cityId',
  'jobTypeId',
  'experienceLevel',
  'salaryFrom',
  'salaryTo',
  'salaryTypeId',
  'noOfOpening',
] as const;

/** The fields each salaryMode takes; the others' would be dropped, so a body may not send them. */
const SALARY_FIELDS = {
  range: ['salaryFrom', 'salaryTo', 'salaryTypeId'],
  best: ['bestInIndustry'],
  none: [],
} as const satisfies Record<SalaryMode, readonly string[]>;

const sentValue = (v: unknown) => v !== undefined && v !== null && v !== '';
const named = (fields: readonly string[]) =>
  fields.length === 1 ? fields[0]! : `${fields.slice(0, -1).join(', ')} and ${fields.at(-1)}`;

/**
 * What the posting API refuses in a body beyond the job form's rules, by field: text where JSON
 * has a number ("3") or a list (one string), and salary fields that its salaryMode (left out:
 * none) would drop, so that nothing a client sends is lost without a word. The web form is not
 * held to these: it sends every value as text, and its salary fields follow its choice.
 */
export function apiBodyProblems(body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of API_NUMBER_FIELDS) {
    const value = body[field];
    if (typeof value === 'string')
      out[field] = `${field} must be a JSON number such as 3, not text ("${value.slice(0, 20)}")`;
  }
  for (const field of JOB_LIST_FIELDS) {
    if (typeof body[field] === 'string')
      out[field] =
        `${field} must be a JSON list of texts, one per item (["TypeScript", "Go"]), not one text`;
  }
  const mode = body.salaryMode;
  if (mode !== undefined && !(SALARY_MODES as readonly unknown[]).includes(mode)) return out;
  const kept: readonly string[] = SALARY_FIELDS[(mode as SalaryMode | undefined) ?? 'none'];
  const dropped = Object.values(SALARY_FIELDS)
    .flat()
    .filter((field) => !kept.includes(field) && sentValue(body[field]));
  if (dropped.length === 0) return out;
  const wanted = (['range', 'best'] as const).filter((m) =>
    dropped.some((f) => (SALARY_FIELDS[m] as readonly string[]).includes(f)),
  );
  const fix = wanted.map((m) => `salaryMode "${m}" with ${named(SALARY_FIELDS[m])}`).join(', or ');
  out.salaryMode ??=
    mode === undefined
      ? `salaryMode is required when ${named(dropped)} ${dropped.length === 1 ? 'is' : 'are'} sent (left out, it is "none" and no salary is stated): send ${fix}`
      : `salaryMode "${mode}" does not take ${named(dropped)}, which would be lost: send ${fix}, or leave ${dropped.length === 1 ? 'it' : 'them'} out`;
  for (const field of dropped)
    out[field] ??=
      `${field} does not go with salaryMode ${mode === undefined ? 'left out (none)' : `"${mode}"`}: see salaryMode`;
  return out;
}

export const apiJobIdParams = z.object({
  id: intParam(1, 2_147_483_647),
});
export const apiExternalIdParams = z.object({ externalId: externalIdSchema });

export const apiJob = z.object({
  id: z.number(),
  externalId: z.string().nullable(),
  title: z.string(),
  status: z.enum(JOB_STATUSES),
  pageUrl: z.string(),
  /** The job's public page (live jobs only show there). */
  url: z.string(),
  postedAt: z.string(),
  closingDate: z.string().nullable(),
  updatedAt: z.string(),
});
export type ApiJob = z.infer<typeof apiJob>;

export const API_WRITE_RESULTS = ['created', 'updated', 'unchanged'] as const;

export const apiJobResponse = envelope(
  z.object({ job: apiJob, result: z.enum(API_WRITE_RESULTS) }),
);

export const apiCloseResponse = envelope(z.object({ job: apiJob }));

export const API_MAX_PAGE_SIZE = 100;
export const API_MAX_PAGE = 100_000;
export const API_DEFAULT_PAGE_SIZE = 20;
export const apiListQuery = z
  .object({
    page: intParam(1, API_MAX_PAGE).default(1),
    pageSize: intParam(1, API_MAX_PAGE_SIZE).default(API_DEFAULT_PAGE_SIZE),
  })
  .strict();

export const apiListResponse = envelope(
  z.object({
    jobs: z.array(apiJob),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
  }),
);

/**
 * A refused request: the message names every field; a refused body (its format or the form's
 * rules) has `fieldErrors`, one message per field.
 */
export const apiErrorEnvelope = envelope(
  z.object({ fieldErrors: z.record(z.string(), z.string()) }).nullable(),
);

/**
 * An example body for the OpenAPI document (its closingDate is apiJobExample's). Its ids are the
 * reference data's (server/db/seed/reference-data.ts, the same on every database we seed), and say
 * what the text says: role 3 Backend Development, city 50 Berlin, job type 1 Full-time, salary
 * type 2 Yearly (in the city's currency, euros).
 */
const API_JOB_EXAMPLE = {
  externalId: 'req-2026-041',
  title: 'Senior Backend Engineer',
  roleId: 3,
  cityId: 50,
  jobTypeId: 1,
  experienceLevel: 3,
  salaryMode: 'range',
  salaryFrom: 90000,
  salaryTo: 120000,
  salaryTypeId: 2,
  noOfOpening: 2,
  applyLink: 'https://example.com/careers/req-2026-041',
  description: 'Build and run the services behind our booking platform with a small team.',
  workMode: 'hybrid',
  skills: ['TypeScript', 'PostgreSQL'],
  perksAndBenefits: ['Learning budget'],
} as const;

/**
 * The example with a closing date the API accepts: the last day of next month (UTC), 28 to 61
 * days away, within the 90 allowed. A fixed date went out of date; a month's end, not now plus
 * days, keeps the document (built once per server) the same on every server for a month, and the
 * date valid for at least four weeks after a server starts.
 */
export function apiJobExample(now: Date) {
  const closing = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 0));
  return { ...API_JOB_EXAMPLE, closingDate: closing.toISOString().slice(0, 10) };
}
