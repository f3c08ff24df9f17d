// The employer side's services as route loaders and actions see them (React Router's load
// context). Each call takes the signed-in account's id from the session and answers a domain
// result; the server implements these, the web app never imports src/server.
import type { DraftValues, FieldErrors, JobStatus } from './contract/employer-jobs.ts';
import type { DropdownOption } from './contract/filters.ts';
import type { JobDetail } from './contract/jobs.ts';

export type Failure = {
  ok: false;
  reason: 'not-found' | 'forbidden' | 'invalid' | 'conflict';
  message: string;
  fieldErrors?: FieldErrors;
};
export type Result<T> = { ok: true; value: T } | Failure;

export interface CompanySummary {
  id: number;
  companyName: string;
  role: 'owner' | 'member';
  verified: boolean;
  suspended: boolean;
}

export interface EmployerJobRow {
  /** A job's id, or a draft's id when status is 'draft'. */
  id: number;
  kind: 'job' | 'draft';
  title: string;
  pageUrl: string | null;
  status: JobStatus;
  rejectionReason: string | null;
  /** Why our team hid the job (a report, the company's suspension); it is then off the board. */
  hiddenReason: string | null;
  views: number;
  /** When it was posted, or for a job never on the board (hasBeenLive false), submitted. */
  postedAt: string | null;
  /** Whether the job was ever on the board (jobs.has_been_live); false for a draft. */
  hasBeenLive: boolean;
  closingDate: string | null;
  /** When a closed job was closed (by its company, our team or a check); null otherwise. */
  closedAt?: string | null;
  /** How many postings came before this one in its history, and since when. */
  reposts: number;
  historySince: string | null;
  /** Unsaved edits exist (a draft beside the job). */
  hasDraft: boolean;
  /** Why a closed job closed when its company did not close it, e.g. "apply link not working". */
  closedReason?: string | null;
  /** What the last check of its apply link answered ("200", "404", "timed out"…). */
  applyLinkResult?: string | null;
  /** The connected ATS board the job is synced from; its next change there replaces the job. */
  fromBoard?: BoardOrigin | null;
  /** Why a job from a board waits for our review (what we could not place), while it waits. */
  heldReason?: string | null;
}

/** The applicant-tracking-system board a job is read from (modules/ats). */
export interface BoardOrigin {
  /** The system's name, e.g. "Greenhouse". */
  system: string;
  board: string;
}

export interface JobFormState {
  companyId: number;
  jobId: number | null;
  draftId: number | null;
  status: JobStatus;
  values: DraftValues;
  fromBoard?: BoardOrigin | null;
  heldReason?: string | null;
  /**
   * A live job of an unverified company: a change to its words or apply link sends it back to
   * review, off the board until approved (employer-jobs.service.ts REVIEWED_COLUMNS).
   */
  changesGoToReview?: boolean;
  /** Why our team hid the job from visitors (a report, a suspension), or null: it stays hidden. */
  hiddenReason?: string | null;
  /** A rejected job: why our team rejected it (null when no reason was kept). */
  rejectionReason?: string | null;
  /**
   * A rejected job: the status its submission gives it, live for a verified company (unless our
   * team hid the job), else in review.
   */
  resubmitsTo?: JobStatus;
  /**
   * A new job's draft made by Repost or Duplicate: which, and the title of the job it copies
   * (null if that job is gone).
   */
  copyOf?: { kind: 'repost' | 'duplicate'; title: string | null } | null;
}

export interface FormChoices {
  jobTypes: DropdownOption[];
  salaryTypes: DropdownOption[];
  levels: DropdownOption[];
}

export interface SaveOutcome {
  draftId: number | null;
  jobId: number | null;
  status: JobStatus;
  pageUrl: string | null;
  /** False when an edit sent the values the job already had (nothing was written). */
  changed?: boolean;
  /** True when an edit took a live job off the board to wait for review again (its new words). */
  sentToReview?: boolean;
  /**
   * True when an edit of a company not verified yet changed the words or apply link review reads,
   * whatever the job's status: a closed job reopened with them waits for review (the ATS sync).
   */
  unreviewed?: boolean;
  /**
   * True when the edit sent to review is of a job hidden after reports: its new words wait for our
   * team whatever the company's verification, so a restore of the job cannot show them unread.
   */
  heldHidden?: boolean;
  /**
   * Why a new job that copies another (a duplicate or a repost) waits for review whatever its
   * company's verification: the job it copies is hidden after reports, or our team removed it.
   */
  heldCopy?: 'hidden' | 'removed';
}

export interface CompanyProfile {
  id: number;
  companyName: string;
  companyWebsite: string | null;
  companyLocation: string | null;
  companyOverview: string | null;
  companyLogo: string;
  verified: boolean;
  suspended: boolean;
}

export interface MemberRow {
  userId: string;
  name: string;
  email: string;
  role: 'owner' | 'member';
}

export interface InvitationRow {
  id: number;
  email: string;
  expiresAt: string;
}

export interface JoinRequestRow {
  id: number;
  userId: string;
  name: string;
  email: string;
}

/** Which draft a save goes to (EmployerJobsService.saveDraft). */
export interface DraftRef {
  companyId: number;
  draftId?: number;
  jobId?: number;
  formKey?: string;
  reuseSame?: boolean;
}

export interface EmployerJobsService {
  list(accountId: string, companyId: number, status?: JobStatus): Promise<Result<EmployerJobRow[]>>;
  choices(): Promise<FormChoices>;
  /** The form for a new job (a draft id) or an existing job (its unsaved edits if any). */
  form(accountId: string, ref: { draftId?: number; jobId?: number }): Promise<Result<JobFormState>>;
  /**
   * Saves the form as a draft. A new job's form names its draft by `formKey` (a random UUID from
   * its first render) until it knows the draft's id, so that crossing saves make one draft.
   * `reuseSame`: a new job's form whose values a draft of the account's holds exactly saves
   * into that draft (the form sent again, under a new key, after Back from its preview).
   */
  saveDraft(
    accountId: string,
    ref: DraftRef,
    values: Record<string, unknown>,
  ): Promise<Result<{ draftId: number }>>;
  /** Validates and publishes: a new job goes to review (or live for a verified company). */
  /**
   * Submits a draft (or a job's edits). `formKey` names the form the draft came from: a second
   * press that comes after the first made the job (its draft gone) answers that job.
   */
  submit(
    accountId: string,
    ref: { companyId: number; draftId?: number; jobId?: number; formKey?: string },
    values: Record<string, unknown>,
  ): Promise<Result<SaveOutcome>>;
  preview(accountId: string, ref: { draftId?: number; jobId?: number }): Promise<Result<JobDetail>>;
  close(accountId: string, jobId: number): Promise<Result<{ status: JobStatus }>>;
  duplicate(accountId: string, jobId: number): Promise<Result<{ draftId: number }>>;
  repost(accountId: string, jobId: number): Promise<Result<{ draftId: number }>>;
  discardDraft(accountId: string, draftId: number): Promise<Result<null>>;
  requestCity(accountId: string, companyId: number, name: string): Promise<Result<null>>;
}

/** The posting API's scopes (modules/ingestion): reading the company's jobs, writing them. */
export const API_KEY_SCOPES = ['jobs:read', 'jobs:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export interface ApiKeyRow {
  id: number;
  name: string;
  scopes: ApiKeyScope[];
  /** The key's first characters, to tell keys apart; the whole key is shown only once. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A company's open invitations, beside CompaniesService's invite and accept: owners revoke them. */
export interface InvitationsService {
  /** Voids the open invitation's link; its address, for the owner's message. */
  revoke(
    accountId: string,
    companyId: number,
    invitationId: number,
  ): Promise<Result<{ email: string }>>;
  /** The address of one of the company's invitations, open or not (owners only): for the word
   * on what was done to it, which the page reads from its id after a redirect. */
  address(
    accountId: string,
    companyId: number,
    invitationId: number,
  ): Promise<Result<{ email: string }>>;
}

/** A company's posting-API keys; only its owners manage them. */
export interface ApiKeysService {
  list(accountId: string, companyId: number): Promise<Result<ApiKeyRow[]>>;
  /**
   * Makes a key; `key` is the secret, returned this once and never stored. `reveal` is the key
   * sealed for the page that shows it after a redirect (a short-lived cookie): only `reveal()`
   * can open it, within minutes of making the key, and only while the key is not revoked.
   */
  create(
    accountId: string,
    companyId: number,
    values: { name: unknown; scopes: unknown },
  ): Promise<Result<{ key: string; row: ApiKeyRow; reveal: string }>>;
  /** The new key sealed by create(), or null when it is not this company's, too old or revoked. */
  reveal(accountId: string, companyId: number, sealed: string): Promise<RevealedKey | null>;
  revoke(accountId: string, companyId: number, keyId: number): Promise<Result<null>>;
}

/** A key just made, shown once. */
export interface RevealedKey {
  id: number;
  name: string;
  key: string;
}

/**
 * A job closed as "apply link not working" (modules/lifecycle/link-recovery.ts): its link checked
 * again on demand, and the job reopened once the link works (checked right then).
 */
export interface LinkRecoveryService {
  /** `message` says what the check found, in words for the employer. */
  check(
    accountId: string,
    jobId: number,
  ): Promise<Result<{ works: boolean; result: string; message: string }>>;
  reopen(accountId: string, jobId: number): Promise<Result<{ status: JobStatus }>>;
}

/** A company's uploaded logo taken off again (owners only), in the audit log. */
export interface CompanyLogosService {
  /** The company shows its monogram again; `removed` false when it had no uploaded logo. */
  removeLogo(accountId: string, companyId: number): Promise<Result<{ removed: boolean }>>;
}

export interface CompaniesService {
  mine(accountId: string): Promise<CompanySummary[]>;
  create(
    account: { id: string; email: string; emailVerified: boolean },
    values: Record<string, unknown>,
  ): Promise<Result<{ companyId: number; verified: boolean }>>;
  profile(accountId: string, companyId: number): Promise<Result<CompanyProfile>>;
  /**
   * Saves the profile; a name another company has is refused. A new website decides verification
   * again, as create() does: `verified` is the company's now, `verifiedBefore` what it was.
   */
  update(
    accountId: string,
    companyId: number,
    values: Record<string, unknown>,
  ): Promise<Result<{ verified: boolean; verifiedBefore: boolean }>>;
  uploadLogo(accountId: string, companyId: number, file: Uint8Array): Promise<Result<null>>;
  search(name: string): Promise<DropdownOption[]>;
  requestJoin(accountId: string, companyId: number): Promise<Result<null>>;
  joinRequests(accountId: string, companyId: number): Promise<Result<JoinRequestRow[]>>;
  decideJoin(
    accountId: string,
    companyId: number,
    requestId: number,
    accept: boolean,
  ): Promise<Result<null>>;
  members(accountId: string, companyId: number): Promise<Result<MemberRow[]>>;
  invitations(accountId: string, companyId: number): Promise<Result<InvitationRow[]>>;
  invite(
    accountId: string,
    companyId: number,
    values: Record<string, unknown>,
    acceptUrl: (token: string) => string,
  ): Promise<Result<null>>;
  /** The company and address of a mailed invitation while it can be accepted (no sign-in asked). */
  invitation(token: string): Promise<Result<{ companyName: string; email: string }>>;
  acceptInvitation(
    account: { id: string; email: string; emailVerified: boolean },
    token: string,
  ): Promise<Result<{ companyId: number }>>;
  /**
   * An owner removes another member (an owner too, while another owner stays); the removed member
   * is mailed that they no longer have access. The member's name.
   */
  removeMember(
    accountId: string,
    companyId: number,
    userId: string,
  ): Promise<Result<{ name: string; companyName: string }>>;
  /** A member leaves the company; an owner only while another owner stays. */
  leave(accountId: string, companyId: number): Promise<Result<{ companyName: string }>>;
  /**
   * The name of a company the account no longer belongs to, having been removed from it or left
   * it; null otherwise (a member's page posted after the removal says so, by name).
   */
  formerCompany(accountId: string, companyId: number): Promise<string | null>;
  /** An owner makes a member an owner too (done already for an owner): the member's name. */
  makeOwner(
    accountId: string,
    companyId: number,
    userId: string,
  ): Promise<Result<{ name: string; companyName: string }>>;
  /** An owner makes another owner a plain member again (done already for a member). */
  makeMember(
    accountId: string,
    companyId: number,
    userId: string,
  ): Promise<Result<{ name: string; companyName: string }>>;
}
