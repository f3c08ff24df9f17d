// Where an inactive job's URL leads (DESIGN.md §5): 410 Gone, never indexed. Told which job it was
// (?job=slug), it names the job and offers jobs like it; a job live again (reopened, its closing date moved) sends the
// visitor to it instead of saying it is closed, and a job whose company's edit waits for review
// says it is being updated, without its title (the edit's, which our team has not read).
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
  const inactive = lookup?.status === 'inactive' ? lookup : null;
  const updating = inactive?.updating ? inactive.companyName : null;
  const closed =
    inactive && inactive.title !== null ? `${inactive.title} at ${inactive.companyName}` : null;
  return data(
    { pageUrl, closed, updating, similar, now: pageNow() },
    { status: 410, headers: { 'X-Robots-Tag': 'noindex' } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** What the page says of a job whose company's edit waits for review. */
const UPDATING_TEXTS = {
  title: 'This job is being updated and will be back after a check.',
  message: 'Meanwhile, explore current openings and find your dream job!',
} as const;

export const meta: Route.MetaFunction = (args) => {
  const texts = args.loaderData?.updating != null ? UPDATING_TEXTS : INACTIVE_TEXTS;
  return routeMeta(args, {
    title: texts === UPDATING_TEXTS ? 'Being updated' : 'No longer active',
    description: `${texts.title} ${texts.message}`,
    noindex: true,
  });
};

export default function NotAnActiveJob({ loaderData }: Route.ComponentProps) {
  const { pageUrl, closed, updating, similar, now } = loaderData;
  return (
    <>
      <StatusPanel
        icon={statusIcons.clock}
        tone="warning"
        eyebrow={
          updating !== null
            ? `Being updated: a job at ${updating}`
            : closed
              ? `Position closed: ${closed}`
              : 'Position closed'
        }
        title={updating !== null ? UPDATING_TEXTS.title : INACTIVE_TEXTS.title}
        actions={
          <ButtonLink to={paths.jobs} size="lg">
            Explore current openings
          </ButtonLink>
        }
      >
        <p>{updating !== null ? UPDATING_TEXTS.message : INACTIVE_TEXTS.message}</p>
      </StatusPanel>
      {pageUrl ? <SimilarJobs pageUrl={pageUrl} initial={similar} now={now} /> : null}
    </>
  );
}
