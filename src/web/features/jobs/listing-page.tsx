// The job listing shared by `/` and `/jobs` (DESIGN.md §5): filters, count, cards, Browse more.
import { type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useNavigation, useRevalidator } from 'react-router';
import { DEFAULT_PAGE_SIZE, SKELETON_CARD_COUNT } from '../../../shared/constants.ts';
import { defaultFilters } from '../filters/filter-state.ts';
import { FollowMenu } from '../feeds/lazy-follow-menu.tsx';
import { HiddenToggle, useHiddenJobs } from '../saved/hidden-jobs.tsx';
import { FilterPanel } from './filter-panel.tsx';
import { JobCard } from './job-card.tsx';
import { JobCardSkeleton } from './job-card-skeleton.tsx';
import { countIsAtLeast, followable, type ListingData, type Unresolved } from './listing-data.ts';
import { BrowseMore, EndOfList, LoadError, NoJobs, Notice } from './listing-states.tsx';
import { useSelectedJob } from './selected-job.ts';
import { useListing } from './use-listing.ts';

export type ListingLoaderData = ListingData | { failed: string };

const grid = 'grid grid-cols-1 gap-4 md:grid-cols-2';
/** One object for "nothing to ask about", so the filter panel's body sees no change. */
const NOTHING_UNRESOLVED: Unresolved = {};

/** The last answer that had jobs in it: a failed reload keeps it on screen. */
function useShownData(loaderData: ListingLoaderData) {
  const [shown, setShown] = useState<ListingData | null>(
    'failed' in loaderData ? null : loaderData,
  );
  if (!('failed' in loaderData) && loaderData !== shown) setShown(loaderData);
  return { shown, failed: 'failed' in loaderData ? loaderData.failed : null };
}

/** After Browse more, focus moves to the first new card so keyboard users continue from there. */
function useFocusAfterMore(count: number) {
  const listRef = useRef<HTMLUListElement>(null);
  const focusFromRef = useRef<number | null>(null);
  useLayoutEffect(() => {
    const index = focusFromRef.current;
    if (index === null || count <= index) return;
    focusFromRef.current = null;
    listRef.current?.querySelectorAll<HTMLAnchorElement>(':scope > li > a')[index]?.focus();
  }, [count]);
  const focusLater = useCallback((index: number | null) => {
    focusFromRef.current = index;
  }, []);
  return { listRef, focusLater };
}

/** The cards, Browse more and the end of the list (also a company page's jobs). */
export function Results({ data }: { data: ListingData }) {
  // Browse more and the links back stay on the page: the listing's, or a company's.
  const { pathname: base } = useLocation();
  const { jobs, status, nextHref, loadMore } = useListing(data, base);
  // Hidden jobs and companies leave the loaded cards (features/saved).
  const hidden = useHiddenJobs(jobs);
  const selected = useSelectedJob();
  const more = useRef<HTMLAnchorElement>(null);
  const { listRef, focusLater } = useFocusAfterMore(hidden.visible.length);
  const browseMore = () => {
    focusLater(document.activeElement === more.current ? hidden.visible.length : null);
    loadMore();
  };
  const page = data.page ?? 1;
  const first = (page - 1) * DEFAULT_PAGE_SIZE + 1;
  // A later page's way back (the loader's words), above the jobs and again beside Browse more.
  const back = data.back?.map(([text, to]) => (
    <Link key={to} to={base + to} className="text-brand mx-2 font-medium underline">
      {text}
    </Link>
  ));
  if (jobs.length === 0) {
    return <NoJobs base={base} clear={data.clear} note={data.emptyNote} />;
  }
  return (
    <>
      {back ? (
        <p className="text-muted text-sm">
          Page {page} of the list.{back}
        </p>
      ) : null}
      <HiddenToggle
        count={hidden.hiddenCount}
        showing={hidden.showHidden}
        onToggle={hidden.toggle}
      />
      <ul ref={listRef} className={grid}>
        {hidden.visible.map((job) => (
          <JobCard key={job._id} job={job} now={data.now} selected={job.pageUrl === selected} />
        ))}
      </ul>
      <div className="flex flex-col items-center gap-3">
        {status.state === 'error' ? (
          <LoadError message={status.message} onRetry={browseMore} />
        ) : null}
        {nextHref && status.state !== 'error' ? (
          <BrowseMore
            ref={more}
            href={nextHref}
            loading={status.state === 'loading'}
            onMore={browseMore}
          />
        ) : null}
        {!nextHref ? <EndOfList /> : null}
        {back}
        <p className="sr-only" aria-live="polite">
          {status.state === 'loading'
            ? 'Loading more jobs'
            : // "Jobs 21–30 of 408": a later page (without JavaScript) starts past the first;
              // "of 10000+" where the panel says "10k+".
              `Jobs ${first}–${first + jobs.length - 1} of ${data.listing.noofJobs}${
                countIsAtLeast(data.filters.q, data.listing.noofJobs) ? '+' : ''
              }`}
        </p>
      </div>
    </>
  );
}

function Skeletons() {
  return (
    <ul className={grid} aria-busy="true" aria-label="Loading jobs">
      {Array.from({ length: SKELETON_CARD_COUNT }, (_, i) => (
        <JobCardSkeleton key={i} />
      ))}
    </ul>
  );
}

export function ListingPage(props: { loaderData: ListingLoaderData; heading: ReactNode }) {
  const { shown, failed } = useShownData(props.loaderData);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const revalidator = useRevalidator();
  const pending =
    (navigation.state === 'loading' && navigation.location.pathname === location.pathname) ||
    revalidator.state === 'loading';
  const go = (search: string) =>
    void navigate({ pathname: location.pathname, search }, { preventScrollReset: true });
  const filters = shown?.filters ?? defaultFilters;

  return (
    <div className="container-page flex flex-col gap-6 py-6">
      {props.heading}
      <FilterPanel
        action={location.pathname}
        filters={filters}
        count={shown?.listing.noofJobs ?? 0}
        unresolved={shown?.unresolved ?? NOTHING_UNRESOLVED}
        pending={pending || !shown}
        onSearch={go}
      />
      {shown && !followable(shown) ? null : <FollowMenu search={location.search} />}
      <section aria-labelledby="results-heading" className="flex flex-col gap-6">
        <h2 id="results-heading" className="sr-only">
          Job openings
        </h2>
        <Notice text={shown?.notice} />
        {failed && !pending ? (
          <LoadError message={failed} onRetry={() => void revalidator.revalidate()} />
        ) : null}
        {pending || !shown ? <Skeletons /> : <Results data={shown} />}
      </section>
    </div>
  );
}
