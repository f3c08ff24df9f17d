// The employer's job sources (ATS boards the hourly sync reads), as the dashboard page
// /employer/job-sources sees them through the load context (`context.jobSources`).
import type { Result } from './employer-services.ts';

export interface JobSourceOption {
  name: string;
  label: string;
  boardLabel: string;
  boardHint: string;
}

/** A posting held for our review, and why (what we could not place). */
export interface HeldPosting {
  title: string;
  reason: string;
}

/**
 * What one crawl did; each new or changed posting is counted once. `added` went live, `waiting`
 * were added, or changed in words or apply link, and wait for our review (the company is not
 * verified yet; a changed one is off the board until approved), `held` were added or
 * changed but wait for our review because we could not place them (`holds` says why). `errors`
 * names postings that could not be saved (never silently).
 */
export interface SyncSummary {
  found: number;
  added: number;
  waiting: number;
  updated: number;
  unchanged: number;
  reopened: number;
  closed: number;
  held: number;
  holds: HeldPosting[];
  failed: number;
  errors: string[];
}

/** A job from a board that waits for our review because we could not place its posting. */
export interface HeldJob extends HeldPosting {
  jobId: number;
}

export interface JobSourceRow {
  id: number;
  source: string;
  sourceLabel: string;
  boardId: string;
  /** never (not crawled yet) | ok | failed (the last crawl's outcome) */
  status: 'never' | 'ok' | 'failed';
  lastCrawlStartedAt: string | null;
  lastCrawlFinishedAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  jobsSeen: number;
  summary: SyncSummary | null;
  /** Jobs from this board on the public board now. */
  liveJobs: number;
  /** Jobs from this board waiting for our review (held ones included). */
  reviewJobs: number;
  /** The ones held because we could not place them, with the reason. */
  held: HeldJob[];
}

/** A board whose last sync failed, as the dashboard shows it to every member. */
export interface FailedSync {
  sourceLabel: string;
  boardId: string;
  error: string;
  at: string | null;
}

export type SyncOutcome = { ok: true; summary: SyncSummary } | { ok: false; error: string };

export interface JobSourcesService {
  sources(): JobSourceOption[];
  list(accountId: string, companyId: number): Promise<Result<JobSourceRow[]>>;
  /** Reads the board first: a board we cannot read is not saved; one we can is synced at once. */
  connect(
    accountId: string,
    companyId: number,
    input: { source: unknown; boardId: unknown },
  ): Promise<
    Result<{ connectionId: number; source: string; boardId: string; outcome: SyncOutcome }>
  >;
  syncNow(accountId: string, connectionId: number): Promise<Result<SyncOutcome>>;
  /** The company's boards whose last sync failed (any member may see them). */
  failures(accountId: string, companyId: number): Promise<Result<FailedSync[]>>;
  /** Its jobs stay open (as the company's own) or close. */
  disconnect(
    accountId: string,
    connectionId: number,
    jobs: 'keep' | 'close',
  ): Promise<Result<{ closed: number }>>;
}
