// Jobs as their company sees them: drafts saved as typed, submission (review, or live at once for
// a verified company), edits, close, duplicate and repost. Every call checks that the account
// from the session belongs to the job's company and answers a domain result, never an HTTP error.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import {
  dateAfter,
  type DraftValues,
  type FieldErrors,
  invalidForm,
  JOB_LIST_FIELDS,
  type JobForm,
  jobFormCheck,
  jobFormFields,
  type JobStatus,
  toDraftValues,
} from '../../../shared/contract/employer-jobs.ts';
import { EXPERIENCE_OPTIONS } from '../../../shared/constants.ts';
import type { JobDetail } from '../../../shared/contract/jobs.ts';
import type {
  BoardOrigin,
  DraftRef,
  EmployerJobRow,
  EmployerJobsService,
  Failure,
  JobFormState,
  Result,
  SaveOutcome,
} from '../../../shared/employer-services.ts';
import { normalizeSearch, searchWords } from '../../../shared/text.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { cityRequests, companies, jobDrafts, jobs } from '../../db/schema.ts';
import { SOURCES } from '../ats/sources.ts';
import type { AtsSourceName } from '../ats/sources/types.ts';
import { type DetailRow, jobDetailById, toJobDetail } from '../jobs/data/job-detail.ts';
import { KEPT_DOWN_REASON, UNPUBLISHED_REASON } from '../moderation/moderation.service.ts';
import { type Membership, membershipOf } from './membership.ts';

export const notFound = (what = 'Job'): Failure => ({
  ok: false,
  reason: 'not-found',
  message: `${what} not found`,
});
const ok = <T>(value: T): Result<T> => ({ ok: true, value });

/**
 * An id the form names that our lists lack, in the form's words (the posting API words them for
 * its clients: modules/ingestion/employer-api.routes.ts).
 */
export const LIST_MESSAGES = {
  cityId: 'City: choose a city from the list (or request it)',
  roleId: 'Role: choose a role from the list',
  jobTypeId: 'Job type: choose one of the listed types',
  salaryTypeId: 'Salary type: choose one of the listed types',
  workMode: 'Work mode: a job of type Remote is worked remotely; choose Remote or Not stated',
} as const;
const UNMATCHED = LIST_MESSAGES;

/** The status a company sees: a live job past its closing date is expired. */
const STATUS_SQL = `CASE WHEN j.status = 'live' AND j.valid_through IS NOT NULL AND j.valid_through <= now()
  THEN 'expired' ELSE j.status END`;

/**
 * The ATS board a job is synced from, and while it waits for review, why the sync held it (what
 * it could not place: its stand-in city or role is not the job's own until corrected).
 */
function boardFacts(
  status: JobStatus,
  source: string | null,
  board: string | null,
  reviewReason: string | null,
): { fromBoard: BoardOrigin | null; heldReason: string | null } {
  const fromBoard =
    source !== null && board !== null
      ? { system: SOURCES[source as AtsSourceName]?.label ?? source, board }
      : null;
  return { fromBoard, heldReason: fromBoard && status === 'in_review' ? reviewReason : null };
}

/** Visible on the public side (listing, counts, sitemap): jobs/data/listing-sql.ts ACTIVE. */
const visible = (status: string, validThrough: Date | null, now: Date) =>
  status === 'live' && (validThrough === null || validThrough > now);

export interface EmployerJobsOptions {
  /**
   * Called after a job entered or left the public listing: reloads this server's copy of the
   * stored counts (the database trigger of migration 0018 moved the table), awaited so that the
   * page the employer lands on counts the change.
   */
  onPublicChange?: () => unknown;
  now?: () => Date;
}

/**
 * A posting-API key acts for its company alone (modules/ingestion): `by` is the account that made
 * the key, kept as the job's creator. An account (a string) acts through its memberships.
 */
export interface CompanyActor {
  companyId: number;
  by: string | null;
}
type Actor = string | CompanyActor;

export interface SubmitExtra {
  /** The company's own id for a new job (the posting API's externalId). */
  externalId?: string;
  /** Validates and answers what would happen (created, changed or not) without writing. */
  dryRun?: boolean;
}

export type EmployerJobsServiceImpl = EmployerJobsService & {
  submit(
    actor: CompanyActor,
    ref: { companyId: number; jobId?: number },
    values: Record<string, unknown>,
    extra?: SubmitExtra,
  ): Promise<Result<SaveOutcome>>;
  close(actor: CompanyActor, jobId: number): Promise<Result<{ status: JobStatus }>>;
  /** What is wrong with a job's values, each field named ({} when nothing): the form's checks. */
  problems(values: Record<string, unknown>): Promise<FieldErrors>;
};

type JobColumns = ReturnType<typeof columnsOf>;

/**
 * True when a validated form would store exactly what the job holds (an idempotent re-send), in
 * `keys` (all of the form's columns unless named).
 */
function sameColumns(
  columns: JobColumns,
  job: typeof jobs.$inferSelect,
  keys: readonly (keyof JobColumns)[] = Object.keys(columns) as (keyof JobColumns)[],
) {
  const norm = (v: unknown) => (v instanceof Date ? v.getTime() : v === undefined ? null : v);
  return keys.every(
    (key) =>
      JSON.stringify(norm(columns[key])) ===
      JSON.stringify(norm((job as Record<string, unknown>)[key])),
  );
}

/**
 * What review reads: the words and the link a job seeker acts on, where a scam is told ("pay a
 * fee", a look-alike apply link). A live job of an unverified company whose company changes any
 * of them goes back to review, since what our team approved is no longer what is shown. The
 * other columns are picked from our lists or are figures and dates (role, city, job type, level,
 * work mode, salary figures and type, openings, dates), which carry no words or link of the
 * company's, so they change at once: a salary corrected or a closing date moved keeps the job up.
 */
const REVIEWED_COLUMNS = [
  'title',
  'description',
  'applyLink',
  'bestInIndustry',
  ...JOB_LIST_FIELDS,
] as const satisfies readonly (keyof JobColumns)[];

/**
 * A duplicate's draft names the job it copies under this key of its values (a repost's draft has
 * its own column, repost_of). Only the service writes it: the form's values cannot carry it
 * (toDraftValues keeps the form's keys), and a save of the draft keeps it.
 */
const COPY_OF = 'copyOf';

/**
 * A job's edit form carries the job's version as its page showed it (the job's updated_at in
 * microseconds, as the operator console's JobVersion): a Save sent with an older one is refused,
 * so an edit made in another tab or by another member is never overwritten unseen. The job's
 * draft of unsaved changes keeps the version its changes started from under this key of its
 * values (toDraftValues drops it from the form's), so a reload of the form still compares
 * against the job those changes were made on. A save as you type writes only the draft: the
 * job's version does not move.
 */
const VERSION = 'version';
const versionSql = (updatedAt: SQL) =>
  sql`(extract(epoch from ${updatedAt}) * 1000000)::bigint::text`;
/** A version as a form sends it, else undefined (none sent: the API, or an older page). */
const versionIn = (input: Record<string, unknown>) => {
  const v = input[VERSION];
  return typeof v === 'string' && /^\d{1,20}$/.test(v) ? v : undefined;
};
/** What a Save of a job changed since its form was shown answers. */
export const CHANGED_SINCE =
  'This job was changed since this page showed it (in another tab, or by someone else in your company), and saving would have undone that change.';

/** Why a new openings date before today is refused (check). */
export const OPENINGS_DATE_PAST =
  'Openings date must not be in the past: leave it empty when applications are open already';

/** The draft's values as the form shows them: without the job it copies. */
function formValuesOf(values: unknown): DraftValues {
  const { [COPY_OF]: _copyOf, ...rest } = values as DraftValues;
  return rest;
}

/**
 * The status a rejected job's corrected submission gives it: live for a verified company, else in
 * review; a job our team hid goes to review whatever the company, as its new words wait for us.
 */
const resubmittedStatus = (verified: boolean, hidden: boolean): JobStatus =>
  verified && !hidden ? 'live' : 'in_review';

/** The job a draft copies, and how: a repost (repost_of) or a duplicate (COPY_OF in its values). */
function copiedJob(
  draft: typeof jobDrafts.$inferSelect,
): { id: number; kind: 'repost' | 'duplicate' } | null {
  if (draft.repostOf !== null) return { id: draft.repostOf, kind: 'repost' };
  const copied = (draft.values as DraftValues)[COPY_OF];
  if (typeof copied !== 'string' || !/^[1-9]\d{0,9}$/.test(copied)) return null;
  const id = Number(copied);
  return id > 2_147_483_647 ? null : { id, kind: 'duplicate' };
}

/**
 * Why a copy of this job (a duplicate or a repost) waits for review whatever its company's
 * verification, if it does: the job is hidden (after reports, while our team looks at them) or our
 * team took it down, so the copy is what our team held back and goes live only once it is read.
 */
function heldCopyReason(source: {
  hiddenReason: string | null;
  status: string;
  closedReason: string | null;
}): SaveOutcome['heldCopy'] {
  if (source.hiddenReason !== null) return 'hidden';
  if (
    source.status === 'closed' &&
    (source.closedReason === KEPT_DOWN_REASON || source.closedReason === UNPUBLISHED_REASON)
  )
    return 'removed';
  return undefined;
}

/** Words as a slug's: lower-case ASCII letters and digits joined by dashes, at most `max` long. */
const slugWords = (text: string, max: number) =>
  searchWords(text).join('-').slice(0, max).replace(/-+$/, '');

/**
 * A page slug that reads as the job, its title and city ("backend-engineer-bengaluru-3fa2b19c0d"),
 * plus a random tail unique enough to insert without a retry loop. A title with no Latin letters
 * still gives the city ("job-munich-..."). Only a new job gets one: a job keeps its slug, so the
 * older, title-only ones keep working.
 */
export function slugFor(title: string, city = ''): string {
  const words = [slugWords(title, 80) || 'job', slugWords(city, 40)].filter(Boolean).join('-');
  return `${words}-${randomBytes(5).toString('hex')}`;
}

/** The job form's values from a stored job (what the form shows before any edit). */
function valuesOfJob(j: typeof jobs.$inferSelect): DraftValues {
  const values: DraftValues = {
    title: j.title,
    roleId: String(j.roleId),
    cityId: String(j.cityId),
    jobTypeId: String(j.jobTypeId),
    experienceLevel: String(j.experienceLevelId),
    salaryMode: j.salaryProvided === 'true' ? 'range' : j.bestInIndustry ? 'best' : 'none',
    salaryFrom: j.salaryFrom === null ? '' : String(j.salaryFrom),
    salaryTo: j.salaryTo === null ? '' : String(j.salaryTo),
    salaryTypeId: j.salaryTypeId === null ? '' : String(j.salaryTypeId),
    bestInIndustry: j.bestInIndustry ?? '',
    noOfOpening: j.noOfOpening === null ? '1' : String(j.noOfOpening),
    openingsDate: j.openingsDate ?? '',
    closingDate: j.validThrough ? j.validThrough.toISOString().slice(0, 10) : '',
    applyLink: j.applyLink ?? '',
    description: j.description,
    workMode: j.workMode ?? '',
  };
  for (const field of JOB_LIST_FIELDS) values[field] = [...j[field]];
  return values;
}

/** A job's columns from a validated form. */
function columnsOf(form: JobForm) {
  const range = form.salaryMode === 'range';
  return {
    title: form.title,
    roleId: form.roleId,
    cityId: form.cityId,
    jobTypeId: form.jobTypeId,
    experienceLevelId: form.experienceLevel,
    salaryProvided: range ? 'true' : 'false',
    salaryFrom: range ? (form.salaryFrom ?? null) : null,
    salaryTo: range ? (form.salaryTo ?? null) : null,
    salaryTypeId: range ? (form.salaryTypeId ?? null) : null,
    bestInIndustry: form.salaryMode === 'best' ? (form.bestInIndustry ?? null) : null,
    noOfOpening: form.noOfOpening,
    openingsDate: form.openingsDate ?? null,
    // The end of the closing day, in UTC: the job is listed through that whole day.
    validThrough: new Date(`${form.closingDate}T23:59:59.999Z`),
    applyLink: form.applyLink,
    description: form.description,
    workMode: form.workMode ?? null,
    responsibilities: form.responsibilities,
    minimumRequirements: form.minimumRequirements,
    preferredQualification: form.preferredQualification,
    skills: form.skills,
    rolesAndResponsibilities: form.rolesAndResponsibilities,
    whoCanApply: form.whoCanApply,
    perksAndBenefits: form.perksAndBenefits,
    searchTags: form.searchTags,
  };
}

/** A new job form's key (job-form-route.server.ts): a random UUID. */
const FORM_KEY = /^[0-9a-f-]{36}$/;
/** The advisory lock of one job form's key: its autosaves and its submission take turns. */
const lockFormKey = (companyId: number, formKey: string) =>
  sql`select pg_advisory_xact_lock(7261002, hashtext(${`${companyId}:${formKey}`}))`;

/** A list as a SQL text[] (drizzle would send a JS array as a row of parameters). */
const textArray = (items: string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(items)}::jsonb))`;

export function createEmployerJobsService(
  db: Db,
  options: EmployerJobsOptions = {},
): EmployerJobsServiceImpl {
  const now = options.now ?? (() => new Date());
  const publicChanged = async () => {
    await options.onPublicChange?.();
  };

  /** The actor's standing in the company: an API key is its company's, with the company's flags. */
  async function memberFor(actor: Actor, companyId: number): Promise<Membership | null> {
    if (typeof actor === 'string') return membershipOf(db, actor, companyId);
    if (actor.companyId !== companyId) return null;
    const [row] = await db
      .select({
        companyName: companies.companyName,
        verified: companies.verified,
        suspended: companies.suspended,
      })
      .from(companies)
      .where(eq(companies.id, companyId));
    return row ? { companyId, role: 'member', ...row } : null;
  }

  /** The job when the account belongs to its company; else null (unknown and foreign alike). */
  async function ownJob(actor: Actor, jobId: number) {
    if (!Number.isSafeInteger(jobId) || jobId < 1 || jobId > 2_147_483_647) return null;
    const [row] = await db.select().from(jobs).where(eq(jobs.id, jobId));
    if (!row) return null;
    const member = await memberFor(actor, row.companyId);
    if (!member) return null;
    return { job: row, member };
  }

  async function ownDraft(accountId: string, draftId: number) {
    if (!Number.isSafeInteger(draftId) || draftId < 1 || draftId > 2_147_483_647) return null;
    const [row] = await db.select().from(jobDrafts).where(eq(jobDrafts.id, draftId));
    if (!row) return null;
    const member = await membershipOf(db, accountId, row.companyId);
    if (!member) return null;
    return { draft: row, member };
  }

  /**
   * Fills cityId / roleId from the typed names when the form was sent without JavaScript (a text
   * box), or when the typed name no longer names the chosen id (edited without JavaScript). Also
   * says which typed names name nothing, for "choose a city from the list".
   */
  async function resolveNames(values: DraftValues) {
    const out = { ...values };
    const unmatched: FieldErrors = {};
    const nameOf = (label: unknown) =>
      typeof label === 'string'
        ? normalizeSearch((label.split(',')[0] ?? '').replace(/\s*\([^)]*\)\s*$/, '')).slice(0, 100)
        : '';
    const lookup = async (table: 'cities' | 'roles', name: string, id: number | null) => {
      const match =
        table === 'cities'
          ? sql`name_search = ${name}`
          : sql`(name_search = ${name} or lower(sort_name) = ${name})`;
      const rows = await queryRows<{ id: number }>(
        db,
        sql`select id from ${sql.raw(table)} where ${match}
            order by (id = ${id ?? 0}) desc, id limit 1`,
      );
      return rows[0] ? String(rows[0].id) : undefined;
    };
    for (const [idKey, labelKey, table] of [
      ['cityId', 'cityLabel', 'cities'],
      ['roleId', 'roleLabel', 'roles'],
    ] as const) {
      const name = nameOf(out[labelKey]);
      if (!name) continue;
      const id = /^[1-9]\d{0,8}$/.test(String(out[idKey] ?? '')) ? Number(out[idKey]) : null;
      const found = await lookup(table, name, id);
      out[idKey] = found;
      if (found === undefined) unmatched[idKey] = UNMATCHED[idKey];
    }
    return { values: out, unmatched };
  }

  /**
   * The form's values checked, with its typed role and city names resolved to ids: every wrong
   * field at once, its format, the rules between fields and the ids our lists lack alike.
   * `keptOpeningsDate`: the edited job's openings date as stored, which stays allowed once it
   * has passed (a job edited after applications opened).
   */
  async function check(
    values: DraftValues,
    keptOpeningsDate?: string | null,
  ): Promise<Result<JobForm>> {
    const resolved = await resolveNames(values);
    const input: Record<string, unknown> = {};
    for (const key of Object.keys(jobFormFields.shape)) {
      if (resolved.values[key] !== undefined) input[key] = resolved.values[key];
    }
    const at = now();
    const checked = jobFormCheck(input, at);
    const errors = checked.ok ? {} : checked.errors;
    // A new openings date in the past would have the job's page say applications opened on a day
    // gone by: refused, as a past closing date is.
    const opens = checked.ok ? checked.form.openingsDate : checked.valid.openingsDate;
    if (opens !== undefined && opens < dateAfter(at, 0) && opens !== keptOpeningsDate)
      errors.openingsDate ??= OPENINGS_DATE_PAST;
    // A typed name that names nothing says so, not "is required".
    Object.assign(errors, resolved.unmatched);
    const missing = await referenceErrors(checked.ok ? checked.form : checked.valid);
    for (const [field, message] of Object.entries(missing)) errors[field] ??= message;
    if (checked.ok && Object.keys(errors).length === 0) return ok(checked.form);
    return invalidForm(errors);
  }

  /**
   * The ids the form names that our lists lack (a clear error instead of a constraint failure);
   * an id left out, or not a number, is the form check's to name.
   */
  async function referenceErrors(form: Partial<JobForm>): Promise<FieldErrors> {
    const id = (value: number | undefined) => value ?? null;
    const [row] = await queryRows<{
      city: boolean;
      role: boolean;
      job_type: boolean;
      job_type_name: string | null;
      salary_type: boolean;
    }>(
      db,
      sql`select (${id(form.cityId)}::int is null
                   or exists(select 1 from cities where id = ${id(form.cityId)}::int)) as city,
                 (${id(form.roleId)}::int is null
                   or exists(select 1 from roles where id = ${id(form.roleId)}::int)) as role,
                 (${id(form.jobTypeId)}::int is null
                   or exists(select 1 from job_types where id = ${id(form.jobTypeId)}::int)) as job_type,
                 (select name from job_types where id = ${id(form.jobTypeId)}::int) as job_type_name,
                 (${id(form.salaryTypeId)}::int is null
                   or exists(select 1 from salary_types where id = ${id(form.salaryTypeId)}::int)) as salary_type`,
    );
    const errors: FieldErrors = {};
    if (!row?.city) errors.cityId = UNMATCHED.cityId;
    if (!row?.role) errors.roleId = UNMATCHED.roleId;
    if (!row?.job_type) errors.jobTypeId = LIST_MESSAGES.jobTypeId;
    if (!row?.salary_type) errors.salaryTypeId = LIST_MESSAGES.salaryTypeId;
    // "Remote" is a job type of the reference lists and a work mode too: a job may not be both
    // remote and worked on site, or seekers filtering by work mode read it wrongly.
    if (row?.job_type_name === 'Remote' && form.workMode && form.workMode !== 'remote') {
      errors.workMode = LIST_MESSAGES.workMode;
    }
    return errors;
  }

  async function list(
    accountId: string,
    companyId: number,
    status?: JobStatus,
  ): Promise<Result<EmployerJobRow[]>> {
    const member = await membershipOf(db, accountId, companyId);
    if (!member) return notFound('Company');
    const jobRows = await queryRows<{
      id: number;
      title: string;
      page_url: string;
      status: JobStatus;
      rejection_reason: string | null;
      hidden_reason: string | null;
      views: number;
      posted_at: Date | string;
      valid_through: Date | string | null;
      reposts: number;
      history_since: Date | string | null;
      has_draft: boolean;
      closed_at: Date | string | null;
      closed_reason: string | null;
      apply_link_result: string | null;
      board_source: string | null;
      board_id: string | null;
      review_reason: string | null;
      has_been_live: boolean;
    }>(
      db,
      sql`select j.id, j.title, j.page_url, ${sql.raw(STATUS_SQL)} as status, j.has_been_live,
            j.rejection_reason, j.hidden_reason,
            j.views, j.posted_at, j.valid_through,
            (select count(*)::int from jobs h
              where j.history_id is not null and (h.id = j.history_id or h.history_id = j.history_id)
                and h.id <> j.id and h.posted_at <= j.posted_at) as reposts,
            (select h.posted_at from jobs h where h.id = j.history_id) as history_since,
            exists(select 1 from job_drafts d where d.job_id = j.id) as has_draft,
            j.closed_at, j.closed_reason, j.apply_link_result,
            c.source as board_source, c.board_id, j.review_reason
          from jobs j left join ats_connections c on c.id = j.ats_connection_id
          where j.company_id = ${companyId}
          order by j.posted_at desc, j.id desc limit 500`,
    );
    const draftRows = await db
      .select()
      .from(jobDrafts)
      .where(and(eq(jobDrafts.companyId, companyId), isNull(jobDrafts.jobId)));
    const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
    const rows: EmployerJobRow[] = [
      ...draftRows.map((d): EmployerJobRow => ({
        id: d.id,
        kind: 'draft',
        title:
          typeof (d.values as DraftValues).title === 'string' &&
          (d.values as DraftValues).title !== ''
            ? String((d.values as DraftValues).title)
            : 'Untitled draft',
        pageUrl: null,
        status: 'draft',
        rejectionReason: null,
        hiddenReason: null,
        views: 0,
        postedAt: null,
        hasBeenLive: false,
        closingDate: null,
        reposts: 0,
        historySince: null,
        hasDraft: true,
      })),
      ...jobRows.map((j): EmployerJobRow => ({
        id: j.id,
        kind: 'job',
        title: j.title,
        pageUrl: j.page_url,
        status: j.status,
        rejectionReason: j.rejection_reason,
        hiddenReason: j.hidden_reason,
        views: j.views,
        postedAt: iso(j.posted_at),
        hasBeenLive: j.has_been_live,
        closingDate: iso(j.valid_through),
        reposts: j.reposts,
        historySince: iso(j.history_since),
        hasDraft: j.has_draft,
        closedAt: iso(j.closed_at),
        closedReason: j.closed_reason,
        applyLinkResult: j.apply_link_result,
        ...boardFacts(j.status, j.board_source, j.board_id, j.review_reason),
      })),
    ];
    return ok(status ? rows.filter((r) => r.status === status) : rows);
  }

  async function choices() {
    const [types, salaryTypes] = await Promise.all([
      queryRows<{ id: string; label: string }>(
        db,
        sql`select id::text as id, name as label from job_types order by id`,
      ),
      queryRows<{ id: string; label: string }>(
        db,
        sql`select id::text as id, name as label from salary_types order by id`,
      ),
    ]);
    return {
      jobTypes: types,
      salaryTypes,
      levels: EXPERIENCE_OPTIONS.map((o) => ({ id: String(o.value), label: o.label })),
    };
  }

  async function form(
    accountId: string,
    ref: { draftId?: number; jobId?: number },
  ): Promise<Result<JobFormState>> {
    if (ref.jobId !== undefined) {
      const own = await ownJob(accountId, ref.jobId);
      if (!own) return notFound();
      const [draft] = await db.select().from(jobDrafts).where(eq(jobDrafts.jobId, own.job.id));
      const [status] = await queryRows<{
        s: JobStatus;
        board_source: string | null;
        board_id: string | null;
        version: string;
      }>(
        db,
        sql`select ${sql.raw(STATUS_SQL)} as s, c.source as board_source, c.board_id,
              ${versionSql(sql`j.updated_at`)} as version
            from jobs j left join ats_connections c on c.id = j.ats_connection_id
            where j.id = ${own.job.id}`,
      );
      // The version the form sends back: its draft's own (the job its changes were made on),
      // else the job's now.
      const current = status?.version ?? '0';
      const draftValues = draft ? (draft.values as DraftValues) : null;
      return ok({
        companyId: own.job.companyId,
        jobId: own.job.id,
        draftId: draft?.id ?? null,
        status: status?.s ?? 'live',
        values: draftValues
          ? { ...draftValues, [VERSION]: versionIn(draftValues) ?? current }
          : { ...valuesOfJob(own.job), [VERSION]: current },
        changesGoToReview: own.job.status === 'live' && !own.member.verified,
        hiddenReason: own.job.hiddenReason,
        ...(own.job.status === 'rejected'
          ? {
              rejectionReason: own.job.rejectionReason,
              resubmitsTo: resubmittedStatus(own.member.verified, own.job.hiddenReason !== null),
            }
          : {}),
        ...boardFacts(
          status?.s ?? 'live',
          status?.board_source ?? null,
          status?.board_id ?? null,
          own.job.reviewReason,
        ),
      });
    }
    if (ref.draftId !== undefined) {
      const own = await ownDraft(accountId, ref.draftId);
      if (!own || own.draft.jobId !== null) return notFound('Draft');
      return ok({
        companyId: own.draft.companyId,
        jobId: null,
        draftId: own.draft.id,
        status: 'draft',
        values: formValuesOf(own.draft.values),
        copyOf: await copyOf(own.draft),
      });
    }
    return notFound('Draft');
  }

  /** Stores the values as typed; the draft belongs to the job (edits) or stands alone (new). */
  async function saveDraft(
    accountId: string,
    ref: DraftRef,
    input: Record<string, unknown>,
  ): Promise<Result<{ draftId: number }>> {
    const values = toDraftValues(input);
    if (ref.jobId !== undefined) {
      const own = await ownJob(accountId, ref.jobId);
      if (!own) return notFound();
      // The version the changes started from goes with them (VERSION).
      const base = versionIn(input);
      const kept = base === undefined ? values : { ...values, [VERSION]: base };
      const [row] = await db
        .insert(jobDrafts)
        .values({
          companyId: own.job.companyId,
          jobId: own.job.id,
          values: kept,
          updatedBy: accountId,
        })
        .onConflictDoUpdate({
          target: jobDrafts.jobId,
          set: { values: kept, updatedBy: accountId, updatedAt: now() },
        })
        .returning({ id: jobDrafts.id });
      return ok({ draftId: row!.id });
    }
    if (ref.draftId !== undefined) {
      const own = await ownDraft(accountId, ref.draftId);
      if (!own || own.draft.jobId !== null) return notFound('Draft');
      // A duplicate's draft keeps naming the job it copies (COPY_OF): the form's values lack it.
      const copied = (own.draft.values as DraftValues)[COPY_OF];
      await db
        .update(jobDrafts)
        .set({
          values: copied === undefined ? values : { ...values, [COPY_OF]: copied },
          updatedBy: accountId,
          updatedAt: now(),
        })
        .where(eq(jobDrafts.id, own.draft.id));
      return ok({ draftId: own.draft.id });
    }
    const member = await membershipOf(db, accountId, ref.companyId);
    if (!member) return notFound('Company');
    const formKey = ref.formKey;
    if (ref.reuseSame) {
      // A new job's form sent again as it was (without JavaScript, Back from its preview shows
      // the form again under a new key, with what was typed): the draft that holds exactly these
      // values is the same job, not a new draft on the dashboard each time it is previewed.
      const [same] = await db
        .select({ id: jobDrafts.id })
        .from(jobDrafts)
        .where(
          and(
            eq(jobDrafts.companyId, ref.companyId),
            isNull(jobDrafts.jobId),
            isNull(jobDrafts.repostOf),
            eq(jobDrafts.updatedBy, accountId),
            sql`${jobDrafts.values} = ${JSON.stringify(values)}::jsonb`,
          ),
        )
        .orderBy(sql`${jobDrafts.id} desc`)
        .limit(1);
      if (same) return ok({ draftId: same.id });
    }
    if (formKey !== undefined && FORM_KEY.test(formKey)) {
      // The form's autosave and its submission may cross: both name the draft by the form's key,
      // and once the job exists (submit holds the same lock) a late autosave makes no new draft.
      return db.transaction(async (tx): Promise<Result<{ draftId: number }>> => {
        await tx.execute(lockFormKey(ref.companyId, formKey));
        const [submitted] = await tx
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(eq(jobs.companyId, ref.companyId), eq(jobs.formKey, formKey)));
        if (submitted) {
          return { ok: false, reason: 'conflict', message: 'This job was submitted already' };
        }
        const [row] = await tx
          .insert(jobDrafts)
          .values({ companyId: ref.companyId, values, updatedBy: accountId, formKey })
          .onConflictDoUpdate({
            target: [jobDrafts.companyId, jobDrafts.formKey],
            targetWhere: sql`${jobDrafts.formKey} is not null`,
            set: { values, updatedBy: accountId, updatedAt: now() },
          })
          .returning({ id: jobDrafts.id });
        return ok({ draftId: row!.id });
      });
    }
    const [row] = await db
      .insert(jobDrafts)
      .values({ companyId: ref.companyId, values, updatedBy: accountId })
      .returning({ id: jobDrafts.id });
    return ok({ draftId: row!.id });
  }

  /** The job a company's member already made from the form `formKey`, as a submit answers it. */
  async function madeFromForm(
    actor: Actor,
    companyId: number,
    formKey: string,
  ): Promise<SaveOutcome | null> {
    if (!(await memberFor(actor, companyId))) return null;
    const [done] = await db
      .select({ id: jobs.id, status: jobs.status, pageUrl: jobs.pageUrl })
      .from(jobs)
      .where(and(eq(jobs.companyId, companyId), eq(jobs.formKey, formKey)));
    return done
      ? { draftId: null, jobId: done.id, status: done.status as JobStatus, pageUrl: done.pageUrl }
      : null;
  }

  /** Why the job a draft copies (its duplicate or repost) holds the copy for review, if it does. */
  async function heldCopyOf(draft: typeof jobDrafts.$inferSelect) {
    const sourceId = copiedJob(draft)?.id;
    if (sourceId === undefined) return undefined;
    const [source] = await db
      .select({
        hiddenReason: jobs.hiddenReason,
        status: jobs.status,
        closedReason: jobs.closedReason,
      })
      .from(jobs)
      .where(eq(jobs.id, sourceId));
    return source ? heldCopyReason(source) : undefined;
  }

  /** What the form of a draft made by Repost or Duplicate says it is: which, and of what job. */
  async function copyOf(draft: typeof jobDrafts.$inferSelect): Promise<JobFormState['copyOf']> {
    const copied = copiedJob(draft);
    if (!copied) return null;
    const [source] = await db
      .select({ title: jobs.title })
      .from(jobs)
      .where(and(eq(jobs.id, copied.id), eq(jobs.companyId, draft.companyId)));
    return { kind: copied.kind, title: source?.title ?? null };
  }

  async function submit(
    actor: Actor,
    ref: { companyId: number; draftId?: number; jobId?: number; formKey?: string },
    input: Record<string, unknown>,
    extra: SubmitExtra = {},
  ): Promise<Result<SaveOutcome>> {
    const accountId = typeof actor === 'string' ? actor : actor.by;
    // Authorize before anything else, so a foreign id learns nothing from validation errors.
    const own =
      ref.jobId !== undefined
        ? await ownJob(actor, ref.jobId)
        : ref.draftId !== undefined && typeof actor === 'string'
          ? await ownDraft(actor, ref.draftId)
          : null;
    if (ref.jobId === undefined && ref.draftId !== undefined && !own && ref.formKey) {
      // The draft is gone because this form's job was made by a press just before: answer it.
      const made = await madeFromForm(actor, ref.companyId, ref.formKey);
      if (made) return ok(made);
    }
    if ((ref.jobId !== undefined || ref.draftId !== undefined) && !own) return notFound();
    if (own && 'draft' in own && own.draft.jobId !== null) return notFound('Draft');
    const companyId = own
      ? 'job' in own
        ? own.job.companyId
        : own.draft.companyId
      : ref.companyId;
    const member = own ? own.member : await memberFor(actor, companyId);
    if (!member) return notFound('Company');
    if (member.suspended)
      return { ok: false, reason: 'forbidden', message: 'This company is suspended' };
    // An edit sent from a form that showed an older version of the job: refused, naming the
    // job's version now (fieldErrors.version), so the form can save over it when asked again.
    const seen = own && 'job' in own ? versionIn(input) : undefined;
    const changedSince = async (): Promise<Failure | null> => {
      if (seen === undefined || !own || !('job' in own)) return null;
      const [now] = await queryRows<{ version: string }>(
        db,
        sql`select ${versionSql(sql`updated_at`)} as version from jobs where id = ${own.job.id}`,
      );
      return now && now.version !== seen
        ? {
            ok: false,
            reason: 'conflict',
            message: CHANGED_SINCE,
            fieldErrors: { [VERSION]: now.version },
          }
        : null;
    };
    const stale = await changedSince();
    if (stale) return stale;

    const checked = await check(
      toDraftValues(input),
      own && 'job' in own ? own.job.openingsDate : undefined,
    );
    if (!checked.ok) return checked;
    const form = checked.value;
    const columns = columnsOf(form);
    const at = now();

    if (own && 'job' in own) {
      const before = own.job;
      // A job our team hid (hidden_reason) stays hidden whatever its company edits.
      const hidden = before.hiddenReason !== null;
      const wasVisible = before.isActive && visible(before.status, before.validThrough, at);
      // A rejected job that is corrected goes back to review (or live for a verified company), and
      // so does a live one of an unverified company whose reviewed words or link change.
      // Words or a link our team has not read, whatever the job's status now: a closed board job
      // that the sync reopens with them goes to review too (ats-sync.ts). A hidden job's new words
      // are held for review whatever the company's verification, as a restore of the job (its
      // reports dismissed) would otherwise show words nobody at our team read.
      const unreviewed =
        (!member.verified || hidden) && !sameColumns(columns, before, REVIEWED_COLUMNS);
      const reviewAgain = before.status === 'live' && unreviewed;
      const status =
        before.status === 'rejected'
          ? resubmittedStatus(member.verified, hidden)
          : reviewAgain
            ? 'in_review'
            : before.status;
      const isVisible = !hidden && visible(status, columns.validThrough, at);
      const same = status === before.status && sameColumns(columns, before);
      if (extra.dryRun)
        return ok({
          draftId: null,
          jobId: before.id,
          status: status as JobStatus,
          pageUrl: before.pageUrl,
          changed: !same,
          sentToReview: reviewAgain,
          unreviewed,
        });
      // The same values again change nothing: no new updated_at, so no new lastmod or ping.
      if (same) {
        await db.delete(jobDrafts).where(eq(jobDrafts.jobId, before.id));
        return ok({
          draftId: null,
          jobId: before.id,
          status: status as JobStatus,
          pageUrl: before.pageUrl,
          changed: false,
        });
      }
      const written = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(jobs)
          .set({
            ...columns,
            status,
            isActive: status === 'live' && !hidden,
            rejectionReason: status === 'rejected' ? before.rejectionReason : null,
            // The company's own edit is its correction of what the board sync could not place
            // (the sync sets the reason again itself after its own submit).
            reviewReason: typeof actor === 'string' ? null : before.reviewReason,
            // Always later than the version it replaces (VERSION), even within one millisecond.
            updatedAt: sql`greatest(${at}, ${jobs.updatedAt} + interval '1 microsecond')`,
            // Published for the first time (a rejected job corrected by a verified company): its
            // "Posted" is today, not the day it was first sent. A board's job keeps the board's.
            ...(status === 'live' && !before.hasBeenLive && before.atsConnectionId === null
              ? { postedAt: at }
              : {}),
          })
          // Only over the version the form showed: a Save that crossed another finds it moved.
          .where(
            seen === undefined
              ? eq(jobs.id, before.id)
              : and(eq(jobs.id, before.id), sql`${versionSql(sql`updated_at`)} = ${seen}`),
          )
          .returning({ id: jobs.id });
        if (!updated) return false;
        await tx.delete(jobDrafts).where(eq(jobDrafts.jobId, before.id));
        return true;
      });
      if (!written) return (await changedSince()) ?? notFound();
      // Off the board at once when sent back to review (the listing, counts and cached pages).
      if (wasVisible || isVisible) await publicChanged();
      return ok({
        draftId: null,
        jobId: before.id,
        status: status as JobStatus,
        pageUrl: before.pageUrl,
        sentToReview: reviewAgain,
        unreviewed,
        ...(reviewAgain && hidden ? { heldHidden: true } : {}),
      });
    }

    const repostOf = own && 'draft' in own ? own.draft.repostOf : null;
    const heldCopy = own && 'draft' in own ? await heldCopyOf(own.draft) : undefined;
    const status: JobStatus = member.verified && !heldCopy ? 'live' : 'in_review';
    if (extra.dryRun) return ok({ draftId: null, jobId: null, status, pageUrl: null });
    const [city] = await queryRows<{ name: string }>(
      db,
      sql`select name from cities where id = ${form.cityId}`,
    );
    const pageUrl = slugFor(form.title, city?.name);
    // The form's key names the job too when the form had no draft yet (a first press of Submit).
    const formKey =
      own && 'draft' in own
        ? own.draft.formKey
        : ref.formKey !== undefined && FORM_KEY.test(ref.formKey)
          ? ref.formKey
          : null;
    const result = await db.transaction(async (tx) => {
      // Under the form key's lock: a second submission of the same form (a double press) waits
      // for the first and answers its job instead of failing on the key, and an autosave of the
      // same form waits and then finds the job (saveDraft) instead of making the draft again.
      if (formKey !== null) {
        await tx.execute(lockFormKey(companyId, formKey));
        const [done] = await tx
          .select({ id: jobs.id, status: jobs.status, pageUrl: jobs.pageUrl })
          .from(jobs)
          .where(and(eq(jobs.companyId, companyId), eq(jobs.formKey, formKey)));
        if (done) return { ...done, status: done.status as JobStatus, isNew: false };
      }
      let historyId: number | null = null;
      if (repostOf !== null) {
        const [prior] = await tx
          .select({ id: jobs.id, historyId: jobs.historyId, companyId: jobs.companyId })
          .from(jobs)
          .where(eq(jobs.id, repostOf));
        if (prior && prior.companyId === companyId) historyId = prior.historyId ?? prior.id;
      }
      const [row] = await tx
        .insert(jobs)
        .values({
          ...columns,
          companyId,
          pageUrl,
          postedAt: at,
          status,
          isActive: status === 'live',
          repostedFromId: historyId === null ? null : repostOf,
          formKey,
          historyId,
          createdBy: accountId,
          externalId: extra.externalId ?? null,
          updatedAt: at,
        })
        .returning({ id: jobs.id });
      if (own && 'draft' in own) await tx.delete(jobDrafts).where(eq(jobDrafts.id, own.draft.id));
      // A draft the same form saved as it was typed (an autosave the submission overtook) is the
      // job's own, not a second job to go on with.
      if (formKey !== null)
        await tx
          .delete(jobDrafts)
          .where(
            and(
              eq(jobDrafts.companyId, companyId),
              eq(jobDrafts.formKey, formKey),
              isNull(jobDrafts.jobId),
            ),
          );
      return { id: row!.id, status, pageUrl, isNew: true };
    });
    // Only the submission that made the job moved the listing (a repeat answers the same job).
    if (result.isNew && status === 'live') await publicChanged();
    return ok({
      draftId: null,
      jobId: result.id,
      status: result.status,
      pageUrl: result.pageUrl,
      ...(heldCopy && result.status === 'in_review' ? { heldCopy } : {}),
    });
  }

  async function preview(
    accountId: string,
    ref: { draftId?: number; jobId?: number },
  ): Promise<Result<JobDetail>> {
    const state = await form(accountId, ref);
    if (!state.ok) return state;
    if (state.value.jobId !== null && state.value.draftId === null) {
      const detail = await jobDetailById(db, state.value.jobId);
      return detail ? ok(detail) : notFound();
    }
    // A draft (or unsaved edits): shown as the page will be once submitted.
    const job = state.value.jobId !== null ? await ownJob(accountId, state.value.jobId) : null;
    const checked = await check(state.value.values, job?.job.openingsDate);
    if (!checked.ok) return checked;
    const c = columnsOf(checked.value);
    const [row] = await queryRows<DetailRow>(
      db,
      sql`select 0 as id, null::float8 as rk, 0::float8 as posted_micros, false as active,
        ${c.title} as title, 'preview' as page_url, ${c.applyLink} as apply_link,
        ${c.salaryProvided} as salary_provided, ${c.salaryFrom}::int as salary_from,
        ${c.salaryTo}::int as salary_to, ${c.bestInIndustry}::text as best_in_industry,
        ${c.workMode}::text as work_mode, now() as posted_at, 0 as views, ${c.openingsDate}::text as openings_date,
        ${c.validThrough.toISOString()}::timestamptz as valid_through, ${c.noOfOpening}::int as no_of_opening,
        ${c.description} as description, now() as updated_at,
        ${textArray(c.responsibilities)} as responsibilities,
        ${textArray(c.minimumRequirements)} as minimum_requirements,
        ${textArray(c.preferredQualification)} as preferred_qualification,
        ${textArray(c.skills)} as skills,
        ${textArray(c.rolesAndResponsibilities)} as roles_and_responsibilities,
        ${textArray(c.whoCanApply)} as who_can_apply,
        ${textArray(c.perksAndBenefits)} as perks_and_benefits,
        ${textArray(c.searchTags)} as search_tags,
        co.id as company_id, co.company_name, co.company_logo, co.slug as company_slug,
        co.company_website, co.company_location, co.company_overview, ci.name as city_name, s.name as state_name,
        s.state_code, cn.name as country_name, cn.iso3, cn.symbol, cn.currency,
        r.sort_name as role_sort_name, r.name as role_name, jt.name as job_type_name,
        el.name as level_name, st.sort_name as salary_type_sort_name, null::text as first_name
      from companies co
      join cities ci on ci.id = ${c.cityId}
      join states s on s.id = ci.state_id
      join countries cn on cn.id = s.country_id
      join roles r on r.id = ${c.roleId}
      join job_types jt on jt.id = ${c.jobTypeId}
      join experience_levels el on el.id = ${c.experienceLevelId}
      left join salary_types st on st.id = ${c.salaryTypeId}::int
      where co.id = ${state.value.companyId}`,
    );
    if (!row) return notFound();
    return ok(toJobDetail(row));
  }

  async function close(actor: Actor, jobId: number): Promise<Result<{ status: JobStatus }>> {
    const own = await ownJob(actor, jobId);
    if (!own) return notFound();
    const before = own.job;
    if (before.status === 'closed') return ok({ status: 'closed' });
    const wasVisible = before.isActive && visible(before.status, before.validThrough, now());
    await db.transaction(async (tx) => {
      await tx
        .update(jobs)
        .set({ status: 'closed', isActive: false, closedAt: now(), updatedAt: now() })
        .where(eq(jobs.id, before.id));
    });
    if (wasVisible) await publicChanged();
    return ok({ status: 'closed' });
  }

  /** A new draft with the job's values: a fresh closing date, no history. */
  async function copyToDraft(
    accountId: string,
    jobId: number,
    repost: boolean,
  ): Promise<Result<{ draftId: number }>> {
    const own = await ownJob(accountId, jobId);
    if (!own) return notFound();
    if (repost) {
      const [row] = await queryRows<{ s: JobStatus }>(
        db,
        sql`select ${sql.raw(STATUS_SQL)} as s from jobs j where j.id = ${jobId}`,
      );
      if (row?.s !== 'closed' && row?.s !== 'expired')
        return {
          ok: false,
          reason: 'conflict',
          message: 'Only a closed or expired job can be reposted',
        };
    }
    const values: DraftValues = { ...valuesOfJob(own.job), closingDate: '', openingsDate: '' };
    if (!repost) values[COPY_OF] = String(own.job.id);
    const [draft] = await db
      .insert(jobDrafts)
      .values({
        companyId: own.job.companyId,
        values,
        updatedBy: accountId,
        repostOf: repost ? own.job.id : null,
      })
      .returning({ id: jobDrafts.id });
    return ok({ draftId: draft!.id });
  }

  async function discardDraft(accountId: string, draftId: number): Promise<Result<null>> {
    const own = await ownDraft(accountId, draftId);
    if (!own) return notFound('Draft');
    await db.delete(jobDrafts).where(eq(jobDrafts.id, own.draft.id));
    return ok(null);
  }

  async function requestCity(
    accountId: string,
    companyId: number,
    name: string,
  ): Promise<Result<null>> {
    const member = await membershipOf(db, accountId, companyId);
    if (!member) return notFound('Company');
    const trimmed = name.trim();
    // eslint-disable-next-line no-control-regex
    if (trimmed.length < 2 || trimmed.length > 100 || /[\u0000-\u001f\u007f<>]/.test(trimmed))
      return {
        ok: false,
        reason: 'invalid',
        message: 'City to request: 2 to 100 characters, no markup',
        fieldErrors: { cityRequest: 'City to request: 2 to 100 characters, no markup' },
      };
    // A city on our list already is chosen, not asked for: said with its name as the City box
    // offers it. A region typed after a comma ("Springfield, Oregon") asks only about that one.
    const [cityName = '', ...region] = trimmed.split(',').map((part) => normalizeSearch(part));
    const listed = await queryRows<{ label: string; region: string[] }>(
      db,
      sql`select c.name || ', ' || s.name || ', ' || co.name as label,
                 array[s.name, s.state_code, co.name, co.iso3] as region
          from cities c
          join states s on s.id = c.state_id
          join countries co on co.id = s.country_id
          where c.name_search = ${cityName}
          order by c.id limit 5`,
    );
    const same = listed.filter((city) =>
      region
        .filter(Boolean)
        .every((part) => city.region.some((known) => normalizeSearch(known) === part)),
    );
    if (same.length > 0) {
      const message = `${same.map((city) => `“${city.label}”`).join(' and ')} ${same.length === 1 ? 'is' : 'are'} listed already: choose it in the City box above instead of requesting it`;
      return { ok: false, reason: 'invalid', message, fieldErrors: { cityRequest: message } };
    }
    await db.insert(cityRequests).values({ name: trimmed, companyId, userId: accountId });
    return ok(null);
  }

  return {
    list,
    choices,
    form,
    saveDraft,
    submit,
    preview,
    close,
    duplicate: (accountId, jobId) => copyToDraft(accountId, jobId, false),
    repost: (accountId, jobId) => copyToDraft(accountId, jobId, true),
    discardDraft,
    requestCity,
    problems: async (values) => {
      const checked = await check(toDraftValues(values));
      return checked.ok ? {} : (checked.fieldErrors ?? {});
    },
  };
}
