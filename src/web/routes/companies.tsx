// /companies: every company on the board, searchable by name with a plain GET form (works without
// JavaScript), paged by links.
import { Form, Link, redirect } from 'react-router';
import { companiesIndexQuery, LIVE_COUNT_LIMIT } from '../../shared/contract/companies.ts';
import { CompanyLogo } from '../components/company-logo.tsx';
import { PageHeader } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import { VerifiedMark } from '../features/companies/company-profile.tsx';
import { NO_OPENINGS } from '../features/companies/company-jobs.tsx';
import { primaryButton } from '../features/jobs/listing-states.tsx';
import { formatJobCount } from '../lib/format.ts';
import { paths } from '../lib/paths.ts';
import type { Route } from './+types/companies';

/**
 * The address's name and page, each read on its own: a page number that is not one (0, -1, abc,
 * an edited link) shows the first page, as the listing does, and only a name that cannot be
 * searched (too long, control characters) says so, instead of a 400 page.
 */
function readQuery(search: URLSearchParams) {
  const given = (key: string) => search.get(key)?.trim() || undefined;
  const name = companiesIndexQuery.shape.name.safeParse(given('name'));
  const page = companiesIndexQuery.shape.page.safeParse(given('page'));
  return {
    query: { name: name.success ? name.data : undefined, page: page.success ? page.data : 1 },
    problem: name.success ? null : 'Type a shorter company name (up to 100 characters).',
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { query, problem } = readQuery(new URL(request.url).searchParams);
  const content = await context.services.companies.search(query);
  // A page past the end (a link kept while the list shrank, an edited number) goes to the last
  // page, as the listing's does, not to "No companies on this page" under "Page 3 of 3".
  const last = Math.max(1, Math.ceil(content.total / content.pageSize));
  if (content.companies.length === 0 && last < content.page) {
    throw redirect(pageHref(query.name ?? '', last));
  }
  return { ...content, name: query.name ?? '', problem };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Companies',
    description: 'The companies hiring on Openings: search them by name and see their open jobs.',
    path: paths.companies,
  });

function pageHref(name: string, page: number) {
  const params = new URLSearchParams();
  if (name) params.set('name', name);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `${paths.companies}?${search}` : paths.companies;
}

function liveJobs(n: number) {
  if (n === 0) return NO_OPENINGS;
  return `${n > LIVE_COUNT_LIMIT ? formatJobCount(LIVE_COUNT_LIMIT, true) : formatJobCount(n)} open`;
}

export default function Companies({ loaderData }: Route.ComponentProps) {
  const { companies, total, page, pageSize, name, problem } = loaderData;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      <PageHeader
        title="Companies"
        lead="Every company hiring on Openings. Open one to see its jobs."
      >
        <Form method="get" role="search" className="mt-6 flex max-w-xl gap-2">
          <label htmlFor="company-name" className="sr-only">
            Company name
          </label>
          <input
            id="company-name"
            name="name"
            type="search"
            defaultValue={name}
            key={name}
            maxLength={100}
            placeholder="Search by company name"
            aria-describedby={problem ? 'company-name-problem' : undefined}
            className="border-line-strong bg-surface-raised text-fg placeholder:text-subtle focus:outline-focus min-w-0 flex-1 rounded-full border px-4 py-2 text-sm focus:outline-2 focus:outline-offset-1"
          />
          <button type="submit" className={primaryButton}>
            Search
          </button>
        </Form>
        {problem ? (
          <p id="company-name-problem" role="alert" className="text-danger mt-2 text-sm">
            {problem}
          </p>
        ) : null}
      </PageHeader>
      <div className="container-page flex flex-col gap-6 py-8">
        <p className="text-muted text-sm" aria-live="polite">
          {total === 1 ? '1 company' : `${total} companies`}
          {name ? ` matching “${name}”` : ''}
        </p>
        {companies.length === 0 ? (
          <p className="text-fg">
            {name ? `No company’s name contains “${name}”.` : 'No companies on this page.'}{' '}
            <Link to={paths.companies} className="text-brand underline">
              See all companies
            </Link>
          </p>
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {companies.map((c) => (
              <li key={c._id}>
                <Link
                  to={paths.company(c.slug)}
                  className="rounded-card border-line bg-surface-raised hover:border-brand focus-visible:outline-focus flex h-full items-center gap-3 border p-4 focus-visible:outline-3 focus-visible:outline-offset-2"
                >
                  <CompanyLogo
                    logoUrl={c.companyLogo}
                    companyName={c.companyName}
                    size={48}
                    decorative
                    lazy
                    className="rounded-control bg-surface-sunken"
                  />
                  <span className="min-w-0">
                    <span className="text-fg block truncate font-semibold">{c.companyName}</span>
                    {c.verified ? <VerifiedMark /> : null}
                    {c.companyLocation ? (
                      <span className="text-muted block truncate text-sm">{c.companyLocation}</span>
                    ) : null}
                    <span className="text-muted block text-sm">{liveJobs(c.liveJobs)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
            {page > 1 ? (
              <Link to={pageHref(name, page - 1)} className="text-brand underline" rel="prev">
                ← Previous
              </Link>
            ) : (
              <span />
            )}
            <span className="text-muted">
              Page {Math.min(page, pages)} of {pages}
            </span>
            {page < pages ? (
              <Link to={pageHref(name, page + 1)} className="text-brand underline" rel="next">
                Next →
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
    </>
  );
}
