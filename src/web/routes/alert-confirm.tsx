// /alerts/confirm?token=…: the double opt-in's landing. A GET only shows the alert and a button (a
// mail scanner that opens links confirms nothing); the button's POST starts it.
import { data, Form, Link } from 'react-router';
import type { Route } from './+types/alert-confirm';
import { Button } from '../components/button.tsx';
import { Container, PageHeader } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import { BAD_LINK, FREQUENCY_LABELS } from '../features/alerts/alert-texts.ts';
import { seekerServices, TOKEN_PAGE_HEADERS } from '../features/alerts/seeker.server.ts';
import { paths } from '../lib/paths.ts';

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? '';

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const alert = await seekerServices(context).alerts.byToken(token);
  if (!alert) throw data({ message: BAD_LINK }, { status: 404, headers: TOKEN_PAGE_HEADERS });
  return data({ alert, token, justConfirmed: false }, { headers: TOKEN_PAGE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = tokenOf(request);
  const alert = await seekerServices(context).alerts.confirm(token);
  if (!alert) throw data({ message: BAD_LINK }, { status: 404, headers: TOKEN_PAGE_HEADERS });
  return data({ confirmed: true }, { headers: TOKEN_PAGE_HEADERS });
}

export const headers: Route.HeadersFunction = () => TOKEN_PAGE_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'Confirm your job alert', noindex: true });

export default function AlertConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { alert, token } = loaderData;
  const manage = `${paths.alertManage}?token=${encodeURIComponent(token)}`;
  if (alert.confirmed || actionData?.confirmed) {
    return (
      <>
        <PageHeader title="Your alert is on" lead={alert.label} focus={!!actionData?.confirmed} />
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
