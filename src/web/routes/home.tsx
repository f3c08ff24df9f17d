import { APP_NAME } from '../../shared/constants.ts';
import { ListingPage } from '../features/jobs/listing-page.tsx';
import { loadListing } from '../features/jobs/listing-loader.server.ts';
import { listingClientLoader, listingMeta } from '../features/jobs/listing-route.ts';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () => listingMeta(`Home · ${APP_NAME}`);

export function loader({ request, context }: Route.LoaderArgs) {
  return loadListing(request, context);
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) =>
  listingClientLoader(serverLoader);

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <ListingPage
      loaderData={loaderData}
      heading={
        <header className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            Find the job that fits you
          </h1>
          <p className="text-lg text-slate-700 dark:text-slate-300">
            Current openings from companies that are hiring now, with the salary up front.
          </p>
          <p className="text-slate-600 dark:text-slate-400">
            Filter by role, location, company and experience, or search by keyword, then apply on
            the company&apos;s own page.
          </p>
        </header>
      }
    />
  );
}
