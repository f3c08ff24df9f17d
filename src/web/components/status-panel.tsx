// The layout of the full-page messages (status-pages.tsx holds the pages), and the chunk-load
// failure's page, which stays in the main bundle because it must show when chunks cannot load.
import type { ReactNode } from 'react';
import { buttonClasses } from './button-classes.ts';

type Tone = 'brand' | 'warning' | 'danger';

const toneClasses: Record<Tone, string> = {
  brand: 'bg-brand-soft text-brand',
  warning: 'bg-warning-soft text-warning',
  danger: 'bg-danger-soft text-danger',
};

/** The chunk-load failure's icon; the other pages' icons are in status-icons.ts, off this bundle. */
const REFRESH_ICON = 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7';

export function StatusPanel({
  icon,
  tone = 'brand',
  eyebrow,
  title,
  children,
  actions,
}: {
  /** The icon's SVG path (24×24, stroked). */
  icon: string;
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
            <path d={icon} />
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

export function ChunkErrorPanel() {
  return (
    <StatusPanel
      icon={REFRESH_ICON}
      eyebrow="Reload needed"
      title="A new version of Openings is available or the connection dropped."
      actions={
        <button
          type="button"
          className={buttonClasses('primary', 'lg')}
          onClick={() => window.location.reload()}
        >
          Reload
        </button>
      }
    >
      <p>Part of the page could not be downloaded. Reloading fetches it again.</p>
    </StatusPanel>
  );
}
