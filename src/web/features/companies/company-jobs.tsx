// A company page's live jobs: the listing's sort (a GET form, so it works without JavaScript),
// its cards and Browse more, or "No openings right now".
import { useLayoutEffect, useRef } from 'react';
import { Form, Link, useSubmit } from 'react-router';
import { formatJobCount } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { sortValue } from '../filters/filter-state.ts';
import type { ListingData } from '../jobs/listing-data.ts';
import { Results } from '../jobs/listing-page.tsx';
import { secondaryButton } from '../jobs/listing-states.tsx';
import { SortSelect } from '../jobs/sort-select.tsx';

export const NO_OPENINGS = 'No openings right now';

function SortForm({ sortBy }: { sortBy: boolean | null }) {
  const submit = useSubmit();
  // A navigation's sort (Back, say) goes into the uncontrolled select in place: a select made
  // anew would drop the focus. Not on hydration, which finds the server's.
  const form = useRef<HTMLFormElement>(null);
  const seen = useRef(sortBy);
  useLayoutEffect(() => {
    if (seen.current !== sortBy)
      (form.current!.elements.namedItem('sortBy') as HTMLSelectElement).value = sortValue(
        sortBy,
        false,
      );
    seen.current = sortBy;
  }, [sortBy]);
  return (
    <Form ref={form} method="get" preventScrollReset className="flex items-center gap-2">
      <SortSelect
        id="company-sort"
        sortBy={sortBy}
        searched={false}
        onChange={(event) => void submit(event.currentTarget.form, { preventScrollReset: true })}
      />
      <noscript>
        <button type="submit" className={secondaryButton}>
          Sort
        </button>
      </noscript>
    </Form>
  );
}

export function CompanyJobs({ data, companyName }: { data: ListingData; companyName: string }) {
  const count = data.listing.noofJobs;
  return (
    <section aria-labelledby="company-jobs" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="company-jobs" className="text-fg text-xl font-semibold">
          Open jobs at {companyName}
          <span className="text-muted ml-2 text-base font-normal">{formatJobCount(count)}</span>
        </h2>
        {count > 1 ? <SortForm sortBy={data.filters.sortBy} /> : null}
      </div>
      {count === 0 ? (
        <div className="rounded-card border-line bg-surface-raised flex flex-col items-start gap-2 border p-6">
          <p className="text-fg font-semibold">{NO_OPENINGS}</p>
          <p className="text-muted text-sm">
            {companyName} has no live jobs on Openings at the moment.{' '}
            <Link to={paths.jobs} className="text-brand underline">
              Browse all jobs
            </Link>
          </p>
        </div>
      ) : (
        // Browse more leads to this page's next jobs (it works without JavaScript).
        <Results data={data} />
      )}
    </section>
  );
}
