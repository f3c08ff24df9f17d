// The operators' console and the seekers' job reports as route loaders and actions see them
// (React Router's load context: `context.moderation`, `context.reports`, `context.jobLinks`). The
// server implements these; the web app never imports src/server.
import type { JobDetail } from './contract/jobs.ts';

export const REPORT_REASONS = [
  { value: 'scam', label: 'Scam, or asks for money' },
  { value: 'closed', label: 'The job is closed' },
  { value: 'wrong_information', label: 'Wrong information' },
  { value: 'discriminatory', label: 'Discriminatory' },
  { value: 'other', label: 'Other' },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]['value'];

export const REJECTION_REASONS = [
  'Looks like a scam or asks applicants for money',
  'Not a real job opening',
  'Missing or misleading information',
  'Discriminatory wording',
  'Duplicate of another posting',
  'Other',
] as const;
/** The statuses a job can be rejected in, as the console showed it: in review, or live. */
export type RejectableStatus = 'in_review' | 'live';
/** The longest message to the employer a rejection takes; a longer one is refused, not cut. */
export const REJECTION_TEXT_MAX = 1000;

/** Signed-out seekers report a job; scam reports from three networks hide it. */
export interface ReportsService {
  report(input: {
    pageUrl: string;
    reason: string;
    details: string;
  }): Promise<
    | { ok: true; hidden: boolean }
    | { ok: false; reason: 'invalid' | 'not-found' | 'rate-limited'; message: string }
  >;
}

export interface Figures {
  liveJobs: number;
  inReview: number;
  reportsOpen: number;
  expiringThisWeek: number;
  hiddenJobs: number;
}

export interface ReviewItem {
  id: number;
  title: string;
  pageUrl: string;
  companyName: string;
  companyVerified: boolean;
  /** Its company is suspended: approved, the job stays hidden until the company is unsuspended. */
  companySuspended: boolean;
  city: string;
  postedAt: string;
  /** Where its Apply button leads (an address or an e-mail), for the operator to check. */
  applyLink: string | null;
  /**
   * Why it needs a closer look, e.g. an ATS posting we could not map ("unknown city \"Atlantis\"");
   * its city or role is then a stand-in until the company corrects it.
   */
  reviewReason?: string | null;
  /** A live or recently closed job of the same company, a similar title and the same city. */
  duplicateOf: { id: number; title: string; pageUrl: string; status: string } | null;
  /** Its words as this list shows them (JobVersion): Approve and Reject send it back. */
  version: JobVersion;
}

/**
 * A stamp of a job's words (its last change, in microseconds): a decision sent with the stamp its
 * page showed is refused when the job changed since (its employer or its board edited it), so an
 * operator never approves words they did not read.
 */
export type JobVersion = string;

/** Any job as an operator previews it (/admin/jobs/:id): its page, whatever its status. */
export interface OperatorJobView {
  id: number;
  job: JobDetail;
  /** live, in_review, rejected, closed, expired (jobs.status). */
  status: string;
  companyVerified: boolean;
  /** Why the board sync held it for review, if it did. */
  reviewReason: string | null;
  /** Why it is off the board, if hidden or closed. */
  hiddenReason: string | null;
  closedReason: string | null;
  /** Whether it was ever on the board: a job never published was submitted, not posted. */
  hasBeenLive: boolean;
  /** Its words as this page shows them (JobVersion). */
  version: JobVersion;
}

export interface ReportGroup {
  jobId: number;
  title: string;
  pageUrl: string;
  companyName: string;
  status: string;
  hiddenReason: string | null;
  /** Why and when it was closed, if it is (a null reason: its employer closed it). */
  closedReason: string | null;
  closedAt: string | null;
  reasons: Record<string, number>;
  details: string[];
  firstAt: string;
}

export interface CompanyAdminRow {
  id: number;
  companyName: string;
  companyWebsite: string | null;
  verified: boolean;
  suspended: boolean;
  mergedIntoId: number | null;
  /** Its jobs on the board; while it is suspended, those its suspension hides (and brings back). */
  liveJobs: number;
}

export interface JobAdminRow {
  id: number;
  title: string;
  pageUrl: string;
  companyName: string;
  status: string;
  hiddenReason: string | null;
  closedReason: string | null;
  validThrough: string | null;
}

export interface AuditView {
  id: number;
  at: string;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
}

export type ModerationResult = { ok: true } | { ok: false; message: string };

/** What a merge would do, shown to the operator before it is done (a merge cannot be undone). */
export type MergePreview =
  | { ok: true; fromName: string; intoName: string; jobs: number; members: number }
  | { ok: false; message: string };

/** The job an unpublish would close, named in the question asked first. */
export type UnpublishPreview =
  { ok: true; title: string; companyName: string } | { ok: false; message: string };

/** What suspending a company would take off the board, asked first. */
export type SuspendPreview =
  { ok: true; companyName: string; liveJobs: number } | { ok: false; message: string };

/** The operator-set details every page shows: the support e-mail and the social links. */
export const SITE_DETAILS_FIELDS = [
  'supportEmail',
  'twitter',
  'linkedIn',
  'youtube',
  'whatsApp',
] as const;
export type SiteDetailsField = (typeof SITE_DETAILS_FIELDS)[number];
/** A link left empty (null) is not shown in the footer or on the contact page. */
export type SiteDetails = { supportEmail: string } & Record<
  Exclude<SiteDetailsField, 'supportEmail'>,
  string | null
>;
/** The site details form as posted. */
export type SiteDetailsForm = Record<SiteDetailsField, string>;
export type SiteDetailsResult =
  { ok: true; changed: boolean } | { ok: false; errors: Partial<Record<SiteDetailsField, string>> };

export interface OperatorActor {
  id: string;
  email: string;
}

export interface ModerationService {
  isOperator(accountId: string): Promise<boolean>;
  figures(): Promise<Figures>;
  reviewQueue(): Promise<ReviewItem[]>;
  /** Any job's page and state for an operator's preview, whatever its status; null if none. */
  jobView(jobId: number): Promise<OperatorJobView | null>;
  /** `version`: the job's words as the operator's page showed them; changed since, refused. */
  approve(actor: OperatorActor, jobId: number, version?: JobVersion): Promise<ModerationResult>;
  /**
   * `seen`: the status the operator's page showed the job in (the review queue shows it in review,
   * "Any job" live too); a job no longer so is refused, not rejected. `version` as for approve.
   */
  reject(
    actor: OperatorActor,
    jobId: number,
    reason: string,
    text: string,
    seen?: RejectableStatus,
    version?: JobVersion,
  ): Promise<ModerationResult>;
  reports(): Promise<ReportGroup[]>;
  /**
   * On a job on the board: restore (back on the board, reports dismissed) or unpublish (closed by
   * an operator). On one off it (closed by its employer, expired, rejected): dismiss (its reports
   * are closed, the job stays as it is). A decision that does not fit the job as it is now (it
   * moved since the operator's page showed it) is refused, saying what happened.
   */
  decideReports(
    actor: OperatorActor,
    jobId: number,
    decision: 'restore' | 'unpublish' | 'dismiss',
  ): Promise<ModerationResult>;
  companies(query: string): Promise<CompanyAdminRow[]>;
  setCompanyFlag(
    actor: OperatorActor,
    companyId: number,
    flag: 'verified' | 'suspended',
    on: boolean,
  ): Promise<ModerationResult>;
  mergePreview(fromId: number, intoId: number): Promise<MergePreview>;
  mergeCompanies(actor: OperatorActor, fromId: number, intoId: number): Promise<ModerationResult>;
  searchJobs(query: string): Promise<JobAdminRow[]>;
  /**
   * Whether the job may be unpublished, and its name. `reported`: from the reports list, where
   * any job may be closed with its reports; elsewhere only a live job or one in review.
   */
  unpublishPreview(jobId: number, reported: boolean): Promise<UnpublishPreview>;
  unpublish(actor: OperatorActor, jobId: number): Promise<ModerationResult>;
  /** Whether the company may be suspended, and how many live jobs would leave the board. */
  suspendPreview(companyId: number): Promise<SuspendPreview>;
  maintenance(): Promise<boolean>;
  setMaintenance(actor: OperatorActor, on: boolean): Promise<ModerationResult>;
  /** The support e-mail and the social links as the primary has them. */
  siteDetails(): Promise<SiteDetails>;
  /**
   * Saves what the operator typed (checked: a valid support e-mail, each link empty or https),
   * audited; refused with an error at each field that is wrong, nothing saved.
   */
  setSiteDetails(actor: OperatorActor, typed: SiteDetailsForm): Promise<SiteDetailsResult>;
  audit(limit?: number): Promise<AuditView[]>;
  /**
   * Whether the audit log's latest entry for `target` is `action` by `actor`: what the console's
   * "done" sentence checks, so that an address cannot claim an action that was not (or no longer
   * is) the last one made.
   */
  lastMadeBy(
    actor: OperatorActor,
    target: { type: 'job' | 'company' | 'site'; id: number | string },
    action: string,
  ): Promise<boolean>;
}

export type JobLinkView =
  | { status: 'ready'; action: 'extend' | 'close'; title: string; validThrough: string | null }
  | {
      status: 'done';
      action: 'extend' | 'close';
      title: string;
      pageUrl: string;
      validThrough: string | null;
    }
  /** The job was closed (or taken off the board) since the mail: nothing for the link to do. */
  | { status: 'closed'; title: string }
  | { status: 'used' | 'expired' | 'unknown' };

/** The one-click links of expiry reminders; no sign-in. */
export interface JobLinksService {
  preview(token: string): Promise<JobLinkView>;
  use(token: string): Promise<JobLinkView>;
}
