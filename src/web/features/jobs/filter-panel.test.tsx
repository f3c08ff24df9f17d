// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_LIMIT } from '../../../shared/constants.ts';
import { defaultFilters } from '../filters/filter-state.ts';
import { FilterPanel } from './filter-panel.tsx';

afterEach(cleanup);

function countShown(q: string, count: number) {
  render(
    <MemoryRouter>
      <FilterPanel
        action="/jobs"
        filters={{ ...defaultFilters, q }}
        unresolved={{}}
        count={count}
        pending={false}
        onSearch={() => {}}
      />
    </MemoryRouter>,
  );
  return screen.getByText(/^[\d.]+[kmbt]?\+? jobs?$/).textContent;
}

describe('the job count of the filter panel', () => {
  it('says "10k+" for a keyword search stopped at its limit: there may be more', () => {
    expect(countShown('engineer', SEARCH_COUNT_LIMIT)).toBe('10k+ jobs');
  });

  it('is exact below the limit, and without a keyword at any size', () => {
    expect(countShown('engineer', 1_234)).toBe('1.2k jobs');
    cleanup();
    expect(countShown('', SEARCH_COUNT_LIMIT)).toBe('10k jobs');
    cleanup();
    expect(countShown('', 1)).toBe('1 job');
  });
});
