// @vitest-environment jsdom
// The listing's screen-reader line ("Jobs 21–30 of 408") says what the visible count says: a
// keyword search's count stops at SEARCH_COUNT_LIMIT, which the panel shows as "10k+".
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_LIMIT } from '../../../shared/constants.ts';
import { sampleJob } from '../job-detail/job-fixture.ts';
import { defaultFilters } from '../filters/filter-state.ts';
import type { ListingData } from './listing-data.ts';
import { Results } from './listing-page.tsx';

// The listing starts the marks store after it renders (a dynamic import): loaded here first, so
// that import does not outlive the test file's environment.
beforeAll(() => import('../saved/marks-store.ts'));
afterEach(cleanup);

function listing(q: string, noofJobs: number, page = 3): ListingData {
  const jobs = Array.from({ length: 10 }, (_, i) =>
    sampleJob({ _id: String(100 + i), pageUrl: `job-${100 + i}` }),
  );
  return {
    listing: { jobs, noofJobs, nextCursor: 'next' },
    filters: { ...defaultFilters, q },
    now: Date.parse('2026-03-10T00:00:00Z'),
    page,
  };
}

function line(data: ListingData) {
  const Stub = createRoutesStub([{ path: '/jobs', Component: () => <Results data={data} /> }]);
  render(<Stub initialEntries={['/jobs']} />);
  return screen.getByText(/^Jobs \d+–\d+ of /).textContent;
}

describe("the listing's screen-reader count", () => {
  it('says a keyword search past the limit has at least that many, as "10k+" does', () => {
    expect(line(listing('react', SEARCH_COUNT_LIMIT))).toBe('Jobs 21–30 of 10000+');
  });

  it('gives an exact count as it is', () => {
    expect(line(listing('react', 408))).toBe('Jobs 21–30 of 408');
    cleanup();
    // Without a keyword the count is exact, however large.
    expect(line(listing('', 25_000, 1))).toBe('Jobs 1–10 of 25000');
  });
});
