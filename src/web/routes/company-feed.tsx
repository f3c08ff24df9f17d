// Resource routes: /companies/{slug}/feed.rss, .atom and .json — a company's 50 newest live jobs,
// through the listing's own loader with the company filter (features/feeds).
import { APP_NAME } from '../../shared/constants.ts';
import { companySlugSchema } from '../../shared/contract/companies.ts';
import type { FeedFormat } from '../features/feeds/feed-paths.ts';
import { listingFeed } from '../features/feeds/feed.server.ts';
import { paths } from '../lib/paths.ts';
import type { Route } from './+types/company-feed';

function formatOf(pathname: string): FeedFormat {
  if (pathname.endsWith('.atom')) return 'atom';
  if (pathname.endsWith('.json')) return 'json';
  return 'rss';
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const slug = companySlugSchema.safeParse(params.slug);
  const lookup = slug.success ? await context.services.companies.get(slug.data) : null;
  if (!lookup || lookup.status !== 'found') {
    // Plain text, like a feed's other refusals, and not kept: the company may yet appear.
    throw new Response('No company has this address.\n', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const { company } = lookup;
  return listingFeed(
    request,
    context,
    formatOf(new URL(request.url).pathname),
    () => ({
      pagePath: paths.company(company.slug),
      title: `Jobs at ${company.companyName} · ${APP_NAME}`,
      description: `The newest openings at ${company.companyName} on ${APP_NAME}.`,
    }),
    `${paths.jobs}?company=${company._id}`,
  );
}
