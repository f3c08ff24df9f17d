// /sitemap.xml (sitemaps.org protocol): the public pages (the Learn guides too), the company pages
// and every active job, streamed in the service's batches so a million jobs never sit in memory. Past 50,000 URLs it
// answers a sitemap index whose children are /sitemap.xml?page=N.
//
// Positions, not rows, decide the pages: the public and company pages come first, then job id i
// stands at position head + i, live or not, and page N holds positions ((N-1)·limit, N·limit]. So
// page N reads one range of job ids (an index range, bounded by the limit) instead of every row
// before it, a job keeps its page for good, and a page never passes the protocol's limit. Pages
// hold fewer URLs where jobs closed; search engines do not mind.
import type { CompaniesService, JobsService } from '../../../shared/services.ts';
import { escapeMarkup } from '../../../shared/text.ts';
import { paths } from '../../lib/paths.ts';
import { guides } from '../learn/guides.ts';

/** The protocol's limit of URLs per sitemap file. */
export const SITEMAP_URL_LIMIT = 50_000;
const BATCH_SIZE = 1_000;
const STATIC_PATHS = [
  paths.home,
  paths.jobs,
  paths.learn,
  ...guides.map((guide) => paths.guide(guide.slug)),
  paths.about,
  paths.contact,
];
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

interface Entry {
  path: string;
  lastmod?: string;
}

export interface SitemapOptions {
  jobs: JobsService;
  /** Company pages (/companies and one per listed company); left out when not given. */
  companies?: Pick<CompaniesService, 'slugs' | 'search'>;
  publicUrl: string;
  /** The `page` query parameter as given (null for the top file). */
  page: string | null;
  limit?: number;
}

/** W3C datetime without milliseconds ("2026-03-02T09:30:00Z"); undefined when unreadable. */
function w3cDate(iso: string): string | undefined {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

async function* headEntries(companies: SitemapOptions['companies']): AsyncGenerator<Entry[]> {
  yield STATIC_PATHS.map((path) => ({ path }));
  if (companies) {
    yield [{ path: paths.companies }];
    for await (const batch of companies.slugs(BATCH_SIZE)) {
      yield batch.map((slug) => ({ path: paths.company(slug) }));
    }
  }
}

/** Entries [offset, offset + count) of a list, stopping the read at the end. */
async function* slice(source: AsyncIterable<Entry[]>, offset: number, count: number) {
  let skip = offset;
  let left = count;
  for await (const batch of source) {
    const part = batch.slice(Math.min(skip, batch.length), Math.min(skip, batch.length) + left);
    skip = Math.max(0, skip - batch.length);
    left -= part.length;
    if (part.length > 0) yield part;
    if (left <= 0) return;
  }
}

interface Layout {
  /** How many public and company pages come before the jobs. */
  head: number;
  pages: number;
}

async function layoutOf(options: SitemapOptions, limit: number): Promise<Layout> {
  const { jobs, companies } = options;
  const [lastJobId, listed] = await Promise.all([
    jobs.lastJobId(),
    companies ? companies.search({ page: 1 }).then((found) => 1 + found.total) : 0,
  ]);
  const head = STATIC_PATHS.length + listed;
  return { head, pages: Math.max(1, Math.ceil((head + lastJobId) / limit)) };
}

/** Page n: its share of the head, then the active jobs whose ids fall in its positions. */
async function* pageEntries(
  options: SitemapOptions,
  { head }: Layout,
  n: number,
  limit: number,
): AsyncGenerator<Entry[]> {
  const start = (n - 1) * limit;
  if (start < head)
    yield* slice(headEntries(options.companies), start, Math.min(limit, head - start));
  const ids = { after: Math.max(0, start - head), upTo: n * limit - head };
  if (ids.upTo <= ids.after) return;
  for await (const batch of options.jobs.activeSlugs(BATCH_SIZE, ids)) {
    yield batch.map((job) => ({ path: paths.job(job.pageUrl), lastmod: w3cDate(job.updatedAt) }));
  }
}

async function* urlset(entries: AsyncIterable<Entry[]>, publicUrl: string) {
  yield `${XML_HEAD}<urlset xmlns="${NS}">\n`;
  for await (const batch of entries) {
    yield batch
      .map((e) => {
        const lastmod = e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : '';
        return `<url><loc>${escapeMarkup(publicUrl + e.path)}</loc>${lastmod}</url>\n`;
      })
      .join('');
  }
  yield '</urlset>\n';
}

function* sitemapIndex(pages: number, publicUrl: string) {
  yield `${XML_HEAD}<sitemapindex xmlns="${NS}">\n`;
  for (let page = 1; page <= pages; page++) {
    const loc = escapeMarkup(`${publicUrl}${paths.sitemap}?page=${page}`);
    yield `<sitemap><loc>${loc}</loc></sitemap>\n`;
  }
  yield '</sitemapindex>\n';
}

function streamOf(chunks: AsyncIterator<string> | Iterator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await chunks.return?.();
    },
  });
}

const xmlResponse = (body: ReadableStream<Uint8Array>) =>
  new Response(body, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    },
  });

const textResponse = (status: number, text: string) =>
  new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

export async function sitemapResponse(options: SitemapOptions): Promise<Response> {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const limit = options.limit ?? SITEMAP_URL_LIMIT;
  const layout = await layoutOf(options, limit);
  const { page } = options;
  if (page === null) {
    if (layout.pages > 1) return xmlResponse(streamOf(sitemapIndex(layout.pages, publicUrl)));
    return xmlResponse(streamOf(urlset(pageEntries(options, layout, 1, limit), publicUrl)));
  }
  const n = /^\d{1,7}$/.test(page) ? Number(page) : NaN;
  if (!Number.isInteger(n) || n < 1) {
    return textResponse(400, `page must be a whole number from 1 to ${layout.pages}`);
  }
  if (n > layout.pages)
    return textResponse(404, `No sitemap page ${n}; there are ${layout.pages}.`);
  return xmlResponse(streamOf(urlset(pageEntries(options, layout, n, limit), publicUrl)));
}
