// Wire contract of the posting API (/api/v1/employer): a company's own systems create, update,
// close and list its jobs with an API key. A job's body is the job form's contract
// (employer-jobs.ts) with the company's own `externalId`, so the API and the form accept the same
// fields, names and rules.
import { z } from 'zod';
import { API_PREFIX } from '../api-paths.ts';
import { JOB_STATUSES, jobFormFields } from './employer-jobs.ts';
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

/**
 * The company's own id of a job. No ':' — ids with a colon belong to the ATS sync
 * (`greenhouse:123`, modules/ats), so an API job can never take over a synced one.
 */
export const EXTERNAL_ID = /^[A-Za-z0-9._-]{1,200}$/;
export const externalIdSchema = z
  .string({ error: 'externalId must be text' })
  .regex(EXTERNAL_ID, 'externalId must be 1 to 200 letters, digits, dots, dashes or underscores');

/** A job as the API takes it: the job form's fields plus an optional externalId. */
export const apiJobBody = jobFormFields
  .extend({ externalId: externalIdSchema.optional() })
  .strict();
export type ApiJobBody = z.input<typeof apiJobBody>;

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
export const apiListQuery = z
  .object({
    page: intParam(1, 100_000).default(1),
    pageSize: intParam(1, API_MAX_PAGE_SIZE).default(20),
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

/** A refused write: the message names every field; `fieldErrors` has one message per field. */
export const apiErrorEnvelope = envelope(
  z.object({ fieldErrors: z.record(z.string(), z.string()) }).nullable(),
);

/** An example body for the OpenAPI document and the README. */
export const API_JOB_EXAMPLE = {
  externalId: 'req-2026-041',
  title: 'Senior Backend Engineer',
  roleId: 12,
  cityId: 3,
  jobTypeId: 1,
  experienceLevel: 3,
  salaryMode: 'range',
  salaryFrom: 90000,
  salaryTo: 120000,
  salaryTypeId: 1,
  noOfOpening: 2,
  closingDate: '2026-12-31',
  applyLink: 'https://example.com/careers/req-2026-041',
  description: 'Build and run the services behind our booking platform with a small team.',
  workMode: 'hybrid',
  skills: ['TypeScript', 'PostgreSQL'],
  perksAndBenefits: ['Learning budget'],
} as const;
