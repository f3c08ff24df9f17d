// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { JobsService } from '../../../shared/services.ts';
import { robotsTxt } from './robots.ts';
import { SITEMAP_URL_LIMIT, sitemapResponse } from './sitemap.ts';

const origin = 'https://openings.example';
/** Home, jobs, learn, its three guides, about and contact. */
const STATIC_COUNT = 8;

/**
 * Jobs with ids 1 … lastId, active unless listed in `closed`, read lazily by id range like the
 * database's index; `reads.rows` counts the rows a page's reads returned.
 */
function fakeJobs(lastId: number, reads = { rows: 0 }, closed = new Set<number>()): JobsService {
  return {
    list: async () => ({ jobs: [], noofJobs: lastId - closed.size, nextCursor: null }),
    get: async () => ({ status: 'not-found' }),
    similar: async () => [],
    lastJobId: async () => lastId,
    async *activeSlugs(batchSize, ids = { after: 0, upTo: lastId }) {
      let after = ids.after;
      for (;;) {
        const batch: { pageUrl: string; updatedAt: string }[] = [];
        for (
          let id = after + 1;
          id <= Math.min(ids.upTo, lastId) && batch.length < batchSize;
          id++
        ) {
          after = id;
          if (!closed.has(id))
            batch.push({ pageUrl: `job-${id}`, updatedAt: '2026-03-02T09:30:00.123Z' });
        }
        reads.rows += batch.length;
        if (batch.length === 0) return;
        yield batch;
      }
    },
  };
}

/** Parses as XML (a parse error fails the test) and gives the <loc> texts and root name. */
async function parse(response: Response) {
  const text = await response.text();
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  // querySelectorAll: jsdom's live collections are quadratic to spread at 50,000 entries.
  const locs = [...doc.querySelectorAll('loc')].map((l) => l.textContent ?? '');
  return { root: doc.documentElement.localName, locs, doc, text };
}

describe('sitemap', () => {
  it('lists the public pages and every active job with its lastmod', async () => {
    const response = await sitemapResponse({ jobs: fakeJobs(3), publicUrl: origin, page: null });
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const { root, locs, doc } = await parse(response);
    expect(root).toBe('urlset');
    expect(locs).toEqual([
      `${origin}/`,
      `${origin}/jobs`,
      `${origin}/learn`,
      `${origin}/learn/reading-a-job-description`,
      `${origin}/learn/a-resume-that-gets-read`,
      `${origin}/learn/preparing-for-interviews`,
      `${origin}/about`,
      `${origin}/contact`,
      `${origin}/job-description/job-1`,
      `${origin}/job-description/job-2`,
      `${origin}/job-description/job-3`,
    ]);
    const lastmods = [...doc.querySelectorAll('lastmod')].map((l) => l.textContent);
    expect(lastmods).toEqual(Array(3).fill('2026-03-02T09:30:00Z'));
  });

  it('lists the companies index and each company page before the jobs', async () => {
    const companies = {
      search: async () => ({ companies: [], total: 2, page: 1, pageSize: 24 as const }),
      async *slugs() {
        yield ['acme-corp', 'globex'];
      },
    };
    const { locs } = await parse(
      await sitemapResponse({ jobs: fakeJobs(1), companies, publicUrl: origin, page: null }),
    );
    expect(locs.slice(STATIC_COUNT)).toEqual([
      `${origin}/companies`,
      `${origin}/companies/acme-corp`,
      `${origin}/companies/globex`,
      `${origin}/job-description/job-1`,
    ]);
    // 8 static + 3 company + 1 job = 12 URLs: two files of 6
    const index = await parse(
      await sitemapResponse({
        jobs: fakeJobs(1),
        companies,
        publicUrl: origin,
        page: null,
        limit: 6,
      }),
    );
    expect(index.locs).toHaveLength(2);
  });

  it('becomes an index past the limit, whose pages together list each URL once', async () => {
    const jobs = fakeJobs(22);
    const index = await parse(
      await sitemapResponse({ jobs, publicUrl: origin, page: null, limit: 10 }),
    );
    expect(index.root).toBe('sitemapindex');
    expect(index.locs).toEqual([1, 2, 3].map((n) => `${origin}/sitemap.xml?page=${n}`));

    const all: string[] = [];
    for (const n of [1, 2, 3]) {
      const page = await parse(
        await sitemapResponse({ jobs, publicUrl: origin, page: String(n), limit: 10 }),
      );
      expect(page.root).toBe('urlset');
      expect(page.locs.length).toBeLessThanOrEqual(10);
      all.push(...page.locs);
    }
    expect(all).toHaveLength(STATIC_COUNT + 22);
    expect(new Set(all).size).toBe(all.length);
    expect(all.at(-1)).toBe(`${origin}/job-description/job-22`);
  });

  it('answers 400 for a malformed page and 404 past the last page', async () => {
    const jobs = fakeJobs(22);
    const bad = await sitemapResponse({ jobs, publicUrl: origin, page: 'x', limit: 10 });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/^page /);
    const past = await sitemapResponse({ jobs, publicUrl: origin, page: '4', limit: 10 });
    expect(past.status).toBe(404);
  });

  it('stays valid at a million jobs and reads only its own ids for page N', async () => {
    const reads = { rows: 0 };
    const jobs = fakeJobs(1_000_000, reads);
    const index = await parse(await sitemapResponse({ jobs, publicUrl: origin, page: null }));
    expect(index.root).toBe('sitemapindex');
    expect(index.locs).toHaveLength(Math.ceil((1_000_000 + STATIC_COUNT) / SITEMAP_URL_LIMIT));
    expect(reads.rows).toBe(0);

    const first = await parse(await sitemapResponse({ jobs, publicUrl: origin, page: '1' }));
    expect(first.locs).toHaveLength(SITEMAP_URL_LIMIT);
    expect(reads.rows).toBe(SITEMAP_URL_LIMIT - STATIC_COUNT);

    reads.rows = 0;
    const last = await parse(await sitemapResponse({ jobs, publicUrl: origin, page: '21' }));
    // Page 21 holds positions 1,000,001 to 1,050,000: after the static pages, the last 8 ids.
    expect(last.locs).toEqual(
      Array.from({ length: 8 }, (_, i) => `${origin}/job-description/job-${999_993 + i}`),
    );
    expect(reads.rows).toBe(8);
  }, 120_000);

  it('keeps every job on its page when others close, and lists each active job once', async () => {
    const closed = new Set([2, 3, 11, 17]);
    const jobs = fakeJobs(22, { rows: 0 }, closed);
    const pageOf = async (n: number) =>
      (await parse(await sitemapResponse({ jobs, publicUrl: origin, page: String(n), limit: 10 })))
        .locs;
    // 8 public pages + ids 1–2 | ids 3–12 | ids 13–22: positions, not rows, decide the page.
    const pages = [await pageOf(1), await pageOf(2), await pageOf(3)];
    const job = (id: number) => `${origin}/job-description/job-${id}`;
    expect(pages[0]!.slice(STATIC_COUNT)).toEqual([1].map(job));
    expect(pages[1]).toEqual([4, 5, 6, 7, 8, 9, 10, 12].map(job));
    expect(pages[2]).toEqual([13, 14, 15, 16, 18, 19, 20, 21, 22].map(job));
    expect((await sitemapResponse({ jobs, publicUrl: origin, page: '4', limit: 10 })).status).toBe(
      404,
    );
  });
});

describe('robots.txt', () => {
  it('names the sitemap and keeps crawlers out of the API', () => {
    const text = robotsTxt(`${origin}/`);
    expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(text).toContain('Disallow: /api/');
  });
});
