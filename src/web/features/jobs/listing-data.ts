// What the listing routes' loader hands the page: one page of jobs, the filters it answers and the
// server's clock (so relative "posted" times read the same on server and client).
import type { DropdownOption } from '../../../shared/contract/filters.ts';
import type { ListingContent } from '../../../shared/contract/jobs.ts';
import type { ListingFilters, TextKey } from '../filters/filter-state.ts';

/** A text box's words that named no single choice, with the choices they might mean. */
export type Unresolved = Partial<Record<TextKey, { text: string; options: DropdownOption[] }>>;

export interface ListingData {
  listing: ListingContent;
  filters: ListingFilters;
  now: number;
  /** Which page `listing` is (1 unless the address came from a Browse more link). */
  page?: number;
  unresolved?: Unresolved;
  /** Why nothing matches when the filters are not the reason (a keyword search cannot match). */
  emptyNote?: string;
}
