// /alerts/unsubscribe?token=…: the alert's unsubscribe. A POST deletes the alert at once, with no
// confirmation page and no cookies (RFC 8058 one-click: mail clients POST
// "List-Unsubscribe=One-Click" here); a GET shows the button that sends that POST. One alert's
// link stops that alert: the address goes with its last alert, or with all of them at once when
// the visitor asks ("Stop all e-mails to …", intent=all), and the page says which was done.
import { data, Form } from 'react-router';
import type { Route } from './+types/alert-unsubscribe';
import { Button } from '../components/button.tsx';
import { Container, DonePage, PageHeader } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import {
  othersWords,
  UNSUBSCRIBE_NO_ALERT,
  UNSUBSCRIBE_NOT_VALID,
  unsubscribedWords,
} from '../features/alerts/alert-texts.ts';
import {
  field,
  looksLikeAlertToken,
  otherAlertsOf,
  readUnsubscribed,
  seekerServices,
  TOKEN_PAGE_HEADERS,
  unsubscribeAll,
  unsubscribeOne,
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
  // Where the manage page's Delete ends once it has deleted (alert-manage.tsx), saying what.
  const done = token === '' ? readUnsubscribed(new URL(request.url).searchParams) : null;
  if (done) return data({ state: 'deleted' as const, done }, { headers: TOKEN_PAGE_HEADERS });
  const { alerts } = seekerServices(context);
  const alert = await alerts.byToken(token);
  if (!alert) return noAlert(token);
  const { others, requests } = await otherAlertsOf(alerts, alert.email, alert.id);
  return data(
    { state: 'open' as const, token, label: alert.label, email: alert.email, others, requests },
    { headers: TOKEN_PAGE_HEADERS },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = tokenOf(request);
  const { alerts } = seekerServices(context);
  // A mail client's one-click POST has no intent (nor, from some, a body): it stops this alert.
  const form = await request.formData().catch(() => null);
  const all = form !== null && field(form, 'intent') === 'all';
  const done = all ? await unsubscribeAll(alerts, token) : await unsubscribeOne(alerts, token);
  if (done) return data({ state: 'deleted' as const, done }, { headers: TOKEN_PAGE_HEADERS });
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
        {...unsubscribedWords(answer.done)}
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
  const action = `${paths.alertUnsubscribe}?token=${encodeURIComponent(answer.token)}`;
  return (
    <>
      <PageHeader title="Unsubscribe from this job alert?" lead={answer.label} />
      <Container className="space-y-4 py-8">
        {answer.others === 0 ? (
          <p>
            E-mails of this alert to {answer.email} stop. It is the address’s only alert, so the
            address is deleted too.
          </p>
        ) : (
          <p>
            E-mails of this alert to {answer.email} stop and the alert is deleted. The address has{' '}
            {othersWords(answer)}, unless you stop all e-mails to it.
          </p>
        )}
        <div className="flex flex-wrap gap-4">
          <Form method="post" action={action}>
            <Button type="submit" variant="primary">
              Unsubscribe
            </Button>
          </Form>
          {answer.others > 0 && (
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value="all" />
              <Button type="submit" variant="secondary">
                Stop all e-mails to {answer.email}
              </Button>
            </Form>
          )}
        </div>
      </Container>
    </>
  );
}
