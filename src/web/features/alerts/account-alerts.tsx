// The /account page's list of the seeker's alerts (matched by the account's verified address),
// each with the controls of its mailed manage page: how often, pause or resume, delete. Each is a
// plain form; the page's answer shows in the alert's row (or above the list when the alert is not
// one of the account's) and takes the focus.
import { type ReactNode, useEffect, useRef } from 'react';
import { Form, Link } from 'react-router';
import type { AlertView } from '../../../shared/seeker-services.ts';
import { Button } from '../../components/button.tsx';
import { paths } from '../../lib/paths.ts';
import { FormMessage } from '../accounts/account-fields.tsx';
import { FrequencyChoices } from './frequency-choices.tsx';

export const ACCOUNT_ALERT_INTENTS = [
  'alert-frequency',
  'alert-pause',
  'alert-resume',
  'alert-delete',
] as const;
export type AccountAlertIntent = (typeof ACCOUNT_ALERT_INTENTS)[number];

export function isAccountAlertIntent(intent: string): intent is AccountAlertIntent {
  return (ACCOUNT_ALERT_INTENTS as readonly string[]).includes(intent);
}

/** The page's answer to one of these forms (account-alerts.server.ts). */
export interface AccountAlertAnswer {
  ok: boolean;
  message: string | null;
  /** The alert it changed, or null when none was (refused). */
  alertId?: number | null;
}

function status(alert: AlertView): string {
  if (!alert.confirmed) return 'Waiting for the confirmation link';
  if (alert.paused) return 'Paused';
  return alert.frequency === 'daily' ? 'Daily' : 'Weekly';
}

/**
 * Puts the focus on the answer's message once it is shown, as AccountForm does: it follows the
 * answer, not the navigation, so a post answered before the scripts ran is met the same way.
 * Again when the list changes under it: a delete's answer comes while its row is still drawn,
 * and the message moves above the list once the reloaded list leaves the row out.
 * Not when the visitor has already moved out of the list.
 */
function useFocusOnAnswer(answer: unknown, alerts: AlertView[]) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = list.current;
    if (!answer || !root) return;
    const now = document.activeElement;
    if (now && now !== document.body && !root.contains(now)) return;
    root.querySelector<HTMLElement>('[data-form-message]')?.focus();
  }, [answer, alerts]);
  return list;
}

function Answer({ answer }: { answer: AccountAlertAnswer }) {
  if (!answer.message) return null;
  return <FormMessage tone={answer.ok ? 'success' : 'error'}>{answer.message}</FormMessage>;
}

/** One of a row's forms: posts its intent and the alert's id to /account. */
function AlertForm({
  intent,
  id,
  children,
}: {
  intent: AccountAlertIntent;
  id: number;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {children}
    </Form>
  );
}

function AlertRow({ alert, answer }: { alert: AlertView; answer: AccountAlertAnswer | null }) {
  const named = <span className="sr-only"> the alert {alert.label}</span>;
  return (
    <li className="border-line flex flex-col gap-3 border-t pt-4 first:border-t-0 first:pt-0">
      <div>
        <Link
          to={`${paths.jobs}${alert.query ? `?${alert.query}` : ''}`}
          className="text-brand font-medium underline"
        >
          {alert.label}
        </Link>
        <p className="text-muted text-sm">{status(alert)}</p>
      </div>
      {answer && <Answer answer={answer} />}
      <AlertForm intent="alert-frequency" id={alert.id}>
        <fieldset className="flex flex-wrap gap-x-4">
          <legend className="mb-1 text-sm font-semibold">
            How often<span className="sr-only"> for {alert.label}</span>
          </legend>
          <FrequencyChoices checked={alert.frequency} />
        </fieldset>
        <Button type="submit" variant="secondary" size="sm">
          Save<span className="sr-only"> how often for the alert {alert.label}</span>
        </Button>
      </AlertForm>
      <div className="flex flex-wrap gap-3">
        <AlertForm intent={alert.paused ? 'alert-resume' : 'alert-pause'} id={alert.id}>
          <Button type="submit" variant="secondary" size="sm">
            {alert.paused ? 'Resume' : 'Pause'}
            {named}
          </Button>
        </AlertForm>
        <AlertForm intent="alert-delete" id={alert.id}>
          <Button type="submit" variant="secondary" size="sm">
            Delete{named}
          </Button>
        </AlertForm>
      </div>
    </li>
  );
}

export function AccountAlerts({
  alerts,
  verified,
  answer,
}: {
  alerts: AlertView[];
  verified: boolean;
  answer?: AccountAlertAnswer;
}) {
  const list = useFocusOnAnswer(answer, alerts);
  // An answer about no alert of the list (refused, or one deleted since) shows above it.
  const loose = answer && !alerts.some((alert) => alert.id === answer.alertId) ? answer : null;
  let body: ReactNode;
  if (!verified) {
    body = <p className="text-muted">Confirm your e-mail address to see your job alerts here.</p>;
  } else if (alerts.length === 0) {
    body = (
      <p className="text-muted">
        No job alerts. Open a search on the{' '}
        <Link to={paths.jobs} className="text-brand underline">
          jobs page
        </Link>{' '}
        and choose “Follow this search”.
      </p>
    );
  } else {
    body = (
      <ul className="flex flex-col gap-4">
        {alerts.map((alert) => (
          <AlertRow
            key={alert.id}
            alert={alert}
            answer={answer?.alertId === alert.id ? answer : null}
          />
        ))}
      </ul>
    );
  }
  return (
    <div ref={list} className="flex flex-col gap-4">
      {loose && <Answer answer={loose} />}
      {body}
    </div>
  );
}
