import { routeMeta } from '../components/seo.ts';
import { ListingPage } from '../features/jobs/listing-page.tsx';
import { loadListing } from '../features/jobs/listing-loader.server.ts';
import { LISTING_DESCRIPTION, listingClientLoader } from '../features/jobs/listing-route.ts';
import type { Route } from './+types/jobs';

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'Jobs', description: LISTING_DESCRIPTION });

export function loader({ request, context }: Route.LoaderArgs) {
  return loadListing(request, context);
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
