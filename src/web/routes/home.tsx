import { ListingPage } from '../features/jobs/listing-page.tsx';
import { loadListingWithFeeds } from '../features/jobs/listing-loader.server.ts';
import { listingClientLoader, listingMeta } from '../features/jobs/listing-route.ts';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = (args) => listingMeta(args, 'Home');

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadListingWithFeeds(request, context);

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
