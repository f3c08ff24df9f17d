// /alerts/unsubscribe?token=…: the alert's unsubscribe. A POST deletes the alert at once, with no
// confirmation page and no cookies (RFC 8058 one-click: mail clients POST
// "List-Unsubscribe=One-Click" here); a GET shows the button that sends that POST.
import { data, Form } from 'react-router';
import type { Route } from './+types/alert-unsubscribe';
import { Button } from '../components/button.tsx';
import { Container, DonePage, PageHeader } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import { UNSUBSCRIBE_NO_ALERT, UNSUBSCRIBE_NOT_VALID } from '../features/alerts/alert-texts.ts';
import {
  looksLikeAlertToken,
  seekerServices,
  TOKEN_PAGE_HEADERS,
} from '../features/alerts/seeker.server.ts';
import { paths } from '../lib/paths.ts';

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? '';

/** What a link that opens no alert says: never "unsubscribed", which nothing here has done. */
function noAlert(token: string) {
  return looksLikeAlertToken(token)
    ? data({ state: 'no-alert' as const }, { headers: TOKEN_PAGE_HEADERS })
    : data({ state: 'not-valid' as const }, { status: 404, headers: TOKEN_PAGE_HEADERS });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(request);
  // Where the manage page's Delete ends once it has deleted the alert (alert-manage.tsx).
  if (token === '' && new URL(request.url).searchParams.has('deleted')) {
    return data({ state: 'deleted' as const }, { headers: TOKEN_PAGE_HEADERS });
  }
  const alert = await seekerServices(context).alerts.byToken(token);
  if (!alert) return noAlert(token);
  return data(
    { state: 'open' as const, token, label: alert.label, email: alert.email },
    { headers: TOKEN_PAGE_HEADERS },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = tokenOf(request);
  if (await seekerServices(context).alerts.unsubscribe(token)) {
    return data({ state: 'deleted' as const }, { headers: TOKEN_PAGE_HEADERS });
  }
  // A second click (or a mail provider's second POST) is answered, not refused: 200, as before.
  return noAlert(token);
}

export const headers: Route.HeadersFunction = () => TOKEN_PAGE_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'Unsubscribe from a job alert', noindex: true });

export default function AlertUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData ?? loaderData;
  // The heading takes the focus only when the page answers the visitor's own post.
  const focus = !!actionData || answer.state === 'deleted';
  if (answer.state === 'deleted') {
    return (
      <DonePage
        title="You are unsubscribed"
        lead="The alert and your address are deleted. You will get no more e-mails from it."
        to={paths.jobs}
        linkLabel="Browse the jobs"
        focus={focus}
      />
    );
  }
  if (answer.state !== 'open') {
    const words = answer.state === 'no-alert' ? UNSUBSCRIBE_NO_ALERT : UNSUBSCRIBE_NOT_VALID;
    return (
      <DonePage
        title={words.title}
        lead={words.lead}
        to={paths.jobs}
        linkLabel="Browse the jobs"
        focus={focus}
      />
    );
  }
  return (
    <>
      <PageHeader title="Unsubscribe from this job alert?" lead={answer.label} />
      <Container className="space-y-4 py-8">
        <p>E-mails to {answer.email} stop, and the address is deleted.</p>
        <Form
          method="post"
          action={`${paths.alertUnsubscribe}?token=${encodeURIComponent(answer.token)}`}
        >
          <Button type="submit" variant="primary">
            Unsubscribe
          </Button>
        </Form>
      </Container>
    </>
  );
}
