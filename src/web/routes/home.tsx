import { routeMeta } from '../components/seo.ts';
import { feedLinkMeta } from '../features/feeds/feed-paths.ts';
import { ListingPage } from '../features/jobs/listing-page.tsx';
import { loadListingPage } from '../features/jobs/listing-loader.server.ts';
import { LISTING_DESCRIPTION, listingClientLoader } from '../features/jobs/listing-route.ts';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = (args) => [
  ...routeMeta(args, { title: 'Home', description: LISTING_DESCRIPTION }),
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

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <ListingPage
      loaderData={loaderData}
      heading={
        <header className="flex flex-col gap-2">
          <h1 className="text-fg text-3xl font-bold tracking-tight sm:text-4xl">
            Find the job that fits you
          </h1>
          <p className="text-muted text-lg">
            Current openings from companies that are hiring now, with the salary up front.
          </p>
          <p className="text-muted">
            Filter by role, location, company and experience, or search by keyword, then apply on
            the company&apos;s own page.
          </p>
        </header>
      }
    />
  );
}
