// A search's feeds (RSS 2.0, Atom, JSON Feed 1.1): the 50 newest jobs the listing itself finds for
// the address's filters and keyword (listing-loader.server.ts, the same parsing and query), with
// Cache-Control and an ETag so readers that poll get a 304 when nothing changed.
import { createHash } from 'node:crypto';
import { Feed } from 'feed';
import { APP_NAME, MAX_PAGE_SIZE } from '../../../shared/constants.ts';
import type { JobSummary } from '../../../shared/contract/jobs.ts';
import type { AppLoadContext } from '../../../shared/services.ts';
import { absoluteUrl } from '../../../shared/safe-url.ts';
import { escapeMarkup, NO_SEARCH_WORDS, searchWords } from '../../../shared/text.ts';
import { filterSearch } from '../filters/filter-state.ts';
import { formatLocation, formatSalary } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import type { ListingData } from '../jobs/listing-data.ts';
import { addressProblems, loadListing } from '../jobs/listing-loader.server.ts';
import { FEED_FORMATS, type FeedFormat, feedPath } from './feed-paths.ts';
import { searchLabel } from './search-label.ts';

/** Feed readers poll; five minutes keeps a new job close to its posting at little cost. */
export const FEED_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=60';

export interface FeedScope {
  /** The page the feed follows (its channel link), e.g. "/jobs?role=3". */
  pagePath: string;
  title: string;
  description: string;
}

function summaryOf(job: JobSummary): string {
  return [
    job.company.companyName,
    formatLocation(job),
    job.experienceLevel.name,
    job.jobType.name,
    formatSalary(job),
  ].join(' · ');
}

interface FeedInput {
  format: FeedFormat;
  jobs: JobSummary[];
  scope: FeedScope;
  publicUrl: string;
  /** The feed's own address (path and query). */
  selfPath: string;
}

function jsonFeed({ jobs, scope, publicUrl, selfPath }: FeedInput): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: scope.title,
    home_page_url: absoluteUrl(publicUrl, scope.pagePath),
    feed_url: absoluteUrl(publicUrl, selfPath),
    description: scope.description,
    language: 'en',
    items: jobs.map((job) => {
      const url = absoluteUrl(publicUrl, paths.job(job.pageUrl));
      return {
        id: url,
        url,
        title: `${job.title} at ${job.company.companyName}`,
        content_text: summaryOf(job),
        date_published: job.postedOn,
        authors: [{ name: job.company.companyName }],
        tags: [job.role.sortName, job.experienceLevel.name, job.jobType.name],
      };
    }),
  });
}

function xmlFeed({ format, jobs, scope, publicUrl, selfPath }: FeedInput): string {
  // A feed with no job is as of now (the time it was asked for), not of 1970.
  const newest = jobs[0] ? new Date(jobs[0].postedOn) : new Date();
  const feed = new Feed({
    id: absoluteUrl(publicUrl, selfPath),
    title: scope.title,
    description: scope.description,
    link: absoluteUrl(publicUrl, scope.pagePath),
    language: 'en',
    updated: newest,
    generator: APP_NAME,
    copyright: `Job descriptions belong to the companies that posted them.`,
    feedLinks: {
      rss: absoluteUrl(publicUrl, feedPath('rss', selfPath.split('?')[1] ?? '')),
      atom: absoluteUrl(publicUrl, feedPath('atom', selfPath.split('?')[1] ?? '')),
    },
  });
  for (const job of jobs) {
    const url = absoluteUrl(publicUrl, paths.job(job.pageUrl));
    const title = `${job.title} at ${job.company.companyName}`;
    feed.addItem({
      id: url,
      guid: url,
      link: url,
      // Atom's title is written as type="html" and both formats' descriptions are HTML: escaped,
      // a title such as "QA <b>lead</b>" reads as typed instead of as markup.
      title: format === 'atom' ? escapeMarkup(title) : title,
      description: escapeMarkup(summaryOf(job)),
      date: new Date(job.postedOn),
      published: new Date(job.postedOn),
      // RSS 2.0's <author> is an e-mail address, which a company has none of here; the title
      // names the company.
      author: format === 'atom' ? [{ name: job.company.companyName }] : undefined,
    });
  }
  return format === 'rss' ? feed.rss2() : feed.atom1();
}

export function renderFeed(input: FeedInput): string {
  return input.format === 'json' ? jsonFeed(input) : xmlFeed(input);
}

/** The answer to a feed request: 200 with the feed, or 304 when the reader's copy is current. */
export function feedAnswer(request: Request, format: FeedFormat, body: string): Response {
  // Weak (RFC 9110 §8.8.1): the server sends the feed br, gzip or as it is, one tag for the three
  // codings of the same feed, which a strong tag may not be.
  const tag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const etag = `W/${tag}`;
  const headers = {
    'Content-Type': `${FEED_FORMATS[format].type}; charset=utf-8`,
    'Cache-Control': FEED_CACHE_CONTROL,
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
  };
  const match = request.headers.get('if-none-match');
  if (match && match.split(',').some((held) => held.trim().replace(/^W\//, '') === tag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
}

/** The scope of a listing address: the /jobs page with the same filters. */
export function listingScope(data: ListingData): FeedScope {
  const label = searchLabel(data.filters);
  const search = filterSearch({ ...data.filters, sortBy: null });
  return {
    pagePath: `${paths.jobs}${search}`,
    title: `${label} · ${APP_NAME}`,
    description: `The newest openings on ${APP_NAME}: ${lowerOwnWord(label, data.filters)}.`,
  };
}

/**
 * The label's first letter in lower case mid-sentence ("jobs in Berlin", "remote jobs"), but only
 * where the label starts with our own word: a role's name stays as written ("Backend Development").
 */
function lowerOwnWord(label: string, filters: ListingData['filters']): string {
  if (filters.role && label.startsWith(filters.role.label)) return label;
  return `${label.charAt(0).toLowerCase()}${label.slice(1)}`;
}

/**
 * A feed of any listing address. `scope` lets another page (a company's) name its own feed; the
 * jobs always come from the listing's own loader, newest first.
 */
export async function listingFeed(
  request: Request,
  context: AppLoadContext,
  format: FeedFormat,
  scopeOf: (data: ListingData) => FeedScope = listingScope,
  /** The listing search to follow when it is not the request's own (a company page's feed). */
  search?: string,
): Promise<Response> {
  const address = search === undefined ? request : new Request(new URL(search, request.url));
  const data = await loadListing(address, context, {
    pageSize: MAX_PAGE_SIZE,
    sortBy: false,
    byDate: true,
  });
  const url = new URL(request.url);
  // A reader subscribed to a filter must never get every job because the filter did not parse.
  const problems = addressProblems(new URL(address.url).searchParams, data);
  // A keyword with no word search can match ("नौकरी") runs, and its feed would stay empty for
  // good: refused as the API refuses it (the alert page says so in its own words).
  if (data.filters.q && searchWords(data.filters.q).length === 0) {
    problems.push(`q: ${NO_SEARCH_WORDS}`);
  }
  if (problems.length > 0) {
    return new Response(`This feed's address is not valid: ${problems.join('; ')}.\n`, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const body = renderFeed({
    format,
    jobs: data.listing.jobs,
    scope: scopeOf(data),
    publicUrl: context.publicUrl,
    selfPath: `${url.pathname}${url.search}`,
  });
  return feedAnswer(request, format, body);
}
