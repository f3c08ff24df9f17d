// /companies/{slug}: a company's profile and its live jobs (the listing's cards, sort and Browse
// more), server-rendered with its Organization JSON-LD. A merged company redirects to the one it
// joined; an unknown or suspended one is a 404. Browse more pages within the company page
// (`?page=2&cursor=…`, the keyset after the last job, as the listing pages), so without
// JavaScript the next jobs come on this page, with a way back; with it they are appended in place.
import { data, isRouteErrorResponse, redirect } from 'react-router';
import { pageNow } from '../lib/format.ts';
import { DEFAULT_PAGE_SIZE } from '../../shared/constants.ts';
import { companySlugSchema } from '../../shared/contract/companies.ts';
import { isInvalidQuery } from '../../shared/services.ts';
import { routeMeta } from '../components/seo.ts';
import { CompanyJobs } from '../features/companies/company-jobs.tsx';
import { CompanyProfileHeader } from '../features/companies/company-profile.tsx';
import { buildOrganization } from '../features/companies/organization.ts';
import { defaultFilters } from '../features/filters/filter-state.ts';
import type { ListingData } from '../features/jobs/listing-data.ts';
import { backLinks, canonicalSearch, parsePage } from '../features/jobs/listing-loader.server.ts';
import { LOAD_FAILED } from '../features/jobs/listing-route.ts';
import { serializeJsonLd } from '../features/job-detail/json-ld.ts';
import { paths } from '../lib/paths.ts';
import { Link } from 'react-router';
import type { Route } from './+types/company';
import { companyFeedLinkMeta } from '../features/feeds/feed-paths.ts';
import { FollowMenu } from '../features/feeds/lazy-follow-menu.tsx';

const UNKNOWN = 'No company has this address. It may have been renamed or removed from Openings.';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const slug = companySlugSchema.safeParse(params.slug);
  if (!slug.success) throw data({ message: UNKNOWN }, { status: 404 });
  const lookup = await context.services.companies.get(slug.data);
  if (lookup.status === 'moved') throw redirect(paths.company(lookup.slug), 301);
  if (lookup.status === 'not-found') throw data({ message: UNKNOWN }, { status: 404 });
  const { company } = lookup;
  const search = new URL(request.url).searchParams;
  const sortBy = search.get('sortBy') === 'true';
  // The page's own filters: none but the sort (the company is the page's), so its links (Browse
  // more, back) stay on it.
  const filters = { ...defaultFilters, sortBy };
  const page = parsePage(search);
  const here = paths.company(company.slug);
  const listing = await context.services.jobs
    .list({
      company: Number(company._id),
      sortBy,
      page: page.cursor ? 1 : page.page,
      pageSize: DEFAULT_PAGE_SIZE,
      cursor: page.cursor,
    })
    .catch((error: unknown) => {
      // A cursor from another sort (an edited address) starts the list over.
      if (!page.cursor || !isInvalidQuery(error)) throw error;
      throw redirect(`${here}${canonicalSearch(filters, { page: 1 })}`);
    });
  // A numbered page past the end (a link kept while the jobs closed) goes to the last page.
  const last = Math.max(1, Math.ceil(listing.noofJobs / DEFAULT_PAGE_SIZE));
  if (!page.cursor && listing.jobs.length === 0 && last < page.page) {
    throw redirect(`${here}${canonicalSearch(filters, { page: last })}`);
  }
  const back = backLinks(filters, page.page);
  // The jobs' part is a listing's answer at the top level, so that Browse more with JavaScript
  // (use-listing.ts) can fetch this page's next jobs through this loader and append them.
  const jobs: ListingData = {
    listing,
    filters,
    now: pageNow(),
    page: page.page,
    ...(back && { back }),
  };
  return { ...jobs, company, publicUrl: context.publicUrl, nonce: context.nonce };
}

/**
 * Browse more's fetch that fails (the connection) answers `{ failed }`, which the jobs show with
 * Try again, as the listing's do; an answer of the server (a 404, a redirect) is thrown as before.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch (error) {
    if (isRouteErrorResponse(error) || error instanceof Response) throw error;
    return { failed: LOAD_FAILED };
  }
}

export const meta: Route.MetaFunction = (args) => {
  const company = args.data && 'company' in args.data ? args.data.company : undefined;
  if (!company) return routeMeta(args, { title: 'Company not found', noindex: true });
  const overview = company.companyOverview?.trim();
  // A later page of its jobs (Browse more's, Previous page's) is not for search results: only the
  // first is indexed (the canonical link names it), the later ones' jobs are followed.
  const laterPage = args.data && 'page' in args.data && (args.data.page ?? 1) > 1;
  return routeMeta(args, {
    title: `Jobs at ${company.companyName}`,
    description: overview
      ? overview.slice(0, 200)
      : `Current openings at ${company.companyName} on Openings.`,
    path: paths.company(company.slug),
    image: paths.logo(company._id, 'png'),
    imageAlt: `${company.companyName} logo`,
  })
    .concat(companyFeedLinkMeta(company.slug, company.companyName))
    .concat(laterPage ? [{ name: 'robots', content: 'noindex, follow' }] : []);
};

export default function CompanyPage({ loaderData }: Route.ComponentProps) {
  // A navigation here that failed shows the error page, as without the client loader.
  if ('failed' in loaderData) throw new Error(loaderData.failed);
  const { company, publicUrl, nonce } = loaderData;
  return (
    <div className="container-page flex max-w-5xl flex-col gap-8 py-6 sm:py-10">
      <nav aria-label="Company">
        <Link
          to={paths.companies}
          className="rounded-control text-brand px-1 py-2 text-sm font-medium hover:underline"
        >
          <span aria-hidden="true">← </span>All companies
        </Link>
      </nav>
      <CompanyProfileHeader company={company} />
      <FollowMenu
        search={`?company=${company._id}`}
        label={`Follow jobs at ${company.companyName}`}
      />
      <CompanyJobs data={loaderData} companyName={company.companyName} />
      <script
        type="application/ld+json"
        nonce={nonce}
        // JSON escaped by serializeJsonLd so company text cannot end the tag.
        dangerouslySetInnerHTML={{ __html: serializeJsonLd(buildOrganization(company, publicUrl)) }}
      />
    </div>
  );
}
