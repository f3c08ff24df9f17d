// Throws random paths and query strings at every page route of the production web build: whatever
// arrives, the answer is never a 5xx and always a well-formed page (HTML), data (JSON/turbo-stream),
// sitemap (XML), robots.txt or a redirect. Together with api.fuzz.test.ts (10,800 cases) this is
// the fuzz run of at least 10,000 cases.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app.ts';
import { insertSampleRows } from '../../test/support/api-rows.ts';
import { openTestDatabase, type TestDatabase } from '../../test/support/database.ts';
import { buildTestApp } from '../../test/support/app.ts';

const PAGE_CASES = 3000;

/** Page routes of src/web/routes.ts; ':param' segments get random values. */
const routes = [
  '/',
  '/jobs',
  '/job-description',
  '/job-description/:p',
  '/learn',
  '/learn/:p',
  '/about',
  '/contact',
  '/not-an-active-job',
  '/under-maintenance',
  '/sitemap.xml',
  '/robots.txt',
  '/suggest/roles',
  '/suggest/locations',
  '/suggest/companies',
  '/__test/error',
  '/404',
  '/:p',
  '/:p/:p',
];
// `name` is the suggestion routes' (the pages ignore it).
const listingKeys = [
  'company',
  'role',
  'location',
  'experienceLevel',
  'q',
  'sortBy',
  'page',
  'name',
];
const listingKeysAll = [...listingKeys, 'pageSize', 'cursor', 'index', '_data', '_routes'];

const nastySegments = [
  '',
  '%00',
  '..',
  '%2e%2e',
  '..%2f..%2fetc%2fpasswd',
  '%2F',
  '%',
  '%zz',
  '%C0%AF',
  '%E0%A4%A',
  '%FF',
  '%20',
  '.',
  '~',
  '<script>',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  'sample-active-job',
  'a'.repeat(3000),
  '😀',
  '%E2%80%AE',
  'x.data',
  'index.html',
  '__proto__',
];
const nastyValues = [
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '-1',
  '0',
  '5',
  '6',
  '1e308',
  '9'.repeat(40),
  'NaN',
  'true',
  'yes',
  '[]',
  '__proto__',
  'São Paulo',
  '\u0000',
  '\u202e',
  ' ',
  'a'.repeat(3000),
  'c++',
  'r&d',
];
const rawFragments = ['%00', '%zz', '%', '%E0%A4%A', '%C0%AF', '%FF', '+', '&&', '==', '[]=1'];

const segment = fc.oneof(
  fc.constantFrom(...nastySegments),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.string({ unit: 'grapheme', maxLength: 20 }).map(encodeURIComponent),
  fc.stringMatching(/^[a-z0-9-]{1,80}$/),
  fc.string({ minLength: 200, maxLength: 1200 }).map(encodeURIComponent),
);
const path = fc
  .tuple(
    fc.constantFrom(...routes),
    fc.array(segment, { minLength: 2, maxLength: 2 }),
    fc.boolean(),
  )
  .map(([route, [a, b], data]) => {
    const filled = route.replace(':p', a!).replace(':p', b!);
    // React Router's single-fetch data requests (/jobs.data) reach the same loaders.
    return data && !filled.endsWith('.xml') && !filled.endsWith('.txt')
      ? `${filled === '/' ? '/_root' : filled}.data`
      : filled;
  });
const value = fc.oneof(
  fc.constantFrom(...nastyValues),
  fc.string({ maxLength: 30 }),
  fc.integer({ min: -1e9, max: 1e9 }).map(String),
  fc.string({ minLength: 100, maxLength: 600 }),
);
const key = fc.oneof(
  fc.constantFrom(...listingKeysAll),
  fc.constantFrom(...listingKeys),
  fc.string({ maxLength: 12 }),
);
const pair = fc.oneof(
  fc.tuple(key, value).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`),
  fc
    .tuple(fc.constantFrom(...listingKeys), fc.constantFrom(...rawFragments))
    .map(([k, v]) => `${k}=${v}`),
  fc.constantFrom(...rawFragments),
);
// Repeated keys come for free: pairs are drawn independently from a few real keys.
const query = fc.oneof(
  fc.constant(''),
  fc.array(pair, { minLength: 1, maxLength: 8 }).map((pairs) => `?${pairs.join('&')}`),
);

/** The body matches its content type: a whole HTML document, parseable JSON, XML or plain text. */
function expectWellFormed(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  url: string,
) {
  expect(res.statusCode, url).toBeLessThan(500);
  if (res.statusCode >= 300 && res.statusCode < 400) {
    expect(res.headers.location, url).toBeTruthy();
    return;
  }
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('text/html')) {
    expect(res.body.trimStart().toLowerCase(), url).toMatch(/^<!doctype html>/);
    expect(res.body, url).toContain('</html>');
  } else if (type.includes('json')) {
    expect(() => JSON.parse(res.body), url).not.toThrow();
  } else if (type.includes('xml')) {
    expect(res.body, url).toMatch(/^<\?xml/);
  } else {
    expect(type, url).toMatch(/text\/x-script|text\/plain/);
  }
}

let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await openTestDatabase();
  await insertSampleRows(database.db);
  // Rate limits off: thousands of requests from one address are the point here.
  app = await buildTestApp(database, { env: { RATE_LIMIT_SCALE: '0' } });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('no path or query makes a page fail', () => {
  // Found by this fuzz: a path starting with // made the canonical URL another host, or threw.
  it.each(['//%00', '//%00?x=1', '//evil.example/x', '/\\evil.example', '///'])(
    'GET %s answers a page of this site',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expectWellFormed(res, url);
      expect(res.body).not.toMatch(/href="https?:\/\/evil\.example/);
    },
  );

  // Found by this fuzz: a keyword with no searchable word failed the page with a 500.
  it.each(['/jobs?q=%E6%97%A5%E6%9C%AC', '/?q=%E0%A4%A8&sortBy=true'])(
    'GET %s answers the listing with no match, saying why',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expectWellFormed(res, url);
      expect(res.statusCode).toBe(200);
      // The note says why: no word in it is one the search can match.
      expect(res.body).toContain(
        'Search matches words written in Latin letters (a–z) and digits, and this search has none.',
      );
    },
  );

  // Punctuation alone is no keyword at all: the jobs without it, as for "!!!", the box keeping it.
  it.each(['/?q=%23', '/?q=%2B%2B&sortBy=true'])(
    'GET %s answers the listing without the keyword, saying so',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expectWellFormed(res, url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(
        /The keyword “(#|\+\+)” has no letters or digits to search for: showing jobs without it\./,
      );
    },
  );

  it(
    `GET ${PAGE_CASES.toLocaleString('en')} random page paths and queries`,
    { timeout: 120_000 },
    async () => {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(path, query, async (p, q) => {
          const url = `${p}${q}`;
          const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          expectWellFormed(res, url.slice(0, 300));
        }),
        { numRuns: PAGE_CASES },
      );
      // The run reached real pages, not only 404s and 400s.
      expect(statuses.get(200) ?? 0).toBeGreaterThan(PAGE_CASES / 10);
    },
  );
});
