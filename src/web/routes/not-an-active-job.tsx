// Where an inactive job's URL leads (DESIGN.md §5): 410 Gone, never indexed. Told which job it was
// (?job=slug), it names the job and offers jobs like it; a job live again (reopened, its closing date moved) sends the
// visitor to it instead of saying it is closed.
import { data, redirect } from 'react-router';
import { pageNow } from '../lib/format.ts';
import { pageUrlSchema } from '../../shared/contract/jobs.ts';
import type { Route } from './+types/not-an-active-job';
import { routeMeta } from '../components/seo.ts';
import { ButtonLink } from '../components/button.tsx';
import { INACTIVE_TEXTS } from '../components/status-pages.tsx';
import { StatusPanel } from '../components/status-panel.tsx';
import { statusIcons } from '../components/status-icons.ts';
import { SimilarJobs } from '../features/job-detail/similar-jobs.tsx';
import { paths } from '../lib/paths.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const job = pageUrlSchema.safeParse(new URL(request.url).searchParams.get('job') ?? '');
  const lookup = job.success ? await context.services.jobs.get(job.data) : null;
  if (job.success && lookup?.status === 'found') throw redirect(paths.job(job.data));
  const similar = job.success ? await context.services.jobs.similar(job.data) : [];
  const pageUrl = job.success ? job.data : null;
  // An unknown slug (never on the board, or made up) names nothing: the page says only what the spec says.
  const closed = lookup?.status === 'inactive' ? `${lookup.title} at ${lookup.companyName}` : null;
  return data(
    { pageUrl, closed, similar, now: pageNow() },
    { status: 410, headers: { 'X-Robots-Tag': 'noindex' } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'No longer active',
    description: `${INACTIVE_TEXTS.title} ${INACTIVE_TEXTS.message}`,
    noindex: true,
  });

export default function NotAnActiveJob({ loaderData }: Route.ComponentProps) {
  const { pageUrl, closed, similar, now } = loaderData;
  return (
    <>
      <StatusPanel
        icon={statusIcons.clock}
        tone="warning"
        eyebrow={closed ? `Position closed: ${closed}` : 'Position closed'}
        title={INACTIVE_TEXTS.title}
        actions={
          <ButtonLink to={paths.jobs} size="lg">
            Explore current openings
          </ButtonLink>
        }
      >
        <p>{INACTIVE_TEXTS.message}</p>
      </StatusPanel>
      {pageUrl ? <SimilarJobs pageUrl={pageUrl} initial={similar} now={now} /> : null}
    </>
  );
}
