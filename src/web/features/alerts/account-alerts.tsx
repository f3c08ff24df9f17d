// The /account page's list of the seeker's alerts (matched by the account's verified address),
// each with a delete button; changes of frequency go through the link in the alert's e-mails.
import { Form, Link } from 'react-router';
import type { AlertView } from '../../../shared/seeker-services.ts';
import { Button } from '../../components/button.tsx';
import { paths } from '../../lib/paths.ts';

export function AccountAlerts({ alerts, verified }: { alerts: AlertView[]; verified: boolean }) {
  if (!verified) {
    return <p className="text-muted">Confirm your e-mail address to see your job alerts here.</p>;
  }
  if (alerts.length === 0) {
    return (
      <p className="text-muted">
        No job alerts. Open a search on the{' '}
        <Link to={paths.jobs} className="text-brand underline">
          jobs page
        </Link>{' '}
        and choose “Follow this search”.
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {alerts.map((alert) => (
        <li key={alert.id} className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <Link
              to={`${paths.jobs}${alert.query ? `?${alert.query}` : ''}`}
              className="text-brand font-medium underline"
            >
              {alert.label}
            </Link>
            <p className="text-muted text-sm">
              {!alert.confirmed
                ? 'Waiting for the confirmation link'
                : alert.paused
                  ? 'Paused'
                  : alert.frequency === 'daily'
                    ? 'Daily'
                    : 'Weekly'}
            </p>
          </div>
          <Form method="post" action={paths.alertDelete}>
            <input type="hidden" name="id" value={alert.id} />
            <Button type="submit" variant="secondary" size="sm">
              Delete<span className="sr-only"> the alert {alert.label}</span>
            </Button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
