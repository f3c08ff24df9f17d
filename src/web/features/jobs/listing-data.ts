// What the listing routes' loader hands the page: the first page, the filters it answers and the
// server's clock (so relative "posted" times read the same on server and client).
import type { ListingContent } from '../../../shared/contract/jobs.ts';
import type { ListingFilters } from '../filters/filter-state.ts';

export interface ListingData {
  listing: ListingContent;
  filters: ListingFilters;
  now: number;
}
