// The relational model of spec §3. Listing indexes that Drizzle cannot express (INCLUDE columns)
// live in hand-written migrations under drizzle/.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  iso2: text('iso2').notNull().unique(),
  iso3: text('iso3').notNull().unique(),
  /** ISO 4217 code, e.g. INR. */
  currency: text('currency').notNull(),
  /** Display symbol, e.g. ₹. */
  symbol: text('symbol').notNull(),
});

export const states = pgTable(
  'states',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    name: text('name').notNull(),
    stateCode: text('state_code').notNull(),
  },
  (t) => [uniqueIndex('states_country_code').on(t.countryId, t.stateCode)],
);

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    name: text('name').notNull(),
    /** normalizeSearch(name): lower case, no accents; what suggestions match against. */
    nameSearch: text('name_search').notNull(),
  },
  (t) => [index('cities_name_search_trgm').using('gin', sql`${t.nameSearch} gin_trgm_ops`)],
);

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    companyName: text('company_name').notNull(),
    nameSearch: text('name_search').notNull(),
    /**
     * The company page's address segment (/companies/{slug}): made from the name by a trigger when
     * a row is inserted without one (migration 0017), unique, and kept when the name changes so
     * that links stay valid.
     */
    slug: text('slug').notNull().default(''),
    /** Path of the logo the app serves, by the company's id: /logos/42.svg. */
    companyLogo: text('company_logo').notNull(),
    companyWebsite: text('company_website'),
    companyLocation: text('company_location'),
    companyOverview: text('company_overview'),
    /** Set when the website's domain is the creator's verified e-mail domain, or by an operator. */
    verified: boolean('verified').notNull().default(false),
    /** A suspended company posts nothing and is not offered to join. */
    suspended: boolean('suspended').notNull().default(false),
    /** The account (better-auth user id) that created it; null for the board's own data. */
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when an operator merged this duplicate into another company (its jobs moved there). */
    mergedIntoId: integer('merged_into_id'),
  },
  (t) => [
    index('companies_name_search_trgm').using('gin', sql`${t.nameSearch} gin_trgm_ops`),
    uniqueIndex('companies_slug').on(t.slug),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    /** The short name the spec calls sortName, e.g. "SDE" for Software Development Engineer. */
    sortName: text('sort_name').notNull(),
    nameSearch: text('name_search').notNull(),
  },
  (t) => [index('roles_name_search_trgm').using('gin', sql`${t.nameSearch} gin_trgm_ops`)],
);

export const jobTypes = pgTable('job_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** Ids are the years of experience: 0 = Fresher … 5 = 5+ years (spec §3). */
export const experienceLevels = pgTable('experience_levels', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
});

export const salaryTypes = pgTable('salary_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** Short unit shown after an amount, e.g. "month", "year". */
  sortName: text('sort_name').notNull(),
});

export const posters = pgTable('posters', {
  id: serial('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name'),
});

export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    pageUrl: text('page_url').notNull(),
    title: text('title').notNull(),
    applyLink: text('apply_link'),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    jobTypeId: integer('job_type_id')
      .notNull()
      .references(() => jobTypes.id),
    experienceLevelId: smallint('experience_level_id')
      .notNull()
      .references(() => experienceLevels.id),
    /** The spec's string flag: "true" when a salary range is given. */
    salaryProvided: text('salary_provided').notNull().default('false'),
    salaryFrom: integer('salary_from'),
    salaryTo: integer('salary_to'),
    salaryTypeId: integer('salary_type_id').references(() => salaryTypes.id),
    bestInIndustry: text('best_in_industry'),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull(),
    openingsDate: date('openings_date'),
    validThrough: timestamp('valid_through', { withTimezone: true }),
    noOfOpening: integer('no_of_opening'),
    description: text('description').notNull(),
    views: integer('views').notNull().default(0),
    postedById: integer('posted_by_id').references(() => posters.id),
    isActive: boolean('is_active').notNull().default(true),
    responsibilities: text('responsibilities')
      .array()
      .notNull()
      .default(sql`'{}'`),
    minimumRequirements: text('minimum_requirements')
      .array()
      .notNull()
      .default(sql`'{}'`),
    preferredQualification: text('preferred_qualification')
      .array()
      .notNull()
      .default(sql`'{}'`),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'`),
    rolesAndResponsibilities: text('roles_and_responsibilities')
      .array()
      .notNull()
      .default(sql`'{}'`),
    whoCanApply: text('who_can_apply')
      .array()
      .notNull()
      .default(sql`'{}'`),
    perksAndBenefits: text('perks_and_benefits')
      .array()
      .notNull()
      .default(sql`'{}'`),
    searchTags: text('search_tags')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Keyword search document (title, company, role, location, skills, tags, work mode, the fresher level); filled by the trigger of drizzle/0024, writers leave it alone. */
    searchVector: tsvector('search_vector'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * in_review | live | closed | rejected (drafts live in job_drafts; "expired" is live past
     * valid_through). `is_active` stays the public flag the listing's partial indexes read: the
     * employer write service sets it true exactly when the status is live.
     */
    status: text('status').notNull().default('live'),
    rejectionReason: text('rejection_reason'),
    /** on_site | hybrid | remote; null when not stated. */
    workMode: text('work_mode'),
    /** The posting this one reopens (a repost) and the first posting of that history. */
    repostedFromId: integer('reposted_from_id').references((): AnyPgColumn => jobs.id, {
      onDelete: 'set null',
    }),
    historyId: integer('history_id'),
    /** The account (better-auth user id) that submitted it; null for the board's own data. */
    createdBy: text('created_by'),
    /**
     * Whether the job has ever been on the board: its page answers 410 (no longer available) once
     * it is off, and 404 while it never was (a first submission in review, a rejected one). Kept
     * by the trigger of drizzle/0020 whoever writes the status.
     */
    hasBeenLive: boolean('has_been_live').notNull().default(true),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Why a closed job closed when the employer did not close it, e.g. "apply link not working". */
    closedReason: text('closed_reason'),
    /**
     * Set while the job is held off the board whatever its status (three scam reports, a suspended
     * company), with is_active false; an operator's decision clears it.
     */
    hiddenReason: text('hidden_reason'),
    /** Failed apply-link checks in a row (modules/tasks/apply-link-check.ts); 0 after a success. */
    applyLinkFailures: smallint('apply_link_failures').notNull().default(0),
    applyLinkCheckedAt: timestamp('apply_link_checked_at', { withTimezone: true }),
    /** What the last check found, e.g. "200", "404", "timed out". */
    applyLinkResult: text('apply_link_result'),
    /**
     * The company's own id for the job, unique within the company: the posting API's externalId,
     * or `<source>:<postingId>` for a job read from an applicant-tracking system (modules/ats).
     */
    externalId: text('external_id'),
    /** The ATS board this job is synced from; null when the company posts it by hand or by API. */
    atsConnectionId: integer('ats_connection_id').references((): AnyPgColumn => atsConnections.id, {
      onDelete: 'set null',
    }),
    /** When the job was last seen on the company's own board (ATS sync). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** SHA-256 of the values the last sync mapped; a posting that did not change is not rewritten. */
    atsHash: text('ats_hash'),
    /** Why an operator must look at this job before it goes live, e.g. an ATS posting's unknown city. */
    reviewReason: text('review_reason'),
    /**
     * The job form's key of the new job's draft (job_drafts.form_key): once the job exists, an
     * autosave of the same form that arrives late finds it and makes no second draft.
     */
    formKey: text('form_key'),
  },
  (t) => [
    uniqueIndex('jobs_page_url').on(t.pageUrl),
    // The employer dashboard: one company's jobs, newest first, whatever their status.
    index('jobs_company_posted').on(t.companyId, t.postedAt.desc(), t.id.desc()),
    index('jobs_history')
      .on(t.historyId)
      .where(sql`${t.historyId} is not null`),
    check(
      'jobs_status',
      sql`${t.status} in ('in_review', 'live', 'closed', 'expired', 'rejected')`,
    ),
    check('jobs_work_mode', sql`${t.workMode} in ('on_site', 'hybrid', 'remote')`),
    uniqueIndex('jobs_company_external_id_idx')
      .on(t.companyId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    uniqueIndex('jobs_company_form_key')
      .on(t.companyId, t.formKey)
      .where(sql`${t.formKey} is not null`),
    index('jobs_ats_connection')
      .on(t.atsConnectionId, t.lastSeenAt)
      .where(sql`${t.atsConnectionId} is not null`),
    // The search-engine notifier reads jobs changed since its last scan (modules/ingestion).
    index('jobs_updated').on(t.updatedAt, t.id),
    // The expiry task, every minute: live jobs by closing date, so a run reads only the due ones.
    index('jobs_live_valid_through')
      .on(t.validThrough)
      .where(sql`${t.status} = 'live' and ${t.validThrough} is not null`),
  ],
);

/**
 * A company's public ATS job board that the hourly sync reads (modules/ats). `status` is the last
 * crawl's outcome: a failed crawl closes nothing and keeps its error here for the dashboard.
 */
export const atsConnections = pgTable(
  'ats_connections',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** greenhouse | lever | ashby | recruitee | smartrecruiters | workable | personio */
    source: text('source').notNull(),
    /** The board's name at its source: a Greenhouse board token, a Lever site, … */
    boardId: text('board_id').notNull(),
    /** never (not crawled yet) | ok | failed */
    status: text('status').notNull().default('never'),
    lastCrawlStartedAt: timestamp('last_crawl_started_at', { withTimezone: true }),
    lastCrawlFinishedAt: timestamp('last_crawl_finished_at', { withTimezone: true }),
    /** The last crawl that read the whole board. */
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** Postings the last successful crawl found. */
    jobsSeen: integer('jobs_seen').notNull().default(0),
    /** What the last crawl did, e.g. {"added": 2, "updated": 1, "closed": 0, "held": 1}. */
    lastSummary: jsonb('last_summary'),
    /** The account (better-auth user id) that connected it; the sync writes jobs as this account. */
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Why the sync no longer reads it; null while it is read. Migration 0023 set it on the later
     * connections of a board that several had connected (the oldest is read).
     */
    disabledReason: text('disabled_reason'),
  },
  (t) => [
    uniqueIndex('ats_connections_company_source_board').on(t.companyId, t.source, t.boardId),
    // One board, one company: the same jobs are never imported twice (case as the check reads it).
    uniqueIndex('ats_connections_one_board')
      .on(t.source, sql`lower(${t.boardId})`)
      .where(sql`${t.disabledReason} is null`),
    check(
      'ats_connections_source',
      sql`${t.source} in ('greenhouse', 'lever', 'ashby', 'recruitee', 'smartrecruiters', 'workable', 'personio')`,
    ),
    check('ats_connections_status', sql`${t.status} in ('never', 'ok', 'failed')`),
  ],
);

/** One row per visitor and job: the 24-hour rule of the view counter. */
export const jobViews = pgTable(
  'job_views',
  {
    visitorId: text('visitor_id').notNull(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
    /** Accepted views not yet added to jobs.views; written in the same statement as the dedupe
     * row, so an answered "counted" survives an outage or a crash until the flusher moves it. */
    pending: smallint('pending').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.visitorId, t.jobId] }),
    index('job_views_counted_at').on(t.countedAt),
    index('job_views_pending')
      .on(t.jobId)
      .where(sql`${t.pending} > 0`),
  ],
);

/** A single row (id = 1): branding, links and the maintenance switch. */
export const appDetails = pgTable('app_details', {
  id: smallint('id').primaryKey().default(1),
  appName: text('app_name').notNull(),
  appDescription: text('app_description').notNull(),
  supportEmail: text('support_email').notNull(),
  twitter: text('twitter'),
  linkedIn: text('linked_in'),
  youtube: text('youtube'),
  whatsApp: text('whats_app'),
  isUnderMaintenance: boolean('is_under_maintenance').notNull().default(false),
});

/**
 * Active-job counts per filter combination (GROUPING SETS over the four listing filters), kept only
 * for combinations with at least 1,000 jobs: smaller results are counted exactly at request time.
 * "Any" is stored as 0 (ids start at 1) and -1 for the experience level (0 is Fresher).
 */
export const jobCounts = pgTable(
  'job_counts',
  {
    companyId: integer('company_id').notNull(),
    roleId: integer('role_id').notNull(),
    cityId: integer('city_id').notNull(),
    experienceLevelId: smallint('experience_level_id').notNull(),
    /** on_site | hybrid | remote, '' for any (not stated is never a filter). */
    workMode: text('work_mode').notNull().default(''),
    /** 1: salary stated, 0: not stated, -1: either. */
    salaryStated: smallint('salary_stated').notNull().default(-1),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.companyId, t.roleId, t.cityId, t.experienceLevelId, t.workMode, t.salaryStated],
    }),
  ],
);

/**
 * One row: when job_counts was last recomputed and how many times, by any server. A server
 * recomputes it only when this is older than the refresh period (modules/jobs/data/counts.ts), under a
 * transaction-scoped advisory lock, so N servers refresh once per period between them.
 */
export const jobCountsRefresh = pgTable(
  'job_counts_refresh',
  {
    id: smallint('id').primaryKey().default(1),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
    runs: integer('runs').notNull().default(0),
  },
  (t) => [check('job_counts_refresh_one_row', sql`${t.id} = 1`)],
);

/**
 * One row: the version of the names a job card shows (the eight tables companies … salary_types).
 * Triggers move it on any change (migration 0008); servers keep those names in memory
 * (modules/jobs/data/card-names.ts) and read them again when a listing answers a newer version.
 */
export const cardNamesVersion = pgTable(
  'card_names_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'bigint' }).notNull(),
  },
  (t) => [check('card_names_version_one_row', sql`${t.id} = 1`)],
);

// Accounts (DESIGN.md §9): better-auth's tables, read and written through its Drizzle adapter
// (modules/accounts/auth.ts). The property names are better-auth's field names; the columns are
// snake_case like ours. "user" is a reserved word in SQL: raw queries must quote it.

export const authUsers = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const authSessions = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id').on(t.userId)],
);

/** A way to sign in: for us only 'credential' (e-mail and password), whose hash is `password`. */
export const authAccounts = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_id').on(t.userId)],
);

/** Password-reset tokens and other one-time values better-auth keeps. */
export const authVerifications = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier').on(t.identifier)],
);

/**
 * Request counters shared by every server: better-auth's own (per address and endpoint) and ours
 * (per e-mail address, modules/accounts/attempts.ts). `last_request` is in epoch milliseconds.
 */
export const authRateLimits = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** An uploaded logo, re-encoded to a fixed-size PNG (served by web/uploaded-logos.ts). */
export const companyLogoImages = pgTable('company_logo_images', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  png: bytea('png').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The job form as typed, kept server-side on every submit and as the employer types: a new job's
 * draft (job_id null) or unsaved edits of an existing job. Values are strings and lists of
 * strings, bounded at twice the form's limits, so that a text over its limit is kept to be told
 * and shortened (shared/contract/employer-jobs.ts toDraftValues, DRAFT_LIMITS).
 */
export const jobDrafts = pgTable(
  'job_drafts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'cascade' }),
    /** A repost's draft: the closed or expired job it reopens (its history is kept on submit). */
    repostOf: integer('repost_of').references(() => jobs.id, { onDelete: 'set null' }),
    values: jsonb('values').notNull(),
    /** The account (better-auth user id) that saved it last. */
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A new job's form carries a random key from its first render, so its autosave and its
     * submission (which may cross) name the same draft: one draft per key and company.
     */
    formKey: text('form_key'),
  },
  (t) => [
    index('job_drafts_company').on(t.companyId),
    uniqueIndex('job_drafts_job').on(t.jobId),
    uniqueIndex('job_drafts_company_form_key')
      .on(t.companyId, t.formKey)
      .where(sql`${t.formKey} is not null`),
  ],
);

/** Who belongs to a company: owners manage members and invitations; members manage jobs. */
export const companyMembers = pgTable(
  'company_members',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    index('company_members_user').on(t.userId),
    check('company_members_role', sql`${t.role} in ('owner', 'member')`),
  ],
);

/** An e-mailed invitation to a company: only the token's SHA-256 is kept; single use. */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => authUsers.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_invitations_token_hash').on(t.tokenHash),
    index('company_invitations_company').on(t.companyId),
  ],
);

/** An account's request to join an existing company; an owner accepts or declines it. */
export const companyJoinRequests = pgTable(
  'company_join_requests',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_join_requests_company_user').on(t.companyId, t.userId),
    check('company_join_requests_status', sql`${t.status} in ('pending', 'accepted', 'declined')`),
  ],
);

/**
 * A city an employer asked for because the reference list lacks it. An operator adds it (the
 * request then names the city) or dismisses it with an optional reason, at /admin/city-requests;
 * the employer is e-mailed either way.
 */
export const cityRequests = pgTable(
  'city_requests',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').notNull().default('pending'),
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    dismissReason: text('dismiss_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('city_requests_pending')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('city_requests_status', sql`${t.status} in ('pending', 'added', 'dismissed')`),
  ],
);

// Operators (issue "Operators"): background tasks, operator accounts and their audit log, job
// reports, and the one-click links of expiry reminders.

/**
 * One row per scheduled task and period (modules/tasks/task-runner.ts): the unique (name,
 * period_key) makes a period run once across every server; a runner claims a due row with
 * FOR UPDATE SKIP LOCKED and holds it for a lease, so a server that dies mid-run leaves it to
 * another after the lease. Failures retry with exponential back-off up to max attempts.
 */
export const taskRuns = pgTable(
  'task_runs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The period's start as ISO text, or `manual:<time>` for `npm run tasks -- run`. */
    periodKey: text('period_key').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** What the task reported, e.g. {"expired": 3}. */
    result: jsonb('result'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('task_runs_name_period').on(t.name, t.periodKey),
    index('task_runs_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'running')`),
    index('task_runs_name_created').on(t.name, t.createdAt.desc()),
    check('task_runs_status', sql`${t.status} in ('pending', 'running', 'succeeded', 'failed')`),
  ],
);

/** Accounts that may use /admin; added and removed with `npm run operator`. */
export const operators = pgTable('operators', {
  userId: text('user_id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every operator action, append-only: a trigger (migration 0013) refuses UPDATE, DELETE and
 * TRUNCATE. The actor is kept by id and e-mail as text, so deleting the account keeps the record.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_at').on(t.at.desc())],
);

/** A seeker's report of a job; the reporter is known only by hashes (never shown to employers). */
export const jobReports = pgTable(
  'job_reports',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    details: text('details'),
    /** SHA-256 of the visitor cookie and of the client address. */
    visitorHash: text('visitor_hash').notNull(),
    addressHash: text('address_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution'),
  },
  (t) => [
    uniqueIndex('job_reports_job_visitor').on(t.jobId, t.visitorHash),
    index('job_reports_open')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
    check(
      'job_reports_reason',
      sql`${t.reason} in ('scam', 'closed', 'wrong_information', 'discriminatory', 'other')`,
    ),
  ],
);

/**
 * The one-click links of an expiry reminder ("extend 30 days", "filled, close it"): only the
 * token's SHA-256 is kept; single use. (job_id, kind) unique: one reminder per job and kind.
 */
export const jobActionTokens = pgTable(
  'job_action_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** Which reminder sent it: 'expiry-7d' | 'expiry-1d'. */
    kind: text('kind').notNull(),
    action: text('action').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('job_action_tokens_job_kind_action').on(t.jobId, t.kind, t.action),
    check('job_action_tokens_action', sql`${t.action} in ('extend', 'close')`),
  ],
);

/**
 * A company's keys for the posting API (/api/v1/employer): only the key's SHA-256 is kept; the key
 * itself is shown once when it is made. A revoked key stays listed with its revocation time.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** What the key may do: 'jobs:read', 'jobs:write'. */
    scopes: text('scopes').array().notNull(),
    /** The key's first characters ("opk_AbCd1234"), so its owners can tell keys apart. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by'),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash').on(t.keyHash),
    index('api_keys_company').on(t.companyId, t.createdAt.desc()),
  ],
);

/**
 * Search-engine notifications (IndexNow, Google's Indexing API) waiting to be sent, one row per
 * target and job change; (target, job_id, changed_at) unique so a change is queued once.
 */
export const searchEnginePings = pgTable(
  'search_engine_pings',
  {
    id: serial('id').primaryKey(),
    target: text('target').notNull(),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** URL_UPDATED (live) or URL_DELETED (closed, expired, hidden). */
    action: text('action').notNull(),
    /** The job's updated_at that this notification reports. */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('search_engine_pings_change').on(t.target, t.jobId, t.changedAt),
    index('search_engine_pings_due')
      .on(t.target, t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('search_engine_pings_target', sql`${t.target} in ('indexnow', 'google')`),
    check('search_engine_pings_action', sql`${t.action} in ('URL_UPDATED', 'URL_DELETED')`),
    check('search_engine_pings_status', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/** How far the notifier has read jobs' changes (one row, id 1). */
export const searchEngineScan = pgTable('search_engine_scan', {
  id: integer('id').primaryKey(),
  scannedUntil: timestamp('scanned_until', { withTimezone: true }).notNull(),
});

/**
 * A job seeker's e-mail alert on a search (no account needed): the address is kept only for this
 * and the row is deleted on unsubscribe. One random token per alert serves its confirm, manage and
 * one-click unsubscribe links; only its SHA-256 is kept.
 */
export const jobAlerts = pgTable(
  'job_alerts',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased. */
    email: text('email').notNull(),
    /** The listing's query string it follows (filters and keyword, canonical order, no sort). */
    query: text('query').notNull(),
    /** The search in words, for the mails and the manage page. */
    label: text('label').notNull(),
    frequency: text('frequency').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Null until the link of the double opt-in mail is followed. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** High-water mark: jobs posted up to here were considered by an earlier digest. */
    sentUpTo: timestamp('sent_up_to', { withTimezone: true }),
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('job_alerts_token_hash').on(t.tokenHash),
    uniqueIndex('job_alerts_email_query').on(t.email, t.query),
    index('job_alerts_due')
      .on(t.lastDigestAt)
      .where(sql`${t.confirmedAt} is not null and ${t.pausedAt} is null`),
    check('job_alerts_frequency', sql`${t.frequency} in ('daily', 'weekly')`),
  ],
);

/** The jobs an alert has mailed, so none is mailed twice (pruned with the alert). */
export const jobAlertSent = pgTable(
  'job_alert_sent',
  {
    alertId: integer('alert_id')
      .notNull()
      .references(() => jobAlerts.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.jobId] })],
);

/** A signed-in seeker's saved jobs and hidden jobs and companies (item_id: a job's or company's id). */
export const seekerMarks = pgTable(
  'seeker_marks',
  {
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    itemId: integer('item_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.itemId] }),
    check('seeker_marks_kind', sql`${t.kind} in ('saved', 'hidden-job', 'hidden-company')`),
  ],
);
