// What `/` and `/jobs` share besides the page: the meta and the client side of loading.
import { isRouteErrorResponse, type MetaDescriptor } from 'react-router';
import { routeMeta } from '../../components/seo.ts';
import type { ListingData } from './listing-data.ts';
import type { ListingLoaderData } from './listing-page.tsx';

export const LISTING_DESCRIPTION =
  'Browse current job openings, filter by role, location, company and experience level, and apply on the company’s own page.';

const hasFeeds = (data: object | undefined): data is { feedLinks: MetaDescriptor[] } =>
  data !== undefined && 'feedLinks' in data;

/** A listing page's meta: its title, the listing's description, and the search's feeds. */
export function listingMeta(
  args: Parameters<typeof routeMeta>[0] & { loaderData?: object | undefined },
  title: string,
): MetaDescriptor[] {
  return [
    ...routeMeta(args, { title, description: LISTING_DESCRIPTION }),
    // The search's feeds, for readers that discover them from the page (features/feeds).
    ...(hasFeeds(args.loaderData) ? args.loaderData.feedLinks : []),
  ];
}

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
  } catch (error) {
    // A redirect is an answer, not a failure: the server's canonical address for the search
    // (a keyword without the characters search does not take, say).
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
    return { failed: failureMessage(error) };
  }
}

/** The server's own words when it refused (too many searches: 429), else the generic failure. */
export function failureMessage(error: unknown): string {
  if (isRouteErrorResponse(error) && error.status === 429) {
    try {
      const body = JSON.parse(String(error.data)) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) return body.message;
    } catch {
      // Not the JSON answer: the generic words below.
    }
    return 'Too many searches. Please wait a minute and try again.';
  }
  return LOAD_FAILED;
}
