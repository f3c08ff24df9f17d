// Resource route: /sitemap.xml and its pages (/sitemap.xml?page=N) for search engines.
import { sitemapResponse } from '../features/seo/sitemap.ts';
import type { Route } from './+types/sitemap';

export function loader({ request, context }: Route.LoaderArgs) {
  return sitemapResponse({
    jobs: context.services.jobs,
    companies: context.services.companies,
    publicUrl: context.publicUrl,
    page: new URL(request.url).searchParams.get('page'),
  });
}
