// /alerts/confirm?token=…: the double opt-in's landing. A GET only shows the alert and a button (a
// mail scanner that opens links confirms nothing); the button's POST starts it.
import { data, Form, Link } from 'react-router';
import type { Route } from './+types/alert-confirm';
import { Button } from '../components/button.tsx';
import { Container, PageHeader } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import { FREQUENCY_LABELS } from '../features/alerts/alert-texts.ts';
import { BadAlertLink } from '../features/alerts/bad-alert-link.tsx';
import {
  badAlertLink,
  seekerServices,
  TOKEN_PAGE_HEADERS,
} from '../features/alerts/seeker.server.ts';
import { paths } from '../lib/paths.ts';

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? '';

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const alert = await seekerServices(context).alerts.byToken(token);
  if (!alert) return badAlertLink();
  return data({ state: 'open' as const, alert, token }, { headers: TOKEN_PAGE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = tokenOf(request);
  const alert = await seekerServices(context).alerts.confirm(token);
  if (!alert) return badAlertLink();
  return data({ state: 'confirmed' as const }, { headers: TOKEN_PAGE_HEADERS });
}

export const headers: Route.HeadersFunction = () => TOKEN_PAGE_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'Confirm your job alert', noindex: true });

export default function AlertConfirm({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === 'bad-link' || actionData?.state === 'bad-link') {
    return <BadAlertLink focus={!!actionData} />;
  }
  const { alert, token } = loaderData;
  const manage = `${paths.alertManage}?token=${encodeURIComponent(token)}`;
  const justConfirmed = actionData?.state === 'confirmed';
  if (alert.confirmed || justConfirmed) {
    return (
      <>
        <PageHeader title="Your alert is on" lead={alert.label} focus={justConfirmed} />
        <Container className="space-y-4 py-8">
          <p>
            {FREQUENCY_LABELS[alert.frequency]} e-mails of new jobs go to {alert.email}. Each one
            has a link to change, pause or delete the alert.
          </p>
          <p className="flex flex-wrap gap-4">
            <Link to={manage} className="text-brand underline">
              Manage this alert
            </Link>
            <Link
              to={`${paths.jobs}${alert.query ? `?${alert.query}` : ''}`}
              className="text-brand underline"
            >
              See the jobs now
            </Link>
          </p>
        </Container>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Confirm your job alert" lead={alert.label} />
      <Container className="space-y-4 py-8">
        <p>
          {FREQUENCY_LABELS[alert.frequency]} e-mails of new jobs of this search to {alert.email}.
        </p>
        <Form method="post" action={`${paths.alertConfirm}?token=${encodeURIComponent(token)}`}>
          <Button type="submit" variant="primary">
            Start my alert
          </Button>
        </Form>
      </Container>
    </>
  );
}
