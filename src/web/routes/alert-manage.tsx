// /alerts/manage?token=…: change how often, pause or resume, or delete an alert — by the link in
// its e-mails, no sign-in.
import { data, Form, Link, redirect } from 'react-router';
import type { Route } from './+types/alert-manage';
import { ALERT_FREQUENCIES, type AlertFrequency } from '../../shared/seeker-services.ts';
import { Button } from '../components/button.tsx';
import { Container, PageHeader } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import { othersWords } from '../features/alerts/alert-texts.ts';
import { BadAlertLink } from '../features/alerts/bad-alert-link.tsx';
import {
  badAlertLink,
  field,
  otherAlertsOf,
  seekerServices,
  TOKEN_PAGE_HEADERS,
  unsubscribeAll,
  unsubscribedSearch,
  unsubscribeOne,
} from '../features/alerts/seeker.server.ts';
import { FrequencyChoices } from '../features/alerts/frequency-choices.tsx';
import { paths } from '../lib/paths.ts';

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? '';

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const { alerts } = seekerServices(context);
  const alert = await alerts.byToken(token);
  if (!alert) return badAlertLink();
  const { others, requests } = await otherAlertsOf(alerts, alert.email, alert.id);
  return data(
    { state: 'open' as const, alert, token, others, requests },
    { headers: TOKEN_PAGE_HEADERS },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = tokenOf(request);
  const { alerts } = seekerServices(context);
  const form = await request.formData();
  const intent = field(form, 'intent');
  if (intent === 'delete' || intent === 'delete-all') {
    const done =
      intent === 'delete-all'
        ? await unsubscribeAll(alerts, token)
        : await unsubscribeOne(alerts, token);
    if (!done) return badAlertLink();
    // Without the token or the address: the unsubscribe page says what was done, and "unsubscribed"
    // only where something was.
    throw redirect(`${paths.alertUnsubscribe}${unsubscribedSearch(done)}`, {
      headers: TOKEN_PAGE_HEADERS,
    });
  }
  const frequency = field(form, 'frequency');
  if (intent === 'frequency' && !ALERT_FREQUENCIES.includes(frequency as AlertFrequency)) {
    return data(
      { state: 'answered' as const, saved: null, error: 'Choose daily or weekly.' },
      { status: 400, headers: TOKEN_PAGE_HEADERS },
    );
  }
  const change =
    intent === 'pause'
      ? { paused: true }
      : intent === 'resume'
        ? { paused: false }
        : intent === 'frequency'
          ? { frequency: frequency as AlertFrequency }
          : null;
  if (!change) {
    return data(
      { state: 'answered' as const, saved: null, error: 'Unknown action.' },
      { status: 400, headers: TOKEN_PAGE_HEADERS },
    );
  }
  const alert = await alerts.update(token, change);
  if (!alert) return badAlertLink();
  // The status line already begins "Paused:", so a pause needs no word of its own before it.
  const saved = intent === 'pause' ? null : intent === 'resume' ? 'Resumed.' : 'Saved.';
  return data({ state: 'answered' as const, saved, error: null }, { headers: TOKEN_PAGE_HEADERS });
}

export const headers: Route.HeadersFunction = () => TOKEN_PAGE_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'Manage your job alert', noindex: true });

export default function AlertManage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === 'bad-link' || actionData?.state === 'bad-link') {
    return <BadAlertLink focus={!!actionData} />;
  }
  const { alert, token, others, requests } = loaderData;
  const action = `${paths.alertManage}?token=${encodeURIComponent(token)}`;
  const status = !alert.confirmed
    ? 'Not confirmed yet: nothing is sent until you start it.'
    : alert.paused
      ? 'Paused: no e-mails until you resume.'
      : `On: ${alert.frequency} e-mails to ${alert.email}.`;
  return (
    <>
      <PageHeader title="Manage your job alert" lead={alert.label} />
      <Container className="max-w-xl space-y-8 py-8">
        <p role="status">
          {actionData?.saved ? `${actionData.saved} ` : ''}
          {status}
        </p>
        {actionData?.error && (
          <p role="alert" className="text-danger">
            {actionData.error}
          </p>
        )}
        <Form method="post" action={action} className="space-y-3">
          <input type="hidden" name="intent" value="frequency" />
          <fieldset>
            <legend className="mb-2 font-semibold">How often</legend>
            <FrequencyChoices checked={alert.frequency} />
          </fieldset>
          <Button type="submit" variant="secondary">
            Save
          </Button>
        </Form>
        {alert.confirmed ? (
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value={alert.paused ? 'resume' : 'pause'} />
            <Button type="submit" variant="secondary">
              {alert.paused ? 'Resume the alert' : 'Pause the alert'}
            </Button>
          </Form>
        ) : (
          // Not started, there is nothing to pause: the confirmation mail's own step instead
          // (the same token opens both pages).
          <Form method="post" action={`${paths.alertConfirm}?token=${encodeURIComponent(token)}`}>
            <Button type="submit" variant="primary">
              Start my alert
            </Button>
          </Form>
        )}
        {/* The address goes only with its last alert: with others, deleting it is asked apart. */}
        <div className="space-y-3">
          {others > 0 && (
            <p>
              {alert.email} has {othersWords({ others, requests })}. Deleting this one keeps{' '}
              {others === 1 ? 'it' : 'them'}; deleting your address deletes them all.
            </p>
          )}
          <div className="flex flex-wrap gap-4">
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value="delete" />
              <Button type="submit" variant="secondary">
                {others > 0 ? 'Delete this alert' : 'Delete the alert and my address'}
              </Button>
            </Form>
            {others > 0 && (
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="delete-all" />
                <Button type="submit" variant="secondary">
                  Delete all {others + 1} alerts and my address
                </Button>
              </Form>
            )}
          </div>
        </div>
        <Link
          to={`${paths.jobs}${alert.query ? `?${alert.query}` : ''}`}
          className="text-brand underline"
        >
          See the jobs of this search
        </Link>
      </Container>
    </>
  );
}
