// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { JobsService } from '../../../shared/services.ts';
import { robotsTxt } from './robots.ts';
import { SITEMAP_URL_LIMIT, sitemapResponse } from './sitemap.ts';

const origin = 'https://openings.example';
const STATIC_COUNT = 5;

/** Active jobs job-0 … job-(n-1), produced lazily like the database cursor would. */
function fakeJobs(count: number, reads = { rows: 0 }): JobsService {
  return {
    list: async () => ({ jobs: [], noofJobs: count, nextCursor: null }),
    get: async () => ({ status: 'not-found' }),
    similar: async () => [],
    async *activeSlugs(batchSize: number) {
      for (let start = 0; start < count; start += batchSize) {
        const size = Math.min(batchSize, count - start);
        reads.rows += size;
        yield Array.from({ length: size }, (_, i) => ({
          pageUrl: `job-${start + i}`,
          updatedAt: '2026-03-02T09:30:00.123Z',
        }));
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
      `${origin}/about`,
      `${origin}/contact`,
      `${origin}/job-description/job-0`,
      `${origin}/job-description/job-1`,
      `${origin}/job-description/job-2`,
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
      `${origin}/job-description/job-0`,
    ]);
    // 5 static + 3 company + 1 job = 9 URLs: two files of 5
    const index = await parse(
      await sitemapResponse({
        jobs: fakeJobs(1),
        companies,
        publicUrl: origin,
        page: null,
        limit: 5,
      }),
    );
    expect(index.locs).toHaveLength(2);
  });

  it('becomes an index past the limit, whose pages together list each URL once', async () => {
    const jobs = fakeJobs(23);
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
    expect(all).toHaveLength(STATIC_COUNT + 23);
    expect(new Set(all).size).toBe(all.length);
    expect(all.at(-1)).toBe(`${origin}/job-description/job-22`);
  });

  it('answers 400 for a malformed page and 404 past the last page', async () => {
    const jobs = fakeJobs(23);
    const bad = await sitemapResponse({ jobs, publicUrl: origin, page: 'x', limit: 10 });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/^page /);
    const past = await sitemapResponse({ jobs, publicUrl: origin, page: '4', limit: 10 });
    expect(past.status).toBe(404);
  });

  it('stays valid at a million jobs and stops reading once a page is full', async () => {
    const reads = { rows: 0 };
    const jobs = fakeJobs(1_000_000, reads);
    const index = await parse(await sitemapResponse({ jobs, publicUrl: origin, page: null }));
    expect(index.root).toBe('sitemapindex');
    expect(index.locs).toHaveLength(Math.ceil((1_000_000 + STATIC_COUNT) / SITEMAP_URL_LIMIT));
    expect(reads.rows).toBe(0);

    const first = await parse(await sitemapResponse({ jobs, publicUrl: origin, page: '1' }));
    expect(first.locs).toHaveLength(SITEMAP_URL_LIMIT);
    expect(reads.rows).toBeLessThanOrEqual(SITEMAP_URL_LIMIT);

    const last = await parse(await sitemapResponse({ jobs, publicUrl: origin, page: '21' }));
    expect(last.locs).toEqual(
      [999_995, 999_996, 999_997, 999_998, 999_999].map(
        (n) => `${origin}/job-description/job-${n}`,
      ),
    );
  }, 120_000);
});

describe('robots.txt', () => {
  it('names the sitemap and keeps crawlers out of the API', () => {
    const text = robotsTxt(`${origin}/`);
    expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(text).toContain('Disallow: /api/');
  });
});
