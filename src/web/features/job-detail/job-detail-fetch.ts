// A job opened inside the app: its route's own server loader (single fetch), read into what the
// page shows. The first paint of the page is server-rendered; this is only for navigations.
import type { JobDetail, JobSummary } from '../../../shared/contract/jobs.ts';

export type JobResult =
  | { kind: 'found'; job: JobDetail; similar: JobSummary[] }
  | { kind: 'inactive' }
  | { kind: 'not-found' };

type ServerAnswer =
  { kind: 'found'; job: JobDetail; similar: JobSummary[] } | { kind: 'not-found' };

export async function jobFromLoader(serverLoader: () => Promise<unknown>): Promise<JobResult> {
  try {
    const answer = (await serverLoader()) as ServerAnswer;
    return answer.kind === 'found'
      ? { kind: 'found', job: answer.job, similar: answer.similar }
      : { kind: 'not-found' };
  } catch (error) {
    // A closed job's loader redirects to the not-an-active-job page.
    if (error instanceof Response && error.status >= 300 && error.status < 400) {
      return { kind: 'inactive' };
    }
    throw error;
  }
}
