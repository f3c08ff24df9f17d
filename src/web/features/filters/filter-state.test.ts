import { describe, expect, it } from 'vitest';
import {
  defaultFilters,
  filterParams,
  filterReducer,
  filterSearch,
  formSearch,
  hasChosenFilter,
} from './filter-state.ts';

const berlin = { id: '7', label: 'Berlin' };

describe('filter state', () => {
  it('keeps defaults out of the address and puts set values in', () => {
    expect(filterSearch(defaultFilters)).toBe('');
    const filters = filterReducer(
      filterReducer(
        filterReducer(defaultFilters, { type: 'choose', key: 'location', option: berlin }),
        {
          type: 'sort',
          sortBy: true,
        },
      ),
      { type: 'keyword', q: '  react developer ' },
    );
    expect(filterParams(filters)).toEqual({ location: '7', q: 'react developer', sortBy: 'true' });
    expect(filterSearch(filters)).toBe('?location=7&q=react+developer&sortBy=true');
  });

  it('removes a filter from the address when it is cleared', () => {
    const chosen = filterReducer(defaultFilters, {
      type: 'choose',
      key: 'company',
      option: berlin,
    });
    const cleared = filterReducer(chosen, { type: 'choose', key: 'company', option: null });
    expect(filterSearch(chosen)).toBe('?company=7');
    expect(filterSearch(cleared)).toBe('');
  });

  it('Clear filters is only possible once a filter is chosen (not a keyword, not a sort)', () => {
    expect(hasChosenFilter(defaultFilters)).toBe(false);
    expect(hasChosenFilter({ ...defaultFilters, sortBy: true })).toBe(false);
    expect(hasChosenFilter({ ...defaultFilters, q: '   ' })).toBe(false);
    expect(hasChosenFilter({ ...defaultFilters, q: 'java' })).toBe(false);
    const chosen = {
      ...defaultFilters,
      experienceLevel: { id: '0', label: 'Fresher' },
      sortBy: true,
    };
    expect(hasChosenFilter(chosen)).toBe(true);
    expect(filterReducer(chosen, { type: 'clear' })).toEqual(defaultFilters);
  });

  it('keeps experience level 0 (Fresher) as a real choice', () => {
    const fresher = filterReducer(defaultFilters, {
      type: 'choose',
      key: 'experienceLevel',
      option: { id: '0', label: 'Fresher' },
    });
    expect(filterParams(fresher)).toEqual({ experienceLevel: '0' });
  });

  it('puts the work mode and the salary-stated flag in the address, and clears them', () => {
    const remote = filterReducer(defaultFilters, { type: 'workMode', workMode: 'remote' });
    const paid = filterReducer(remote, { type: 'salaryStated', salaryStated: true });
    expect(filterSearch(paid)).toBe('?workMode=remote&salaryStated=true');
    expect(hasChosenFilter(remote)).toBe(true);
    expect(
      hasChosenFilter(filterReducer(defaultFilters, { type: 'salaryStated', salaryStated: true })),
    ).toBe(true);
    expect(filterSearch(filterReducer(paid, { type: 'clear' }))).toBe('');
    expect(filterSearch(filterReducer(paid, { type: 'workMode', workMode: null }))).toBe(
      '?salaryStated=true',
    );
  });

  it('writes Newest only with a keyword, where the default order is the best match', () => {
    expect(filterSearch({ ...defaultFilters, sortBy: false })).toBe('');
    expect(filterSearch({ ...defaultFilters, q: 'react', sortBy: false })).toBe(
      '?q=react&sortBy=false',
    );
    expect(filterSearch({ ...defaultFilters, q: 'react' })).toBe('?q=react');
    // The form sends the select's value: '' is the default, 'false' a chosen Newest.
    const form = (sortBy: string) => {
      const data = new FormData();
      data.set('q', 'react');
      data.set('sortBy', sortBy);
      return data;
    };
    expect(formSearch(form(''), defaultFilters)).toBe('?q=react');
    expect(formSearch(form('false'), defaultFilters)).toBe('?q=react&sortBy=false');
  });
});
