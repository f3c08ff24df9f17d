// The posting API (/api/v1/employer): a company's systems write its jobs with an API key
// (`Authorization: Bearer opk_…`). Every write goes through the employer jobs service, so review
// rules, publishing, counts and validation are the job form's. A key acts for its company only: a
// job of another company answers 404 like a job that does not exist.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import {
  apiBodyProblems,
  apiJobExample,
  BOARD_ID_MESSAGE,
  EXTERNAL_ID_MAX,
  isBoardExternalId,
  apiCloseResponse,
  apiErrorEnvelope,
  apiExternalIdParams,
  apiJobBody,
  apiJobIdParams,
  apiJobResponse,
  apiListQuery,
  apiListResponse,
  API_JOB_DEFAULTS,
  API_DEFAULT_PAGE_SIZE,
  API_MAX_PAGE,
  API_MAX_PAGE_SIZE,
  API_NUMBER_FIELDS,
  type ApiJob,
  employerApiPaths,
} from '../../../shared/contract/employer-api.ts';
import { COMPANIES_MAX_PAGE } from '../../../shared/contract/companies.ts';
import { JOB_LIST_FIELDS, type JobStatus, LIMITS } from '../../../shared/contract/employer-jobs.ts';
import { apiPaths } from '../../../shared/api-paths.ts';
import {
  DEFAULT_PAGE_SIZE,
  EXPERIENCE_OPTIONS,
  MAX_PAGE,
  MAX_PAGE_SIZE,
} from '../../../shared/constants.ts';
import { JOB_TYPES, SALARY_TYPES } from '../../db/seed/reference-data.ts';
import type { ApiKeyScope, Failure } from '../../../shared/employer-services.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { describeValidation, HttpError } from '../../errors.ts';
import { ForbiddenJsonKeyError, namedJsonParser } from '../../security/json-body.ts';
import { RATE_LIMIT_WINDOW_MS } from '../../security/rate-limit.ts';
import { HTML_TAG, htmlToLine, htmlToPlainText } from '../ats/html-text.ts';
import { type EmployerJobsServiceImpl, LIST_MESSAGES } from '../employer/employer-jobs.service.ts';
import type { ApiKeyIdentity, ApiKeysServiceImpl } from './api-keys.service.ts';

/** Requests per key per minute, before RATE_LIMIT_SCALE. */
export const API_KEY_REQUESTS_PER_MINUTE = 120;
/** A job's body is at most ~80 kB of text; this leaves room for JSON escapes. */
export const API_BODY_LIMIT = 256 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: ApiKeyIdentity;
    /** What the body breaks of the API's own rules (apiBodyProblems), read before the schema. */
    bodyProblems?: Record<string, string>;
  }
  interface FastifyContextConfig {
    /** The scope a posting-API route needs, checked before its body is read. */
    scope?: ApiKeyScope;
  }
}

export interface EmployerApiOptions {
  db: Db;
  jobs: EmployerJobsServiceImpl;
  apiKeys: ApiKeysServiceImpl;
  publicUrl: string;
  /** Requests per key per minute; 0 turns the limit off (RATE_LIMIT_SCALE=0). */
  perMinute: number;
  /** Whether maintenance is on (app details): writes then wait, as every employer page does. */
  maintenanceOn?: () => Promise<boolean>;
}

/** Seconds a client should wait before retrying a write while maintenance is on (as the pages'). */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300;

/**
 * 503 for a write while maintenance is on: no key passes (operators pass on the console, not
 * here), and reads go on.
 */
function underMaintenance(reply: FastifyReply) {
  return reply
    .code(503)
    .header('retry-after', String(MAINTENANCE_RETRY_AFTER_SECONDS))
    .send({
      success: false,
      message: `Openings is in maintenance: jobs cannot be created, changed or closed now. Send the request again in ${MAINTENANCE_RETRY_AFTER_SECONDS / 60} minutes (Retry-After); reading your jobs still works`,
      content: null,
    });
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** 401 with the scheme to use (RFC 6750); the same answer for a missing, malformed or revoked key. */
function unauthorized(reply: FastifyReply, message: string) {
  return reply
    .code(401)
    .header('www-authenticate', 'Bearer realm="openings-employer-api"')
    .send({ success: false, message, content: null });
}

const JOB_COLUMNS = sql`j.id, j.external_id, j.title, j.page_url, j.posted_at, j.valid_through, j.updated_at,
  CASE WHEN j.status = 'live' AND j.valid_through IS NOT NULL AND j.valid_through <= now()
    THEN 'expired' ELSE j.status END as status`;

interface JobRow {
  id: number;
  external_id: string | null;
  title: string;
  page_url: string;
  posted_at: Date | string;
  valid_through: Date | string | null;
  updated_at: Date | string;
  status: JobStatus;
}

const failureStatus: Record<Failure['reason'], number> = {
  'not-found': 404,
  forbidden: 403,
  invalid: 400,
  conflict: 409,
};

function fail(failure: Failure): never {
  if (failure.fieldErrors) {
    const fieldErrors = apiWording(failure.fieldErrors);
    throw new HttpError(
      failureStatus[failure.reason],
      failure.reason === 'invalid'
        ? `Please correct: ${Object.values(fieldErrors).join('; ')}`
        : failure.message,
      { fieldErrors },
    );
  }
  throw new HttpError(
    failureStatus[failure.reason],
    failure.message,
    failure.reason === 'invalid' ? { fieldErrors: { form: failure.message } } : null,
  );
}

/** Field errors in the API's words where the form's are meant for its page. */
export function apiWording(errors: Partial<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    if (message === undefined) continue;
    const list = LIST_MESSAGES[field as keyof typeof LIST_MESSAGES];
    out[field] =
      list !== undefined && message === list
        ? API_LIST_MESSAGES[field as keyof typeof LIST_MESSAGES]
        : message;
  }
  return out;
}

/** A refused body: 400 with the message and the field it names. */
const refusedField = (field: string, message: string) =>
  new HttpError(400, message, { fieldErrors: { [field]: message } });

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: unknown;
}

/**
 * One message per field of a body that failed the schema, as the form's own rules answer them
 * (README: every refused body names each field in content.fieldErrors).
 */
export function bodyFieldErrors(
  issues: readonly ValidationIssue[],
  body: unknown,
): Record<string, string> {
  // No prototype: an unknown field named "constructor" (or "toString") is named like any other.
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  const sent = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  for (const issue of issues) {
    if (issue.keyword === 'unrecognized_keys') {
      for (const key of (issue.params as { keys?: string[] } | undefined)?.keys ?? [])
        out[key] ??= `unknown field '${key}': the body takes the job form's fields (see /api/docs)`;
      continue;
    }
    const field = issue.instancePath.split('/').filter(Boolean)[0];
    if (!field || !sent) {
      out.body ??= sent ? (issue.message ?? 'is not valid') : 'a JSON object is required';
      continue;
    }
    out[field] ??=
      sent[field] === undefined ? `${field} is required` : (issue.message ?? 'is not valid');
  }
  return out;
}

/**
 * A body's HTML as our text, before its checks (an employer's system often sends its job's HTML):
 * a description's paragraphs and lists become the form's text (a blank line between paragraphs,
 * "• " items), as the ATS sync reads a board's; a one-line field (title, best-in-industry text,
 * a list's item) keeps its words. Only text with a tag of an element counts as HTML, so words such
 * as List<String> or a < b stay as sent.
 */
export function htmlAsText(body: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body };
  const line = (v: unknown) => (typeof v === 'string' && HTML_TAG.test(v) ? htmlToLine(v) : v);
  if (typeof out.description === 'string' && HTML_TAG.test(out.description))
    out.description = htmlToPlainText(out.description);
  out.title = line(out.title);
  out.bestInIndustry = line(out.bestInIndustry);
  for (const field of JOB_LIST_FIELDS) {
    const items = out[field];
    if (Array.isArray(items)) out[field] = items.map(line);
  }
  for (const key of ['title', 'bestInIndustry']) if (body[key] === undefined) delete out[key];
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

const security = [{ apiKey: [] }];
const errors = {
  400: apiErrorEnvelope,
  401: apiErrorEnvelope,
  403: apiErrorEnvelope,
  404: apiErrorEnvelope,
  413: apiErrorEnvelope,
  429: apiErrorEnvelope,
  503: apiErrorEnvelope,
};
/** A write's answers: a body that is not JSON is 415. */
const writeErrors = { ...errors, 415: apiErrorEnvelope };

export const employerApiRoutes: FastifyPluginAsyncZod<EmployerApiOptions> = async (
  app,
  options,
) => {
  const { db, jobs, apiKeys } = options;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');

  // Before the body is read: an unauthenticated client never gets to send a body.
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization;
    if (!header) return unauthorized(reply, 'Send your API key as "Authorization: Bearer opk_…"');
    const match = BEARER.exec(header);
    const key = match ? await apiKeys.authenticate(match[1]!) : null;
    if (!key) return unauthorized(reply, 'This API key is not valid or has been revoked');
    request.apiKey = key;
    // Permission before content: a key without the scope learns that, whatever its body holds.
    const scope = request.routeOptions.config?.scope;
    if (scope && !key.scopes.includes(scope))
      return reply.code(403).send({
        success: false,
        message: `This API key lacks the ${scope} scope`,
        content: null,
      });
    // A database that cannot say is no maintenance: the write then meets that trouble itself.
    if (scope === 'jobs:write' && (await options.maintenanceOn?.().catch(() => false)))
      return underMaintenance(reply);
  });

  // What a body breaks of the API's own rules (apiBodyProblems), found before the schema reads it:
  // the schema reads "3" as 3 and a salary without its mode as none, as the form's rules do.
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.schema?.body || !isObject(request.body)) return;
    request.body = htmlAsText(request.body);
    request.bodyProblems = apiBodyProblems(request.body as Record<string, unknown>);
  });
  /** The form's rules on a body, in the API's words, for fields not named yet. */
  async function ruleProblems(sent: Record<string, unknown>, named: Record<string, string>) {
    const more: string[] = [];
    const rules = apiWording(await jobs.problems({ ...API_JOB_DEFAULTS, ...sent }));
    for (const [field, problem] of Object.entries(rules)) {
      if (field === 'form' || named[field] !== undefined) continue;
      named[field] = problem;
      more.push(problem);
    }
    return more;
  }
  // A body the schema took but the API's own rules refuse: 400, every wrong field named.
  app.addHook('preHandler', async (request) => {
    const problems = request.bodyProblems;
    if (!problems || Object.keys(problems).length === 0) return;
    const fieldErrors = { ...problems };
    const more = await ruleProblems(request.body as Record<string, unknown>, fieldErrors);
    throw new HttpError(400, [...Object.values(problems), ...more].join('; '), { fieldErrors });
  });

  // JSON only: text/plain (which Fastify would read as a string) is refused with 415 as any other
  // type is, and the answer says what to send.
  app.removeContentTypeParser('text/plain');

  // JSON as everywhere, except that an empty body is no body: a close with Content-Type
  // application/json and nothing after it is a close (a job's body is then "required").
  // Fastify's parser, a "__proto__" key named (security/json-body.ts).
  const json = namedJsonParser(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    json(request, body as string, done);
  });

  // A refused body names each field in content.fieldErrors, whether its format (the schema) or
  // the form's rules (the service) refused it; anything else goes to the app's error handler.
  // A body refused for its format is also put to the form's rules and lists, so that one answer
  // names every wrong field (the salary range, the closing date, an unknown city...), not the
  // format's round first and the rest on the next try.
  app.setErrorHandler(async (err: FastifyError, request, reply) => {
    if (err.validation && err.validationContext === 'body') {
      const fieldErrors = bodyFieldErrors(err.validation, request.body);
      const more: string[] = [];
      const sent = request.body;
      if (isObject(sent)) {
        for (const [field, problem] of Object.entries(request.bodyProblems ?? {})) {
          if (fieldErrors[field] !== undefined) continue;
          fieldErrors[field] = problem;
          more.push(problem);
        }
        more.push(...(await ruleProblems(sent, fieldErrors)));
      }
      return reply.code(400).send({
        success: false,
        message: [describeValidation(err, request), ...more].join('; '),
        content: { fieldErrors },
      });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const message = `Send the body as JSON with "Content-Type: application/json"${request.headers['content-type'] ? ` (this request's is ${request.headers['content-type'].slice(0, 100)})` : ''}`;
      return reply
        .code(415)
        .send({ success: false, message, content: { fieldErrors: { body: message } } });
    }
    if (
      (err.statusCode === 400 &&
        typeof err.code === 'string' &&
        err.code.startsWith('FST_ERR_CTP')) ||
      err instanceof ForbiddenJsonKeyError
    )
      return reply.code(400).send({
        success: false,
        message: err.message,
        content: { fieldErrors: { body: err.message } },
      });
    if (err instanceof SyntaxError && err.statusCode === 400) {
      const message = `The body is not valid JSON: ${err.message}`;
      return reply
        .code(400)
        .send({ success: false, message, content: { fieldErrors: { body: message } } });
    }
    throw err;
  });

  // A declared Content-Length over the limit is refused before reading a byte of it.
  app.addHook('preParsing', async (request) => {
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > API_BODY_LIMIT) throw tooLarge();
  });

  const rateLimit =
    options.perMinute > 0
      ? {
          max: options.perMinute,
          timeWindow: RATE_LIMIT_WINDOW_MS,
          hook: 'preHandler' as const,
          // One allowance per key, whichever address it comes from.
          keyGenerator: (request: FastifyRequest) => `api-key:${request.apiKey?.keyId ?? 0}`,
          allowList: () => false,
        }
      : false;

  const need = (request: FastifyRequest, scope: ApiKeyScope): ApiKeyIdentity => {
    const key = request.apiKey;
    if (!key) throw new HttpError(401, 'This API key is not valid or has been revoked');
    if (!key.scopes.includes(scope))
      throw new HttpError(403, `This API key lacks the ${scope} scope`);
    return key;
  };

  async function jobById(companyId: number, id: number): Promise<ApiJob | null> {
    const [row] = await queryRows<JobRow>(
      db,
      sql`select ${JOB_COLUMNS} from jobs j where j.id = ${id} and j.company_id = ${companyId}`,
    );
    return row ? toApiJob(row) : null;
  }

  async function jobByExternalId(companyId: number, externalId: string) {
    const [row] = await queryRows<JobRow>(
      db,
      sql`select ${JOB_COLUMNS} from jobs j
          where j.company_id = ${companyId} and j.external_id = ${externalId}`,
    );
    return row ? toApiJob(row) : null;
  }

  function toApiJob(r: JobRow): ApiJob {
    const iso = (v: Date | string) => new Date(v).toISOString();
    return {
      id: r.id,
      externalId: r.external_id,
      title: r.title,
      status: r.status,
      pageUrl: r.page_url,
      url: `${publicUrl}/job-description/${r.page_url}`,
      postedAt: iso(r.posted_at),
      closingDate: r.valid_through === null ? null : iso(r.valid_through).slice(0, 10),
      updatedAt: iso(r.updated_at),
    };
  }

  /**
   * An update that leaves out closingDate keeps the job's own (not today + 30 days), so sending
   * the same body twice on different days changes nothing.
   */
  function withClosingDate(body: Record<string, unknown>, job: ApiJob) {
    if (body.closingDate !== undefined || job.closingDate === null) return body;
    const today = new Date().toISOString().slice(0, 10);
    return job.closingDate >= today ? { ...body, closingDate: job.closingDate } : body;
  }

  async function write(
    key: ApiKeyIdentity,
    body: Record<string, unknown>,
    existing: ApiJob | null,
  ) {
    const { externalId, ...fields } = body as Record<string, unknown> & { externalId?: string };
    if (existing && externalId !== undefined && externalId !== existing.externalId)
      throw refusedField(
        'externalId',
        existing.externalId === null
          ? `externalId '${externalId}' cannot be given to job ${existing.id}: a job keeps the externalId it was created with (it has none); leave externalId out`
          : `externalId '${externalId}' differs from job ${existing.id}'s own ('${existing.externalId}'): a job keeps the externalId it was created with; leave it out or send the same`,
      );
    if (!existing && externalId !== undefined && isBoardExternalId(externalId))
      throw refusedField('externalId', BOARD_ID_MESSAGE);
    const actor = { companyId: key.companyId, by: key.createdBy };
    const result = await (
      existing
        ? jobs.submit(
            actor,
            { companyId: key.companyId, jobId: existing.id },
            withClosingDate(fields, existing),
          )
        : jobs.submit(actor, { companyId: key.companyId }, fields, { externalId })
    ).catch((err: unknown) => {
      // Two requests creating the same externalId at once: the unique index lets one win.
      if ((err as { code?: string }).code === '23505')
        throw new HttpError(409, `externalId '${externalId}' was just created; send it again`);
      throw err;
    });
    if (!result.ok) fail(result);
    const job = await jobById(key.companyId, result.value.jobId!);
    if (!job) throw new HttpError(404, 'Job not found');
    const outcome = !existing
      ? 'created'
      : result.value.changed === false
        ? 'unchanged'
        : 'updated';
    return { job, result: outcome, sentToReview: result.value.sentToReview === true } as const;
  }

  const message = { created: 'Job created', updated: 'Job updated', unchanged: 'Job unchanged' };
  /** The answer to a write; content.job.status says where the job is now. */
  const written = (done: Awaited<ReturnType<typeof write>>) => ({
    success: true,
    message: done.sentToReview
      ? 'Job updated and sent back to review: your company is not verified yet, so changed words or a changed apply link wait for our team. The job is off the board until they are approved, then it shows again'
      : done.job.status === 'closed'
        ? `${message[done.result]}, but it stays closed: a closed job does not reopen through the API. To post it again, use Repost on your dashboard (/employer), which makes a new posting, or create a new job with another externalId`
        : message[done.result],
    content: { job: done.job, result: done.result },
  });

  app.get(
    '/jobs',
    {
      config: { rateLimit, scope: 'jobs:read' },
      schema: {
        tags: ['employer'],
        summary: "The company's jobs, newest first, paged",
        security,
        querystring: apiListQuery,
        response: { 200: apiListResponse, ...errors },
      },
    },
    async (request) => {
      const key = need(request, 'jobs:read');
      const { page, pageSize } = request.query;
      const rows = await queryRows<JobRow>(
        db,
        sql`select ${JOB_COLUMNS} from jobs j where j.company_id = ${key.companyId}
            order by j.posted_at desc, j.id desc
            limit ${pageSize} offset ${(page - 1) * pageSize}`,
      );
      const [count] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from jobs where company_id = ${key.companyId}`,
      );
      return {
        success: true,
        message: 'Your jobs',
        content: { jobs: rows.map(toApiJob), page, pageSize, total: count?.n ?? 0 },
      };
    },
  );

  app.post(
    '/jobs',
    {
      bodyLimit: API_BODY_LIMIT,
      config: { rateLimit, scope: 'jobs:write' },
      schema: {
        tags: ['employer'],
        summary:
          'Create a job (in review, or live at once for a verified company); 409 when the externalId is taken',
        security,
        body: apiJobBody,
        response: { 201: apiJobResponse, 409: apiErrorEnvelope, ...writeErrors },
      },
    },
    async (request, reply) => {
      const key = need(request, 'jobs:write');
      const externalId = request.body.externalId;
      if (externalId !== undefined && isBoardExternalId(externalId))
        throw refusedField('externalId', BOARD_ID_MESSAGE);
      if (externalId !== undefined && (await jobByExternalId(key.companyId, externalId))) {
        throw new HttpError(
          409,
          `externalId '${externalId}' is already used by another of your jobs; update it with PUT ${employerApiPaths.byExternalId(externalId)}`,
        );
      }
      const done = await write(key, request.body, null);
      return reply.code(201).send(written(done));
    },
  );

  app.put(
    '/jobs/:id',
    {
      bodyLimit: API_BODY_LIMIT,
      config: { rateLimit, scope: 'jobs:write' },
      schema: {
        tags: ['employer'],
        summary:
          "Replace a job by our id (the whole form, as when editing it on the dashboard); an externalId in the body must be the job's own",
        security,
        params: apiJobIdParams,
        body: apiJobBody,
        response: { 200: apiJobResponse, ...writeErrors },
      },
    },
    async (request) => {
      const key = need(request, 'jobs:write');
      const existing = await jobById(key.companyId, request.params.id);
      if (!existing) throw new HttpError(404, 'Job not found');
      const done = await write(key, request.body, existing);
      return written(done);
    },
  );

  app.put(
    '/jobs/by-external-id/:externalId',
    {
      bodyLimit: API_BODY_LIMIT,
      config: { rateLimit, scope: 'jobs:write' },
      schema: {
        tags: ['employer'],
        summary:
          "Create or update a job by your own id: idempotent, the same body twice changes nothing; an externalId in the body must equal the path's",
        security,
        params: apiExternalIdParams,
        body: apiJobBody,
        response: { 200: apiJobResponse, 201: apiJobResponse, ...writeErrors },
      },
    },
    async (request, reply) => {
      const key = need(request, 'jobs:write');
      const { externalId } = request.params;
      const sent = request.body.externalId;
      if (sent !== undefined && sent !== externalId)
        throw refusedField(
          'externalId',
          `externalId in the body ('${sent}') differs from the one in the path ('${externalId}'); leave it out or send the same`,
        );
      const existing = await jobByExternalId(key.companyId, externalId);
      const done = await write(key, { ...request.body, externalId }, existing);
      return reply.code(done.result === 'created' ? 201 : 200).send(written(done));
    },
  );

  async function close(key: ApiKeyIdentity, job: ApiJob | null) {
    if (!job) throw new HttpError(404, 'Job not found');
    const result = await jobs.close({ companyId: key.companyId, by: key.createdBy }, job.id);
    if (!result.ok) fail(result);
    const after = await jobById(key.companyId, job.id);
    return { success: true, message: 'Job closed', content: { job: after ?? job } };
  }

  app.post(
    '/jobs/:id/close',
    {
      config: { rateLimit, scope: 'jobs:write' },
      schema: {
        tags: ['employer'],
        summary: 'Close a job by our id (closing a closed job is no error)',
        security,
        params: apiJobIdParams,
        response: { 200: apiCloseResponse, ...errors },
      },
    },
    async (request) => {
      const key = need(request, 'jobs:write');
      return close(key, await jobById(key.companyId, request.params.id));
    },
  );

  app.post(
    '/jobs/by-external-id/:externalId/close',
    {
      config: { rateLimit, scope: 'jobs:write' },
      schema: {
        tags: ['employer'],
        summary: 'Close a job by your own id',
        security,
        params: apiExternalIdParams,
        response: { 200: apiCloseResponse, ...errors },
      },
    },
    async (request) => {
      const key = need(request, 'jobs:write');
      return close(key, await jobByExternalId(key.companyId, request.params.externalId));
    },
  );

  // An id longer than the router takes in a path segment matches no route above: say what is
  // wrong with it rather than "No such endpoint".
  app.all('/jobs/by-external-id/*', { schema: { hide: true } }, async (request) => {
    const raw = /\/jobs\/by-external-id\/([^/?]*)(?:\/close)?\/?(?:\?|$)/.exec(request.url)?.[1];
    // The router measures the decoded segment; so does this answer.
    const id = raw === undefined ? undefined : decodedOrSelf(raw);
    if (id !== undefined && id.length > EXTERNAL_ID_MAX)
      throw new HttpError(
        400,
        `Invalid params: externalId must be at most ${EXTERNAL_ID_MAX} characters`,
      );
    throw new HttpError(404, `No such endpoint: ${request.method} ${request.url.split('?')[0]}`);
  });
};

/** What a job's body must have: the rest is optional (lists default to empty). */
const REQUIRED_FIELDS = [
  'title',
  'roleId',
  'cityId',
  'jobTypeId',
  'experienceLevel',
  'applyLink',
  'description',
];

const listed = (items: readonly string[]) =>
  items.map((name, i) => `${i + 1} = ${name}`).join(', ');

/**
 * The form's words for an id our lists lack say what a person does on the page ("choose a city
 * from the list (or request it)"); a client of the API is told where the ids are.
 */
const API_LIST_MESSAGES: Record<keyof typeof LIST_MESSAGES, string> = {
  cityId: `cityId is not one of our cities: find a city's id with GET ${apiPaths.locationsFilter}?name=… (a city we lack cannot be added through the API; ask us)`,
  roleId: `roleId is not one of our roles: find a role's id with GET ${apiPaths.rolesFilter}?name=…`,
  jobTypeId: `jobTypeId must be one of: ${listed(JOB_TYPES)}`,
  salaryTypeId: `salaryTypeId must be one of: ${listed(SALARY_TYPES.map((s) => s.name))}`,
  workMode:
    'workMode: a job of type Remote (jobTypeId 6) is worked remotely; send "remote" or leave workMode out',
};

/**
 * What each id of a job's body means, and where to find it: the fixed lists are written out, the
 * long ones (roles, cities) come from the public filter endpoints, which answer `{ id, label }`.
 */
export const FIELD_DESCRIPTIONS: Record<string, string> = {
  roleId: `The job's role: an id from GET ${apiPaths.rolesFilter}?name=… (e.g. name=backend gives 3, Backend Development).`,
  cityId: `The job's city: an id from GET ${apiPaths.locationsFilter}?name=… (e.g. name=berlin gives 50, Berlin).`,
  jobTypeId: `The job type: ${listed(JOB_TYPES)}.`,
  experienceLevel: `Years of experience asked for: ${EXPERIENCE_OPTIONS.map((o) => `${o.value} = ${o.label}`).join(', ')} (GET ${apiPaths.experiencesFilter}).`,
  salaryMode: `range (salaryFrom, salaryTo and salaryTypeId required), best (bestInIndustry text required) or none. Left out, ${API_JOB_DEFAULTS.salaryMode}: no salary is stated. A salary field the mode does not take (salaryFrom with none or left out, bestInIndustry with range…) is refused with 400, naming salaryMode.`,
  noOfOpening: `How many people the job takes, 1 to ${LIMITS.openings}. Left out, ${API_JOB_DEFAULTS.noOfOpening}.`,
  salaryTypeId: `What the salary range is per, in the city's currency: ${listed(SALARY_TYPES.map((s) => s.name))}. Required when salaryMode is range.`,
  closingDate: `The last day the job is open (YYYY-MM-DD, UTC): today to ${LIMITS.closingMaxDays} days away. Left out, ${LIMITS.closingDefaultDays} days from today for a new job; an update keeps the job's own.`,
  title: `One line of plain text, 3 to ${LIMITS.title} characters. HTML tags are dropped, their words kept (<b>Senior</b> Engineer is Senior Engineer).`,
  description: `Plain text, 30 to ${LIMITS.description} characters after the conversion below: paragraphs with a blank line between them, a list as lines starting "• ". HTML (a description with tags such as <p>, <br>, <ul>/<li>, <b>) is converted as the ATS sync converts a board's posting: its paragraphs and lists become that text; other tags, links, scripts and styles are dropped.`,
  bestInIndustry: `One line of plain text, up to ${LIMITS.bestInIndustry} characters, when salaryMode is best. HTML tags are dropped, their words kept.`,
  externalId:
    "Your own id of the job: 1–200 letters, digits, '.', '-' or '_' (a ':' only in the ids of jobs imported from a board, such as greenhouse:9001, which can be updated and closed but not created). On a PUT it may be left out; if sent, it must be the job's own.",
};

const NUMBER_NOTE = ' A JSON number: text such as "3" is refused.';
const LIST_DESCRIPTION = `A JSON list of plain-text items, one string per item (["TypeScript", "Go"]; one string alone is refused), at most ${LIMITS.listItems} items of ${LIMITS.listItem} characters. HTML tags in an item are dropped, their words kept; empty items are left out.`;

/** Each paged endpoint's page and pageSize: [lowest, highest, when left out]. */
const PAGING: Record<string, Record<string, [number, number, number]>> = {
  [apiPaths.currentOpenings]: {
    page: [1, MAX_PAGE, 1],
    pageSize: [1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE],
  },
  [`${apiPaths.companies}/{slug}`]: {
    page: [1, MAX_PAGE, 1],
    pageSize: [1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE],
  },
  [apiPaths.companies]: { page: [1, COMPANIES_MAX_PAGE, 1] },
  [employerApiPaths.jobs]: {
    page: [1, API_MAX_PAGE, 1],
    pageSize: [1, API_MAX_PAGE_SIZE, API_DEFAULT_PAGE_SIZE],
  },
};
const PAGING_WORDS: Record<string, string> = {
  page: 'The page to answer, counted from 1',
  pageSize: 'Jobs per page',
};

/** Answers every API GET may give besides its own (http-cache.ts, security/rate-limit.ts). */
const GET_ANSWERS = {
  '304': {
    description:
      "Not Modified: the request's If-None-Match names the answer's current ETag; no body",
  },
  '429': {
    description:
      'Too many requests from this client (or this API key) in a minute: try again after Retry-After seconds',
    headers: { 'Retry-After': { schema: { type: 'integer' } } },
  },
};
const WRITE_415 =
  'Unsupported Media Type: the body must be JSON sent with Content-Type: application/json';

interface Operation {
  requestBody?: { content?: Record<string, Media> };
  parameters?: { in?: string; name?: string; description?: string; schema?: unknown }[];
  responses?: Record<string, { description?: string; headers?: unknown }>;
}
interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>;
}
interface Media {
  schema?: { required?: string[]; properties?: Record<string, { description?: string }> };
  example?: unknown;
}

/**
 * What the generated document cannot know of the API as a whole: the paging limits of each
 * endpoint (its query values are text to the schema), the 304 and 429 every GET may answer, and
 * what a write's 415 means.
 */
function documentAnswers(paths: Record<string, Record<string, Operation>>) {
  for (const [path, operations] of Object.entries(paths)) {
    if (!path.startsWith('/api/') || !operations) continue;
    for (const [method, operation] of Object.entries(operations)) {
      for (const parameter of operation.parameters ?? []) {
        const range = parameter.in === 'query' && PAGING[path]?.[parameter.name ?? ''];
        if (!range) continue;
        const [min, max, fallback] = range;
        parameter.schema = { type: 'integer', minimum: min, maximum: max, default: fallback };
        parameter.description = `${PAGING_WORDS[parameter.name!]}: ${min} to ${max}; left out, ${fallback}.`;
      }
      if (method === 'get') {
        operation.responses ??= {};
        for (const [status, answer] of Object.entries(GET_ANSWERS))
          operation.responses[status] = { ...operation.responses[status], ...answer };
      }
      const unsupported = operation.responses?.['415'];
      if (unsupported) unsupported.description = WRITE_415;
    }
  }
}

/**
 * The generated document lists what zod's output always has (lists default to []) as required
 * and drops the examples; the posting API's bodies get the form's real requirements and an
 * example (app.ts passes this as @fastify/swagger's transformObject).
 */
export function documentEmployerApi<T extends { paths?: unknown }>(doc: T, now = new Date()): T {
  const example = apiJobExample(now);
  const { externalId: _omitted, ...exampleBody } = example;
  const paths = (doc as OpenApiDocument).paths ?? {};
  // app.ts hands this function the whole document: the public API's answers are written here too.
  documentAnswers(paths);
  for (const [path, operations] of Object.entries(paths)) {
    if (!path.startsWith('/api/v1/employer/') || !operations) continue;
    for (const operation of Object.values(operations)) {
      const media = operation.requestBody?.content?.['application/json'];
      if (!media?.schema) continue;
      media.schema.required = REQUIRED_FIELDS;
      media.example = path.includes('{') ? exampleBody : example;
      for (const [field, description] of Object.entries(FIELD_DESCRIPTIONS)) {
        const property = media.schema.properties?.[field];
        if (property) property.description = description;
      }
      for (const field of API_NUMBER_FIELDS) {
        const property = media.schema.properties?.[field];
        if (property) property.description = `${property.description ?? ''}${NUMBER_NOTE}`.trim();
      }
      for (const field of JOB_LIST_FIELDS) {
        const property = media.schema.properties?.[field];
        if (property) property.description = LIST_DESCRIPTION;
      }
    }
  }
  return doc;
}

function decodedOrSelf(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function tooLarge() {
  return new HttpError(
    413,
    `The request body is too large: a job may be at most ${API_BODY_LIMIT / 1024} KB of JSON`,
  );
}
