import { ListingPage } from '../features/jobs/listing-page.tsx';
import { loadListingWithFeeds } from '../features/jobs/listing-loader.server.ts';
import { listingClientLoader, listingMeta } from '../features/jobs/listing-route.ts';
import type { Route } from './+types/jobs';

export const meta: Route.MetaFunction = (args) => listingMeta(args, 'Jobs');

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadListingWithFeeds(request, context);

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
