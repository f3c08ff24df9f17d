// /alerts/unsubscribe?token=…: the alert's unsubscribe. A POST deletes the alert at once, with no
// confirmation page and no cookies (RFC 8058 one-click: mail clients POST
// "List-Unsubscribe=One-Click" here); a GET shows the button that sends that POST.
import { data, Form } from 'react-router';
import type { Route } from './+types/alert-unsubscribe';
import { Button } from '../components/button.tsx';
import { Container, DonePage, PageHeader } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import { seekerServices, TOKEN_PAGE_HEADERS } from '../features/alerts/seeker.server.ts';
import { paths } from '../lib/paths.ts';

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? '';

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const alert = await seekerServices(context).alerts.byToken(token);
  // Set by the manage page's Delete, whose post ends here (alert-manage.tsx).
  const deleted = new URL(request.url).searchParams.has('deleted');
  return data(
    { token, label: alert?.label ?? null, email: alert?.email ?? null, deleted },
    { headers: TOKEN_PAGE_HEADERS },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  // Idempotent: an alert already gone answers the same, so a second click is not an error.
  await seekerServices(context).alerts.unsubscribe(tokenOf(request));
  return data({ done: true }, { headers: TOKEN_PAGE_HEADERS });
}

export const headers: Route.HeadersFunction = () => TOKEN_PAGE_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'Unsubscribe from a job alert', noindex: true });

export default function AlertUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.done || loaderData.label === null) {
    return (
      <DonePage
        title="You are unsubscribed"
        lead="The alert and your address are deleted. You will get no more e-mails from it."
        to={paths.jobs}
        linkLabel="Browse the jobs"
        focus={!!actionData?.done || loaderData.deleted}
      />
    );
  }
  return (
    <>
      <PageHeader title="Unsubscribe from this job alert?" lead={loaderData.label} />
      <Container className="space-y-4 py-8">
        <p>E-mails to {loaderData.email} stop, and the address is deleted.</p>
        <Form
          method="post"
          action={`${paths.alertUnsubscribe}?token=${encodeURIComponent(loaderData.token)}`}
        >
          <Button type="submit" variant="primary">
            Unsubscribe
          </Button>
        </Form>
      </Container>
    </>
  );
}
