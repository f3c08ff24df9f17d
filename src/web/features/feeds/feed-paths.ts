// Where a search's feeds live: the listing's own query string after /jobs/feed.<format>, so any
// filter the listing learns is a filter of its feeds too.
import { paths } from '../../lib/paths.ts';

export const FEED_FORMATS = {
  rss: { path: paths.feedRss, type: 'application/rss+xml', label: 'RSS' },
  atom: { path: paths.feedAtom, type: 'application/atom+xml', label: 'Atom' },
  json: { path: paths.feedJson, type: 'application/feed+json', label: 'JSON Feed' },
} as const;

export type FeedFormat = keyof typeof FEED_FORMATS;

/**
 * A listing address's search as a query string to follow ("?role=3" or ""): the filters and
 * keyword, without the sort (feeds are newest first, an alert mails what is new) and without the
 * page, so that following from page 3 follows the same search as from page 1.
 */
function searchOf(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of ['sortBy', 'page', 'cursor']) params.delete(key);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** `search` is a listing address's query string. */
export function feedPath(format: FeedFormat, search: string): string {
  return FEED_FORMATS[format].path + searchOf(search);
}

/** The page head's `<link rel="alternate">` for each feed of a listing address. */
export function feedLinkMeta(search: string, title: string) {
  return (Object.keys(FEED_FORMATS) as FeedFormat[]).map((format) => ({
    tagName: 'link' as const,
    rel: 'alternate',
    type: FEED_FORMATS[format].type,
    title: `${title} (${FEED_FORMATS[format].label})`,
    href: feedPath(format, search),
  }));
}

/** The alert form for a listing address. */
export function alertPath(search: string): string {
  return paths.alertNew + searchOf(search);
}

/** A company page's feeds, for its head (routes/company-feed.tsx). */
export function companyFeedLinkMeta(slug: string, companyName: string) {
  return (Object.keys(FEED_FORMATS) as FeedFormat[]).map((format) => ({
    tagName: 'link' as const,
    rel: 'alternate',
    type: FEED_FORMATS[format].type,
    title: `Jobs at ${companyName} (${FEED_FORMATS[format].label})`,
    href: `${paths.company(slug)}/feed.${format === 'json' ? 'json' : format}`,
  }));
}
