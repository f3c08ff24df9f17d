// Up to six jobs like this one, under a job's page and a closed job's page, from the page's loader
// (server-rendered, and the same loader after a navigation inside the app).
import type { JobSummary } from '../../../shared/contract/jobs.ts';
import { JobCard } from '../jobs/job-card.tsx';

export const SIMILAR_HEADING = 'Similar jobs';

export function SimilarJobs(props: { pageUrl: string; initial: JobSummary[]; now: number }) {
  const { initial: jobs, now } = props;
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
