// The full-page messages: not found ("oh dear") and other refusals, inactive job, maintenance and server error,
// each with a way forward. A chunk of their own: the home page never needs them up front.
import { paths } from '../lib/paths.ts';
import { ButtonAnchor, ButtonLink } from './button.tsx';
import { StatusPanel } from './status-panel.tsx';
import { statusIcons } from './status-icons.ts';

/**
 * A request the server refused for a reason of the visitor's side (4xx): not found ("oh dear"), or
 * another refusal (a form sent from another site, an action the page does not take) with the
 * server's reason, instead of the server error's "the problem is on our side".
 */
export function ClientErrorPanel({ status, message }: { status: number; message?: string }) {
  if (status !== 404) {
    return (
      <StatusPanel
        icon={statusIcons.alert}
        tone="warning"
        eyebrow={`${status} · Request refused`}
        title="That could not be done."
        actions={
          <ButtonLink to={paths.home} size="lg">
            Back to home
          </ButtonLink>
        }
      >
        <p>{message ?? 'This page does not take that request.'}</p>
      </StatusPanel>
    );
  }
  return (
    <StatusPanel
      icon={statusIcons.search}
      eyebrow="404 · Page not found"
      title="Oh dear, we can’t find that page."
      actions={
        <>
          <ButtonLink to={paths.home} size="lg">
            Search jobs
          </ButtonLink>
          <ButtonLink to={paths.contact} variant="secondary" size="lg">
            Contact us
          </ButtonLink>
        </>
      }
    >
      <p>{message ?? 'The page you asked for has moved or no longer exists.'}</p>
      <p>Try searching the current openings instead.</p>
    </StatusPanel>
  );
}

export const INACTIVE_TEXTS = {
  title: 'Looks like this job is no longer active.',
  message: 'But don’t worry, explore current openings and find your dream job!',
} as const;

export const MAINTENANCE_TEXTS = {
  eyebrow: 'Oh ohh...',
  title: 'We are in maintenance.',
  message: 'We apologize for any inconvenience, please try again later.',
} as const;

/**
 * The maintenance page, from the notice that closed the page (shared/maintenance.ts): a signed-in
 * operator's leads to the console (`console`, its address), where maintenance is turned off.
 */
export function MaintenancePanel({
  appDetails: { supportEmail },
  console: consolePath,
}: {
  appDetails: { supportEmail: string };
  console?: string | null;
}) {
  return (
    <StatusPanel
      icon={statusIcons.tools}
      tone="warning"
      eyebrow={MAINTENANCE_TEXTS.eyebrow}
      title={MAINTENANCE_TEXTS.title}
      actions={
        consolePath ? (
          <ButtonLink to={consolePath} size="lg">
            Open the console
          </ButtonLink>
        ) : (
          <ButtonAnchor href={`mailto:${supportEmail}`} size="lg">
            Send mail
          </ButtonAnchor>
        )
      }
    >
      {consolePath && (
        <p className="text-fg font-medium">
          You are an operator: the console stays open to you, and maintenance is turned off there.
        </p>
      )}
      <p>{MAINTENANCE_TEXTS.message}</p>
      <p>
        Questions in the meantime? Write to{' '}
        <span className="text-fg font-medium">{supportEmail}</span>.
      </p>
    </StatusPanel>
  );
}

export function ServerErrorPanel({ requestHint }: { requestHint?: string }) {
  return (
    <StatusPanel
      icon={statusIcons.alert}
      tone="danger"
      eyebrow="500 · Something went wrong"
      title="Sorry, this page failed to load."
      actions={
        <ButtonLink to={paths.home} size="lg" reloadDocument>
          Back to home
        </ButtonLink>
      }
    >
      <p>The problem is on our side, not yours. Please try again in a moment.</p>
      {requestHint && <p className="text-sm">{requestHint}</p>}
    </StatusPanel>
  );
}
