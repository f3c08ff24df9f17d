// Jobs the visitor has already seen on a card, kept in memory for this tab, so opening one shows
// its title, company and salary at once while the rest of the job loads.
import type { JobSummary } from '../../../shared/contract/jobs.ts';

const MAX_ENTRIES = 200;
const jobs = new Map<string, JobSummary>();

/** Called by the listing when a card is opened (or shown). */
export function rememberJob(summary: JobSummary): void {
  jobs.delete(summary.pageUrl);
  jobs.set(summary.pageUrl, summary);
  // A long scroll through the listing must not grow the tab's memory without bound.
  if (jobs.size > MAX_ENTRIES) jobs.delete(jobs.keys().next().value as string);
}

export function cachedJob(pageUrl: string): JobSummary | undefined {
  return jobs.get(pageUrl);
}
