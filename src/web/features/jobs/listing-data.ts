// What the listing routes' loader hands the page: one page of jobs, the filters it answers and the
// server's clock (so relative "posted" times read the same on server and client).
import { SEARCH_COUNT_LIMIT } from '../../../shared/constants.ts';
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
  /**
   * On a later page, the links back, each its words and its query (the page's own path before
   * it): the previous page and the first, with the same filters. Without JavaScript they are the
   * way back; with it a later page is only ever an address opened, as Browse more appends.
   */
  back?: [text: string, search: string][];
  /** The empty list's way out, its words and query: Clear filters, or the jobs without the keyword. */
  clear?: [text: string, search: string];
  unresolved?: Unresolved;
  /** Why nothing matches when the filters are not the reason (a keyword search cannot match). */
  emptyNote?: string;
  /**
   * What the page says about its address above the jobs: a part of the link it could not use (an
   * unknown id, a value that is not one of the choices), or "did you mean" choices left out.
   */
  notice?: string;
}

/**
 * Whether the search shown can be followed by feed or e-mail: every text asked for names one
 * choice, and the address has no part the page could not use. Until then the feed would refuse
 * the address, and the jobs shown are not what was asked for.
 */
export function followable(data: Pick<ListingData, 'unresolved' | 'notice'>): boolean {
  return Object.keys(data.unresolved ?? {}).length === 0 && !data.notice;
}

/**
 * Whether a count is a lower bound: a keyword search counts its matches no further than
 * SEARCH_COUNT_LIMIT, so the panel says "10k+" and the screen-reader line "of 10000+".
 */
export const countIsAtLeast = (q: string, count: number) => !!q && count >= SEARCH_COUNT_LIMIT;
