// Where the job page's "Back to home" leads: home, or the listing the visitor opened the job from
// (with its filters), so going back does not drop their search. The route's clientLoader notes it:
// it runs before the address changes, so window.location is still the page being left. A job opened
// afresh (a shared link, no JavaScript) has no note and goes home, as the spec's link says.
import { paths } from '../../lib/paths.ts';

interface Origin {
  /** The listing's address, query string included. */
  listing: string;
  /** The job it was noted for: a note never leaks to another job opened some other way. */
  pageUrl: string;
  /** React Router's index of the listing's history entry; null when the job came in between. */
  index: number | null;
}

let origin: Origin | null = null;

function historyIndex(): number | null {
  const index = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof index === 'number' ? index : null;
}

const isListing = (pathname: string) => pathname === paths.home || pathname === paths.jobs;

/** Called as the job `pageUrl` is navigated to inside the app (and when its data reloads). */
export function noteOrigin(pageUrl: string): void {
  const { pathname, search } = window.location;
  if (pathname === paths.job(pageUrl)) return;
  if (isListing(pathname)) {
    origin = { listing: `${pathname}${search}`, pageUrl, index: historyIndex() };
  } else if (origin && pathname.startsWith(`${paths.jobDescriptionBase}/`)) {
    // A similar job opened from a job: still the same search behind it, a page further back.
    origin = { listing: origin.listing, pageUrl, index: null };
  } else {
    origin = null;
  }
}

/** The link's address for the job `pageUrl`. */
export function backTo(pageUrl: string): string {
  return origin?.pageUrl === pageUrl ? origin.listing : paths.home;
}

/**
 * True when the entry right behind this one is the listing noted for `pageUrl`: going back in
 * history returns to it as it was left (its scroll, the jobs Browse more loaded).
 */
export function listingIsPrevious(pageUrl: string): boolean {
  const index = historyIndex();
  return (
    origin?.pageUrl === pageUrl &&
    origin.index !== null &&
    index !== null &&
    index === origin.index + 1
  );
}
