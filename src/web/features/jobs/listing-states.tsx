// What shows under the grid: Browse more, the end of the list, no results, and failures.
import { type MouseEvent, forwardRef } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-classes.ts';
import { Spinner } from './spinner.tsx';

export const END_OF_LIST = 'You are reached end of the jobs list...';
// The listing API's own words for an empty answer (the loader gets the list, not the message).
export const NO_JOBS = 'No jobs match these filters right now. Try clearing a filter.';

export const primaryButton = buttonClasses('primary', 'pill');
export const secondaryButton = buttonClasses('secondary', 'pill');

export function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A link to the next page, so it works before and without JavaScript; a plain click with it
 * appends that page in place instead (`onMore`).
 */
export const BrowseMore = forwardRef<
  HTMLAnchorElement,
  { href: string; loading: boolean; onMore: () => void }
>(function BrowseMore({ href, loading, onMore }, ref) {
  return (
    <Link
      ref={ref}
      to={href}
      preventScrollReset
      className={`${primaryButton} min-h-11`}
      aria-disabled={loading || undefined}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        if (!loading) onMore();
      }}
    >
      {loading ? (
        <>
          <Spinner size={20} />
          Loading...
        </>
      ) : (
        'Browse more jobs'
      )}
    </Link>
  );
});

export function EndOfList() {
  return <p className="text-muted text-center text-sm">{END_OF_LIST}</p>;
}

/** `clear`: the way out the loader offers (ListingData.clear), at `base` (the listing's path). */
export function NoJobs(props: {
  base: string;
  clear?: [string, string] | undefined;
  note?: string | undefined;
}) {
  const { clear } = props;
  return (
    <div className="rounded-card border-line-strong flex flex-col items-center gap-3 border border-dashed p-8 text-center">
      <p className="text-fg text-base font-medium">{props.note ?? NO_JOBS}</p>
      {clear ? (
        <Link to={props.base + clear[1]} preventScrollReset className={secondaryButton}>
          {clear[0]}
        </Link>
      ) : null}
    </div>
  );
}

/** What the page says about its address (ListingData.notice), above the jobs. */
export function Notice({ text }: { text: string | undefined }) {
  return text ? (
    <p role="status" className="text-fg text-sm">
      {text}
    </p>
  ) : null;
}

export function LoadError(props: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="border-danger bg-danger-soft text-fg flex flex-col items-center gap-3 rounded-2xl border p-4 text-center text-sm"
    >
      <p>{props.message}</p>
      <button type="button" className={secondaryButton} onClick={props.onRetry}>
        Try again
      </button>
    </div>
  );
}
