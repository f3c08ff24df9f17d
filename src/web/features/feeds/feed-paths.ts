// Where a search's feeds live: the listing's own query string after /jobs/feed.<format>, so any
// filter the listing learns is a filter of its feeds too.
import { paths } from '../../lib/paths.ts';

export const FEED_FORMATS = {
  rss: { path: paths.feedRss, type: 'application/rss+xml', label: 'RSS' },
  atom: { path: paths.feedAtom, type: 'application/atom+xml', label: 'Atom' },
  json: { path: paths.feedJson, type: 'application/feed+json', label: 'JSON Feed' },
} as const;

export type FeedFormat = keyof typeof FEED_FORMATS;

/** `search` is a listing address's query string ("?role=3" or ""); the sort is left out (feeds are newest first). */
export function feedPath(format: FeedFormat, search: string): string {
  const params = new URLSearchParams(search);
  params.delete('sortBy');
  const rest = params.toString();
  return `${FEED_FORMATS[format].path}${rest ? `?${rest}` : ''}`;
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

/** The alert form for a listing address (the sort does not matter to an alert). */
export function alertPath(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('sortBy');
  const rest = params.toString();
  return `${paths.alertNew}${rest ? `?${rest}` : ''}`;
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
