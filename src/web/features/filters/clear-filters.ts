// Where Clear filters leads (spec §2: it resets the filters). The keyword is not one of them: it
// is the search box's own, above the Filters disclosure, with its own Search button, and the sort
// beside it says how to order the list, not which jobs: Clear filters keeps both, with JavaScript
// and without (the panel's link, the empty list's), and says so by its name.
import { defaultFilters, filterSearch, type ListingFilters } from './filter-state.ts';

export const CLEAR_FILTERS = 'Clear filters';

/** The listing's query for these filters cleared: "?q=react&sortBy=false", or "" for none. */
export const clearedSearch = (filters: ListingFilters) =>
  filterSearch({ ...defaultFilters, q: filters.q, sortBy: filters.sortBy });
