// Up to six jobs like this one, under a job's page and a closed job's page. The server renders
// them with the page; after a navigation inside the app they come from the JSON API.
import { useEffect, useState } from 'react';
import { apiPaths } from '../../../shared/api-paths.ts';
import type { JobSummary } from '../../../shared/contract/jobs.ts';
import { JobCard } from '../jobs/job-card.tsx';

export const SIMILAR_HEADING = 'Similar jobs';

export function SimilarJobs(props: { pageUrl: string; initial?: JobSummary[]; now: number }) {
  const { pageUrl, initial, now } = props;
  const [fetched, setFetched] = useState<{ pageUrl: string; jobs: JobSummary[] } | null>(null);
  useEffect(() => {
    if (initial) return;
    const controller = new AbortController();
    import('../../lib/api.ts')
      .then(({ apiGet }) =>
        apiGet<{ jobs: JobSummary[] }>(
          apiPaths.similarJobs,
          { pageUrl },
          { signal: controller.signal },
        ),
      )
      .then((content) => setFetched({ pageUrl, jobs: content.jobs }))
      // Similar jobs are a bonus: without them the page is still whole.
      .catch(() => undefined);
    return () => controller.abort();
  }, [pageUrl, initial]);
  const jobs = initial ?? (fetched?.pageUrl === pageUrl ? fetched.jobs : []);
  if (jobs.length === 0) return null;
  return (
    <section aria-labelledby="similar-jobs" className="container-page max-w-5xl pb-10">
      <h2 id="similar-jobs" className="text-fg mb-4 text-xl font-semibold">
        {SIMILAR_HEADING}
      </h2>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {jobs.map((job) => (
          <JobCard key={job._id} job={job} now={now} selected={false} />
        ))}
      </ul>
    </section>
  );
}
