// /job-description/{pageUrl}: the job, server-rendered with its head tags and JSON-LD. A visitor
// coming from a card sees what the card knew at once while the rest comes from the route's loader.
// The page counts its own view once it runs (features/job-detail/record-view.ts).
import { Suspense, use, useEffect } from 'react';
import { pageNow } from '../lib/format.ts';
import { data, redirect, useLocation, useNavigate } from 'react-router';
import { pageUrlSchema } from '../../shared/contract/jobs.ts';
import { noteOrigin } from '../features/job-detail/back-to-listing.ts';
import { cachedJob } from '../features/job-detail/job-cache.ts';
import { type JobResult, jobFromLoader } from '../features/job-detail/job-detail-fetch.ts';
import { JobDetailSkeleton } from '../features/job-detail/job-detail-skeleton.tsx';
import { JobDetailView, JobPreview } from '../features/job-detail/job-detail-view.tsx';
import { jobHeadline, jobMeta } from '../features/job-detail/job-meta.ts';
import { routeMeta } from '../components/seo.ts';
import { JobNotFound } from '../features/job-detail/job-not-found.tsx';
import { SimilarJobs } from '../features/job-detail/similar-jobs.tsx';
import { useRecordView } from '../features/job-detail/record-view.ts';
import { paths } from '../lib/paths.ts';
import type { Route } from './+types/job-detail';

export async function loader({ params, context }: Route.LoaderArgs) {
  const notFound = () => data({ kind: 'not-found' as const }, { status: 404 });
  if (!pageUrlSchema.safeParse(params.pageUrl).success) return notFound();
  const lookup = await context.services.jobs.get(params.pageUrl);
  if (lookup.status === 'inactive') throw redirect(paths.notActiveJobFor(params.pageUrl));
  if (lookup.status === 'not-found') return notFound();
  const similar = await context.services.jobs.similar(params.pageUrl);
  return {
    kind: 'found' as const,
    job: lookup.job,
    similar,
    publicUrl: context.publicUrl,
    nonce: context.nonce,
    // The freshness line ("Verified on the company's site 3 hours ago") hydrates with this time.
    now: pageNow(),
  };
}

// Only for navigations inside the app: the first load uses the server's data (no hydrate).
export function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs) {
  noteOrigin(params.pageUrl);
  return {
    kind: 'pending' as const,
    summary: cachedJob(params.pageUrl),
    // Not awaited: the page shows the card's summary while the server loader answers.
    result: jobFromLoader(serverLoader),
    publicUrl: window.location.origin,
    now: Date.now(),
  };
}

export const meta: Route.MetaFunction = (args) => {
  const loaderData = args.data;
  if (loaderData?.kind === 'found') return jobMeta(loaderData.job, loaderData.publicUrl);
  if (loaderData?.kind === 'pending') {
    return routeMeta(args, { title: loaderData.summary ? jobHeadline(loaderData.summary) : 'Job' });
  }
  return routeMeta(args, { title: 'Job not found', noindex: true });
};

/** Replaces the history entry once rendered (what React Router's <Navigate replace> does). */
function ReplaceWith({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}

// The server's answer as it arrives, read with React's `use` and the router's own hooks rather
// than React Router's <Await> and <Navigate>: the framework chunk every first visit loads holds
// each React Router export any page uses (vite.config.ts), and these two cost it ~0.9 kB (gzip).
// A failed answer goes to the route's error boundary, as it would from <Await>.
function Resolved({
  result: pending,
  publicUrl,
  now,
  pageUrl,
}: {
  result: Promise<JobResult>;
  publicUrl: string;
  now: number;
  pageUrl: string;
}) {
  const result = use(pending);
  if (result.kind === 'inactive') return <ReplaceWith to={paths.notActiveJobFor(pageUrl)} />;
  if (result.kind === 'not-found') return <JobNotFound />;
  return (
    <>
      <JobDetailView job={result.job} publicUrl={publicUrl} now={now} />
      <SimilarJobs pageUrl={result.job.pageUrl} initial={result.similar} now={now} />
    </>
  );
}

export default function JobDetailPage({ loaderData, params }: Route.ComponentProps) {
  const { key } = useLocation();
  useRecordView(loaderData.kind === 'not-found' ? null : params.pageUrl, key);
  if (loaderData.kind === 'not-found') return <JobNotFound />;
  if (loaderData.kind === 'found') {
    return (
      <>
        <JobDetailView {...loaderData} />
        <SimilarJobs
          pageUrl={loaderData.job.pageUrl}
          initial={loaderData.similar}
          now={loaderData.now}
        />
      </>
    );
  }
  const { summary, publicUrl, now } = loaderData;
  const fallback = summary ? (
    <JobPreview summary={summary} publicUrl={publicUrl} />
  ) : (
    <div className="container-page max-w-3xl py-6 sm:py-10">
      <JobDetailSkeleton />
    </div>
  );
  return (
    <Suspense fallback={fallback}>
      <Resolved
        result={loaderData.result}
        publicUrl={publicUrl}
        now={now}
        pageUrl={params.pageUrl}
      />
    </Suspense>
  );
}
