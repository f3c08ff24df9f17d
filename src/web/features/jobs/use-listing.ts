// The jobs on screen: the loader's first page plus what Browse more appended. Each Browse more
// asks for the next LOADED_JOBS after the last cursor, so it costs the same at any depth.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { apiPaths } from '../../../shared/api-paths.ts';
import { LOADED_JOBS } from '../../../shared/constants.ts';
import type { JobSummary, ListingContent } from '../../../shared/contract/jobs.ts';
import { filterParams, filterSearch } from '../filters/filter-state.ts';
import type { ListingData } from './listing-data.ts';

type MoreStatus = { state: 'idle' } | { state: 'loading' } | { state: 'error'; message: string };

interface Pages {
  source: ListingData;
  jobs: JobSummary[];
  nextCursor: string | null;
  status: MoreStatus;
}

const fromSource = (source: ListingData): Pages => ({
  source,
  jobs: source.listing.jobs,
  nextCursor: source.listing.nextCursor,
  status: { state: 'idle' },
});

type Loaded = Pick<ListingContent, 'jobs' | 'nextCursor'>;

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
    filters: filterSearch(pages.source.filters),
  });
  if (kept.size > KEPT_ENTRIES) kept.delete(kept.keys().next().value!);
}

/** The loader's fresh first page, then whatever more this history entry had loaded before. */
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
    status: { state: 'idle' },
  };
}

export function useListing(data: ListingData) {
  const { key } = useLocation();
  const [pages, setPages] = useState(() => restore(key, data));
  const inFlight = useRef<AbortController | undefined>(undefined);
  // New filters (or back/forward) bring a new first page: start over from it, plus what this
  // history entry had loaded before (Back to a lengthened list).
  let current = pages;
  if (pages.source !== data) {
    current = restore(key, data);
    setPages(current);
  }
  useEffect(() => {
    if (current.jobs.length > current.source.listing.jobs.length) keep(key, current);
  }, [key, current]);

  const loadMore = useCallback(async () => {
    if (!current.nextCursor || current.status.state === 'loading') return;
    const source = current.source;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setPages((p) => (p.source === source ? { ...p, status: { state: 'loading' } } : p));
    try {
      // The API client loads on the first Browse more: the first paint never needs it.
      const { apiGet } = await import('../../lib/api.ts');
      const content = await apiGet<ListingContent>(
        apiPaths.currentOpenings,
        { ...filterParams(source.filters), cursor: current.nextCursor, pageSize: LOADED_JOBS },
        { signal: controller.signal },
      );
      setPages((p) => (p.source === source ? append(p, content) : p));
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = error instanceof Error ? error.message : 'Could not load more jobs.';
      setPages((p) => (p.source === source ? { ...p, status: { state: 'error', message } } : p));
    }
  }, [current]);

  const canLoadMore = current.jobs.length >= LOADED_JOBS && current.nextCursor !== null;
  return { jobs: current.jobs, status: current.status, canLoadMore, loadMore };
}
