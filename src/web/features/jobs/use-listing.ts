// The jobs on screen: the loader's page plus what Browse more appended. Browse more is a link to
// the next page (`?…&page=2&cursor=…`, the keyset after the last job, so it costs the same at any
// depth); with JavaScript a fetcher loads that same address through the route's loader and the
// jobs are appended in place, the address staying the list's own.
import { useEffect, useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import type { JobSummary, ListingContent } from '../../../shared/contract/jobs.ts';
import { filterSearch, nextPageSearch } from '../filters/filter-state.ts';
import type { ListingData } from './listing-data.ts';

type MoreStatus = { state: 'idle' } | { state: 'loading' } | { state: 'error'; message: string };

interface Pages {
  source: ListingData;
  jobs: JobSummary[];
  nextCursor: string | null;
  /** The page the last appended jobs were. */
  page: number;
}

const fromSource = (source: ListingData): Pages => ({
  source,
  jobs: source.listing.jobs,
  nextCursor: source.listing.nextCursor,
  page: source.page ?? 1,
});

type Loaded = Pick<ListingContent, 'jobs' | 'nextCursor'> & { page: number };

/**
 * What Browse more had loaded, per history entry (the router's location key), so that Back from a
 * job brings the reader's place in the list back and the router's scroll restoration has the
 * same page height to return to. Kept in memory for the tab's life, a few entries at most.
 */
const kept = new Map<string, Loaded & { filters: string }>();
const KEPT_ENTRIES = 10;

function keep(key: string, pages: Pages) {
  kept.delete(key);
  kept.set(key, {
    jobs: pages.jobs,
    nextCursor: pages.nextCursor,
    page: pages.page,
    filters: filterSearch(pages.source.filters),
  });
  if (kept.size > KEPT_ENTRIES) kept.delete(kept.keys().next().value!);
}

/** The loader's fresh page, then whatever more this history entry had loaded before. */
function restore(key: string, source: ListingData): Pages {
  const pages = fromSource(source);
  const saved = kept.get(key);
  return saved && saved.filters === filterSearch(source.filters) ? append(pages, saved) : pages;
}

function append(pages: Pages, content: Loaded): Pages {
  const seen = new Set(pages.jobs.map((job) => job._id));
  return {
    ...pages,
    jobs: [...pages.jobs, ...content.jobs.filter((job) => !seen.has(job._id))],
    nextCursor: content.nextCursor,
    page: content.page,
  };
}

type FetchedPage = ListingData | { failed: string };

/** `moreAt`: the page Browse more leads to, the list's own (a listing's, or a company's). */
export function useListing(data: ListingData, moreAt: string) {
  const { key } = useLocation();
  const fetcher = useFetcher<FetchedPage>();
  const [pages, setPages] = useState(() => restore(key, data));
  // New filters (or back/forward) bring a new first page: start over from it, plus what this
  // history entry had loaded before (Back to a lengthened list).
  const [failed, setFailed] = useState<string | null>(null);
  let current = pages;
  if (pages.source !== data) {
    current = restore(key, data);
    setPages(current);
    setFailed(null);
  }

  const nextHref = current.nextCursor
    ? `${moreAt}${nextPageSearch(current.source.filters, current.page + 1, current.nextCursor)}`
    : null;
  // Which Browse more the fetcher answers: an answer for an older list or page is dropped.
  const [asked, setAsked] = useState<{ href: string; source: ListingData } | null>(null);
  const [seen, setSeen] = useState<FetchedPage | undefined>(undefined);
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  if (answer && answer !== seen) {
    setSeen(answer);
    if (asked && asked.source === current.source && asked.href === nextHref) {
      if ('failed' in answer) setFailed(answer.failed);
      else {
        setFailed(null);
        current = append(current, {
          jobs: answer.listing.jobs,
          nextCursor: answer.listing.nextCursor,
          page: answer.page ?? current.page + 1,
        });
        setPages(current);
      }
    }
  }

  useEffect(() => {
    if (current.jobs.length > current.source.listing.jobs.length) keep(key, current);
  }, [key, current]);

  const loadMore = () => {
    if (!nextHref || fetcher.state !== 'idle') return;
    setAsked({ href: nextHref, source: current.source });
    setFailed(null);
    // `/` is the root's index route: a fetcher reaches an index route's loader only with `?index`.
    void fetcher.load(moreAt === '/' ? `${nextHref}&index` : nextHref);
  };

  const status: MoreStatus =
    fetcher.state !== 'idle'
      ? { state: 'loading' }
      : failed
        ? { state: 'error', message: failed }
        : { state: 'idle' };
  return { jobs: current.jobs, status, nextHref, loadMore };
}
