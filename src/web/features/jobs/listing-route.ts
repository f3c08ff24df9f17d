// What `/` and `/jobs` share besides the page: the description and the client side of loading.
import type { ListingData } from './listing-data.ts';
import type { ListingLoaderData } from './listing-page.tsx';

export const LISTING_DESCRIPTION =
  'Browse current job openings, filter by role, location, company and experience level, and apply on the company’s own page.';

/**
 * A failed reload (new filters, back/forward, retry) answers `{ failed }` instead of throwing, so
 * the page keeps what it showed and offers a retry rather than swapping in an error page.
 */
export const LOAD_FAILED = 'Could not load the jobs. Check your connection and try again.';

export async function listingClientLoader<Data extends ListingData>(
  serverLoader: () => Promise<Data>,
): Promise<Data | Extract<ListingLoaderData, { failed: string }>> {
  try {
    return await serverLoader();
  } catch {
    return { failed: LOAD_FAILED };
  }
}
