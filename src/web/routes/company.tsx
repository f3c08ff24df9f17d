// /companies/{slug}: a company's profile and its live jobs (the listing's cards, sort and Browse
// more), server-rendered with its Organization JSON-LD. A merged company redirects to the one it
// joined; an unknown or suspended one is a 404.
import { data, redirect } from 'react-router';
import { pageNow } from '../lib/format.ts';
import { DEFAULT_PAGE_SIZE } from '../../shared/constants.ts';
import { companySlugSchema } from '../../shared/contract/companies.ts';
import { routeMeta } from '../components/seo.ts';
import { CompanyJobs } from '../features/companies/company-jobs.tsx';
import { CompanyProfileHeader } from '../features/companies/company-profile.tsx';
import { buildOrganization } from '../features/companies/organization.ts';
import { defaultFilters } from '../features/filters/filter-state.ts';
import type { ListingData } from '../features/jobs/listing-data.ts';
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
  const sortBy = new URL(request.url).searchParams.get('sortBy') === 'true';
  const listing = await context.services.jobs.list({
    company: Number(company._id),
    sortBy,
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  const jobs: ListingData = {
    listing,
    // Browse more asks the listing API for this company's next jobs in this sort.
    filters: {
      ...defaultFilters,
      company: { id: company._id, label: company.companyName },
      sortBy,
    },
    now: pageNow(),
  };
  return { company, jobs, publicUrl: context.publicUrl, nonce: context.nonce };
}

export const meta: Route.MetaFunction = (args) => {
  const company = args.data?.company;
  if (!company) return routeMeta(args, { title: 'Company not found', noindex: true });
  const overview = company.companyOverview?.trim();
  return routeMeta(args, {
    title: `Jobs at ${company.companyName}`,
    description: overview
      ? overview.slice(0, 200)
      : `Current openings at ${company.companyName} on Openings.`,
    path: paths.company(company.slug),
    image: paths.logo(company._id, 'png'),
    imageAlt: `${company.companyName} logo`,
  }).concat(companyFeedLinkMeta(company.slug, company.companyName));
};

export default function CompanyPage({ loaderData }: Route.ComponentProps) {
  const { company, jobs, publicUrl, nonce } = loaderData;
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
      <CompanyJobs data={jobs} companyName={company.companyName} />
      <script
        type="application/ld+json"
        nonce={nonce}
        // JSON escaped by serializeJsonLd so company text cannot end the tag.
        dangerouslySetInnerHTML={{ __html: serializeJsonLd(buildOrganization(company, publicUrl)) }}
      />
    </div>
  );
}
