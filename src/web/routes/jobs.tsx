import { routeMeta } from '../components/seo.ts';
import { feedLinkMeta } from '../features/feeds/feed-paths.ts';
import { ListingPage } from '../features/jobs/listing-page.tsx';
import { loadListingPage } from '../features/jobs/listing-loader.server.ts';
import { LISTING_DESCRIPTION, listingClientLoader } from '../features/jobs/listing-route.ts';
import type { Route } from './+types/jobs';

export const meta: Route.MetaFunction = (args) => [
  ...routeMeta(args, { title: 'Jobs', description: LISTING_DESCRIPTION }),
  // The search's feeds, for readers that discover them from the page (features/feeds).
  ...(args.loaderData && 'feedLinks' in args.loaderData ? args.loaderData.feedLinks : []),
];

// The feed links are written here, on the server, so their code stays off the first visit.
export async function loader({ request, context }: Route.LoaderArgs) {
  const feedLinks = feedLinkMeta(new URL(request.url).search, 'Jobs on Openings');
  return { ...(await loadListingPage(request, context)), feedLinks };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) =>
  listingClientLoader(serverLoader);

export default function Jobs({ loaderData }: Route.ComponentProps) {
  return (
    <ListingPage
      loaderData={loaderData}
      heading={<h1 className="text-fg text-3xl font-bold tracking-tight">Current openings</h1>}
    />
  );
}
