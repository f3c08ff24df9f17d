// /job-link/:token: the one-click links of an expiry reminder ("still open, extend 30 days",
// "filled, close it"). No sign-in; each link acts once. Opening the link shows one button, and the
// button acts: a mail scanner that fetches the link changes nothing.
import { data, Form } from 'react-router';
import type { Route } from './+types/job-link';
import type { JobLinksService, JobLinkView } from '../../shared/operator-services.ts';
import { Button, ButtonLink } from '../components/button.tsx';
import { Container, PageHeader } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import { assertSameOrigin, PRIVATE_HEADERS } from '../features/employer/employer.server.ts';
import { formatDate } from '../lib/format.ts';
import { paths } from '../lib/paths.ts';

function links(context: Route.LoaderArgs['context']): JobLinksService {
  const service = context.jobLinks as JobLinksService | undefined;
  if (!service) throw new Error('The load context has no job links (app.ts)');
  return service;
}

const statusOf = (view: JobLinkView) =>
  view.status === 'unknown'
    ? 404
    : view.status === 'used' || view.status === 'expired' || view.status === 'closed'
      ? 410
      : 200;

export async function loader({ params, context }: Route.LoaderArgs) {
  const view = await links(context).preview(params.token);
  return data(view, { status: statusOf(view), headers: PRIVATE_HEADERS });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const view = await links(context).use(params.token);
  return data(view, { status: statusOf(view), headers: PRIVATE_HEADERS });
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Your job posting',
    description: 'Extend or close a job',
    noindex: true,
  });

function Body({ view }: { view: JobLinkView }) {
  switch (view.status) {
    case 'ready':
      return (
        <>
          <p className="mb-4">
            {view.action === 'extend'
              ? `Keep “${view.title}” listed for 30 more days (it closes on ${formatDate(view.validThrough)}).`
              : `Close “${view.title}” now: the position is filled.`}
          </p>
          <Form method="post">
            <Button type="submit" variant="primary">
              {view.action === 'extend' ? 'Extend by 30 days' : 'Close the job'}
            </Button>
          </Form>
        </>
      );
    case 'done':
      return (
        <>
          <p role="status" className="mb-4">
            {view.action === 'extend'
              ? `Done: “${view.title}” now closes on ${formatDate(view.validThrough)}.`
              : `Done: “${view.title}” is closed.`}
          </p>
          {view.action === 'extend' && (
            <ButtonLink to={paths.job(view.pageUrl)} variant="secondary">
              See the job
            </ButtonLink>
          )}
        </>
      );
    case 'closed':
      return (
        <>
          <p className="mb-4">
            “{view.title}” is closed already, so this link has nothing to do. To list it again,
            repost it from your dashboard.
          </p>
          <ButtonLink to={paths.employer} variant="secondary">
            Go to your dashboard
          </ButtonLink>
        </>
      );
    case 'used':
    case 'expired':
      // The job as it is now (its closing date, whether it is open) is on the dashboard.
      return (
        <>
          <p className="mb-4">
            {view.status === 'used'
              ? 'This link was used already: each link works once.'
              : 'This link has expired, or the job is no longer open.'}{' '}
            Your dashboard shows the job as it is now, and extends or closes it.
          </p>
          <ButtonLink to={paths.employer} variant="secondary">
            Go to your dashboard
          </ButtonLink>
        </>
      );
    default:
      return <p>This link is not valid.</p>;
  }
}

export default function JobLink({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Your job posting" />
      <Container className="py-8">
        <Body view={actionData ?? loaderData} />
      </Container>
    </>
  );
}
