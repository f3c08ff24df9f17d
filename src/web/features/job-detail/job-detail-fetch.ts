// The browser's way to the full job: the JSON API (spec §7 /jobs/job-description).
import { apiPaths } from '../../../shared/api-paths.ts';
import type { JobDetail } from '../../../shared/contract/jobs.ts';

export type JobResult =
  { kind: 'found'; job: JobDetail } | { kind: 'inactive' } | { kind: 'not-found'; message: string };

export async function fetchJobDetail(pageUrl: string, signal?: AbortSignal): Promise<JobResult> {
  const query = new URLSearchParams({ pageUrl });
  const response = await fetch(`${apiPaths.jobDescription}?${query}`, {
    headers: { accept: 'application/json' },
    signal,
  });
  if (response.status === 410) return { kind: 'inactive' };
  const body = (await response.json().catch(() => null)) as {
    message?: string;
    content?: { jobs?: JobDetail | null };
  } | null;
  const job = body?.content?.jobs;
  if (response.ok && job) return { kind: 'found', job };
  // A malformed slug (400) is as missing as an unknown one.
  if (response.status === 404 || response.status === 400)
    return { kind: 'not-found', message: body?.message ?? 'Job not found' };
  throw new Error(`Could not load the job (HTTP ${response.status})`);
}
