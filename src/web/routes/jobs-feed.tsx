// Resource routes: /jobs/feed.rss, /jobs/feed.atom and /jobs/feed.json with any listing address's
// query string (features/feeds).
import { type FeedFormat } from '../features/feeds/feed-paths.ts';
import { listingFeed } from '../features/feeds/feed.server.ts';
import type { Route } from './+types/jobs-feed';

function formatOf(pathname: string): FeedFormat {
  if (pathname.endsWith('.atom')) return 'atom';
  if (pathname.endsWith('.json')) return 'json';
  return 'rss';
}

export function loader({ request, context }: Route.LoaderArgs) {
  return listingFeed(request, context, formatOf(new URL(request.url).pathname));
}
