// The employer's job sources (ATS boards the hourly sync reads), as the dashboard page
// /employer/job-sources sees them through the load context (`context.jobSources`).
import type { Result } from './employer-services.ts';

export interface JobSourceOption {
  name: string;
  label: string;
  boardLabel: string;
  boardHint: string;
}

/** What one crawl did. `errors` names postings that could not be saved (never silently). */
export interface SyncSummary {
  found: number;
  added: number;
  updated: number;
  unchanged: number;
  reopened: number;
  closed: number;
  held: number;
  failed: number;
  errors: string[];
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
  /** Live or in-review jobs synced from this board. */
  openJobs: number;
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
  ): Promise<Result<{ connectionId: number; outcome: SyncOutcome }>>;
  syncNow(accountId: string, connectionId: number): Promise<Result<SyncOutcome>>;
  /** Its jobs stay open (as the company's own) or close. */
  disconnect(
    accountId: string,
    connectionId: number,
    jobs: 'keep' | 'close',
  ): Promise<Result<{ closed: number }>>;
}
