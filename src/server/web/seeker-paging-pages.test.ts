// The seeker's ways through a list without JavaScript (production build, real database): back from
// a later page of the listing, a company's jobs paged on the company page itself, Clear filters
// keeping the keyword, and a Location box that promises only what it can choose (QA seeker L2,
// L5, L6, M2).
import { describe, expect, it } from 'vitest';
import { insertJobs } from '../../../test/support/fixtures.ts';
import { page, seekerPagesPerSuite } from '../../../test/support/seeker-pages.ts';

// 23 jobs at Acme (3 pages), two at Globex; three are Kotlin jobs, all at level 1.
const suite = seekerPagesPerSuite((db, ref) =>
  insertJobs(
    db,
    ref,
    Array.from({ length: 25 }, (_, i) => ({
      companyId: i < 23 ? ref.companies.acme : ref.companies.globex,
      experienceLevelId: i < 23 ? 1 : 2,
      ...(i < 3 ? { title: `Kotlin Developer ${i}` } : {}),
    })),
  ),
);
const { get } = suite;

const cards = (doc: Document) =>
  [...doc.querySelectorAll('main ul > li > a[href^="/job-description/"]')].map((a) =>
    a.getAttribute('href'),
  );
const links = (doc: Document, text: string) =>
  [...doc.querySelectorAll('main a')]
    .filter((a) => a.textContent?.trim() === text)
    .map((a) => a.getAttribute('href'));
const nextHref = (doc: Document) => links(doc, 'Browse more jobs')[0]!;

async function ok(url: string) {
  const res = await get(url);
  expect(res.statusCode, `${url}: ${res.headers.location ?? ''}`).toBe(200);
  return page(res.body);
}

describe('a later page of the listing', () => {
  it('leads back to the previous page and to the first, with the filters, above and below', async () => {
    const first = await ok('/jobs?experienceLevel=1&sortBy=true');
    expect(links(first, 'Back to the first page')).toEqual([]);
    const second = await ok(nextHref(first));
    // Page 2's previous page is the first: one link, at the top and beside Browse more.
    expect(links(second, 'Previous page')).toEqual([]);
    expect(links(second, 'Back to the first page')).toEqual([
      '/jobs?experienceLevel=1&sortBy=true',
      '/jobs?experienceLevel=1&sortBy=true',
    ]);
    const third = await ok(nextHref(second));
    expect(third.querySelector('main')?.textContent).toContain('Page 3 of the list.');
    expect(cards(third)).toHaveLength(3);
    expect(links(third, 'Previous page')).toEqual([
      '/jobs?experienceLevel=1&sortBy=true&page=2',
      '/jobs?experienceLevel=1&sortBy=true&page=2',
    ]);
    expect(links(third, 'Back to the first page')).toHaveLength(2);
    // The previous page by its number holds the jobs the cursor's page 2 held.
    const previous = await ok(links(third, 'Previous page')[0]!);
    expect(cards(previous)).toEqual(cards(second));
  });
});

describe('a company page', () => {
  it('pages its own jobs on itself by cursor, with a way back, keeping its sort', async () => {
    const first = await ok('/companies/acme-corp?sortBy=true');
    expect(cards(first)).toHaveLength(10);
    const next = nextHref(first);
    expect(next).toMatch(/^\/companies\/acme-corp\?sortBy=true&page=2&cursor=[\w-]+$/);
    const second = await ok(next);
    expect(second.querySelector('h1')?.textContent).toBe('Acme Corp');
    expect(cards(second)).toHaveLength(10);
    expect(links(second, 'Back to the first page')).toContain('/companies/acme-corp?sortBy=true');
    const third = await ok(nextHref(second));
    expect(cards(third)).toHaveLength(3);
    expect(links(third, 'Browse more jobs')).toEqual([]);
    expect(links(third, 'Previous page')).toContain('/companies/acme-corp?sortBy=true&page=2');
    // 23 jobs, none twice, all Acme's (Globex's two are not among them).
    expect(new Set([...cards(first), ...cards(second), ...cards(third)]).size).toBe(23);
  });

  it("asks search engines to index its first page only, and to follow the later pages' links", async () => {
    const robots = (doc: Document) =>
      [...doc.querySelectorAll('meta[name="robots"]')].map((m) => m.getAttribute('content'));
    const canonical = (doc: Document) =>
      doc.querySelector('link[rel="canonical"]')?.getAttribute('href');
    const first = await ok('/companies/acme-corp');
    expect(robots(first)).toEqual([]);
    const second = await ok(nextHref(first));
    expect(robots(second)).toEqual(['noindex, follow']);
    expect(canonical(second)).toBe(canonical(first));
    expect(robots(await ok(nextHref(second)))).toEqual(['noindex, follow']);
    // A later page by its number (Previous page) too.
    expect(robots(await ok('/companies/acme-corp?page=2'))).toEqual(['noindex, follow']);
  });

  it('starts over for a cursor it cannot use, and sends a page past the end to the last', async () => {
    const bad = await get('/companies/acme-corp?page=2&cursor=nonsense');
    expect(bad.statusCode).toBe(302);
    expect(bad.headers.location).toBe('/companies/acme-corp');
    const past = await get('/companies/acme-corp?page=9');
    expect(past.statusCode).toBe(302);
    expect(past.headers.location).toBe('/companies/acme-corp?page=3');
  });
});

describe('Clear filters', () => {
  const panelClear = (doc: Document) =>
    [...doc.querySelectorAll('form[role="search"] a, form[role="search"] button')].find(
      (el) => el.textContent?.trim() === 'Clear filters',
    );

  it('keeps the keyword and the sort, and is off with a keyword alone', async () => {
    const both = await ok('/jobs?experienceLevel=1&q=kotlin&sortBy=false');
    expect(cards(both)).toHaveLength(3);
    expect(panelClear(both)?.getAttribute('href')).toBe('/jobs?q=kotlin&sortBy=false');
    expect(both.body.textContent).not.toContain('Clear all');
    const popular = await ok('/?experienceLevel=2&sortBy=true');
    expect(panelClear(popular)?.getAttribute('href')).toBe('/?sortBy=true');
    // A keyword is not a filter: nothing to clear.
    const keyword = await ok('/jobs?q=kotlin');
    expect(panelClear(keyword)?.tagName).toBe('BUTTON');
    expect(panelClear(keyword)?.hasAttribute('disabled')).toBe(true);
  });

  it('is what an empty list offers too; a keyword alone is left by Show all jobs', async () => {
    const none = await ok('/jobs?experienceLevel=2&q=kotlin');
    expect(cards(none)).toEqual([]);
    const section = none.querySelector('section[aria-labelledby="results-heading"]')!;
    expect(
      [...section.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([['Clear filters', '/jobs?q=kotlin']]);
    const words = await ok('/jobs?q=zzqxnothing');
    expect(links(words, 'Show all jobs')).toEqual(['/jobs']);
    expect(links(words, 'Clear filters')).toEqual([]);
  });
});

describe('the Location box', () => {
  it('asks for a city, the only place a job is filtered by, not a country', async () => {
    const doc = await ok('/jobs');
    const box = doc.querySelector('input[name="locationText"]');
    expect(box?.getAttribute('placeholder')).toBe('City, such as Pune');
  });

  const didYouMean = (doc: Document) =>
    [...doc.querySelectorAll('form[role="search"] a')]
      .filter((a) => a.getAttribute('href')?.includes('location='))
      .map((a) => a.textContent);

  it("takes a city typed by another name of it, as the keyword search does (the list's)", async () => {
    // The combobox's suggestions name it first, and a form sent with the text filters by it.
    const api = await get('/api/v1/settings/locations-filter?name=Bangalore');
    expect(api.json().content.cities[0].label).toBe('Bengaluru, Karnataka, India');
    const bangalore = await get('/jobs?locationText=Bangalore');
    expect(bangalore.statusCode).toBe(302);
    expect(bangalore.headers.location).toBe(`/jobs?location=${suite.ref.cities.bengaluru}`);
    // The data may say the city's name in its own language (München) or in English.
    const munich = await get('/jobs?locationText=munich');
    expect(munich.headers.location).toBe(`/jobs?location=${suite.ref.cities.munich}`);
  });

  it("offers a country's only city rather than filtering by it unasked", async () => {
    // Germany has one city here, München: typed by the country's name, English or German, it is
    // offered ("did you mean"), as a country's cities are by the combobox, and nothing is filtered.
    for (const typed of ['Germany', 'Deutschland']) {
      const res = await get(`/jobs?locationText=${typed}`);
      expect(res.statusCode, `${typed}: ${res.headers.location ?? ''}`).toBe(200);
      const doc = page(res.body);
      expect(didYouMean(doc)).toEqual(['München, Bavaria, Germany']);
      expect(cards(doc)).toHaveLength(10);
    }
  });
});
