import { APP_NAME } from '../../shared/constants.ts';
import { ListingPage } from '../features/jobs/listing-page.tsx';
import { loadListing } from '../features/jobs/listing-loader.server.ts';
import { listingClientLoader, listingMeta } from '../features/jobs/listing-route.ts';
import type { Route } from './+types/jobs';

export const meta: Route.MetaFunction = () => listingMeta(`Jobs · ${APP_NAME}`);

export function loader({ request, context }: Route.LoaderArgs) {
  return loadListing(request, context);
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) =>
  listingClientLoader(serverLoader);

export default function Jobs({ loaderData }: Route.ComponentProps) {
  return (
    <ListingPage
      loaderData={loaderData}
      heading={
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          Current openings
        </h1>
      }
    />
  );
}
