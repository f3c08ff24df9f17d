// The full-page messages: not found ("oh dear"), inactive job, maintenance, server error and the
// chunk-load failure. One calm layout, each with a way forward.
import type { ReactNode } from 'react';
import { paths } from '../lib/paths.ts';
import { ButtonAnchor, ButtonLink, Button } from './button.tsx';

type Tone = 'brand' | 'warning' | 'danger';

const toneClasses: Record<Tone, string> = {
  brand: 'bg-brand-soft text-brand',
  warning: 'bg-warning-soft text-warning',
  danger: 'bg-danger-soft text-danger',
};

const icons = {
  search: 'M11 18a7 7 0 1 1 0-14 7 7 0 0 1 0 14Zm9 3-4.35-4.35',
  clock: 'M12 21a9 9 0 1 1 0-18 9 9 0 0 1 0 18Zm0-13v4l3 2',
  tools:
    'M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.5-.5-.5-2.5 2.5-2.5Z',
  alert:
    'M12 9v4m0 4h.01M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z',
  refresh: 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7',
};

export function StatusPanel({
  icon,
  tone = 'brand',
  eyebrow,
  title,
  children,
  actions,
}: {
  icon: keyof typeof icons;
  tone?: Tone;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section
      className="container-page flex justify-center py-16 sm:py-24"
      aria-labelledby="status-title"
    >
      <div className="rounded-card border-line bg-surface-raised shadow-card w-full max-w-xl border p-8 text-center sm:p-12">
        <span
          className={`mx-auto mb-6 flex size-14 items-center justify-center rounded-full ${toneClasses[tone]}`}
        >
          <svg
            viewBox="0 0 24 24"
            width="28"
            height="28"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d={icons[icon]} />
          </svg>
        </span>
        {eyebrow && (
          <p className="text-muted mb-2 text-sm font-semibold tracking-wide">{eyebrow}</p>
        )}
        <h1
          id="status-title"
          className="text-2xl font-bold tracking-tight text-balance sm:text-3xl"
        >
          {title}
        </h1>
        <div className="text-muted mt-4 space-y-2 text-pretty">{children}</div>
        {actions && <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>}
      </div>
    </section>
  );
}

export function NotFoundPanel({ message }: { message?: string }) {
  return (
    <StatusPanel
      icon="search"
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

export function InactiveJobPanel() {
  return (
    <StatusPanel
      icon="clock"
      tone="warning"
      eyebrow="Position closed"
      title={INACTIVE_TEXTS.title}
      actions={
        <ButtonLink to={paths.jobs} size="lg">
          Explore current openings
        </ButtonLink>
      }
    >
      <p>{INACTIVE_TEXTS.message}</p>
    </StatusPanel>
  );
}

export const MAINTENANCE_TEXTS = {
  eyebrow: 'Oh ohh...',
  title: 'We are in maintenance.',
  message: 'We apologize for any inconvenience, please try again later.',
} as const;

export function MaintenancePanel({ supportEmail }: { supportEmail: string }) {
  return (
    <StatusPanel
      icon="tools"
      tone="warning"
      eyebrow={MAINTENANCE_TEXTS.eyebrow}
      title={MAINTENANCE_TEXTS.title}
      actions={
        <ButtonAnchor href={`mailto:${supportEmail}`} size="lg">
          Send mail
        </ButtonAnchor>
      }
    >
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
      icon="alert"
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

export function ChunkErrorPanel() {
  return (
    <StatusPanel
      icon="refresh"
      eyebrow="Reload needed"
      title="A new version of Openings is available or the connection dropped."
      actions={
        <Button size="lg" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    >
      <p>Part of the page could not be downloaded. Reloading fetches it again.</p>
    </StatusPanel>
  );
}
