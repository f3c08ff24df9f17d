// Throws thousands of random query strings and bodies at every API endpoint: whatever arrives,
// the answer is never a 5xx and always the { success, message, content } envelope. Rate limits are
// off, so every request reaches validation and most reach a handler; the answers' statuses are
// counted to show it (a run where everything was refused early would prove nothing).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiPaths } from '../shared/api-paths.ts';
import type { App } from './app.ts';
import { VISITOR_COOKIE } from './modules/views/visitor-cookie.ts';
import { insertSampleRows } from '../../test/support/api-rows.ts';
import { openTestDatabase, type TestDatabase } from '../../test/support/database.ts';
import { buildApiApp } from '../../test/support/app.ts';

const envelope = z.object({
  success: z.boolean(),
  message: z.string().min(1),
  content: z.unknown(),
});

const realKeys = [
  'name',
  'company',
  'role',
  'location',
  'experienceLevel',
  'sortBy',
  'page',
  'pageSize',
  'cursor',
  'q',
  'pageUrl',
];
const nasty = [
  "' or 1=1 --",
  "'; drop table jobs; --",
  '" union select * from pg_user --',
  '<script>alert(1)</script>',
  '%',
  '_',
  '\\',
  '\u0000',
  '-1',
  '0',
  '1',
  '5',
  '6',
  '1e308',
  '9'.repeat(40),
  '-9999999999',
  'NaN',
  'Infinity',
  'true',
  'false',
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'São Paulo',
  'beng',
  '😀',
  '\u202e',
  ' ',
  'a'.repeat(5000),
  'sample-active-job',
];
/** Sequences that are not valid percent-encoding or that decode to control characters. */
const rawFragments = [
  '%00',
  '%zz',
  '%',
  '%E0%A4%A',
  '%C0%AF',
  '%FF',
  '+',
  '%2B',
  '&&',
  '==',
  '[]=1',
];

const value = fc.oneof(
  fc.constantFrom(...nasty),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer({ min: -1e9, max: 1e9 }).map(String),
  fc.double().map(String),
  fc.string({ minLength: 90, maxLength: 400 }),
);
const key = fc.oneof(
  fc.constantFrom(...realKeys),
  fc.constantFrom(...realKeys),
  fc.string({ maxLength: 12 }),
);
const pair = fc.oneof(
  fc.tuple(key, value).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`),
  fc
    .tuple(fc.constantFrom(...realKeys), fc.constantFrom(...rawFragments))
    .map(([k, v]) => `${k}=${v}`),
  fc.constantFrom(...rawFragments),
);
const queryString = fc.oneof(
  fc.array(pair, { maxLength: 6 }).map((pairs) => pairs.join('&')),
  // One well-formed real parameter, so many cases get past validation and reach the database.
  fc.tuple(fc.constantFrom(...realKeys), value).map(([k, v]) => `${k}=${encodeURIComponent(v)}`),
  // Valid requests (no query, the active job's slug, a name to look up), twice as often as each
  // of the others, so every endpoint's handler runs often.
  {
    arbitrary: fc.constantFrom('', 'pageUrl=sample-active-job', 'name=beng', 'name=acme'),
    weight: 2,
  },
);

// Not GETs: the view endpoint's bodies are fuzzed below; the visitor endpoint takes no input.
const getPaths = Object.entries(apiPaths)
  .filter(([name]) => name !== 'addView' && name !== 'visitor')
  .map(([, p]) => p);

let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await openTestDatabase();
  await insertSampleRows(database.db);
  app = await buildApiApp(database, { env: { RATE_LIMIT_SCALE: '0' } });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** How many answers had each status. */
type Statuses = Record<number, number>;

function expectSane(res: { statusCode: number; body: string }, request: string, seen: Statuses) {
  seen[res.statusCode] = (seen[res.statusCode] ?? 0) + 1;
  expect(res.statusCode, request).toBeLessThan(500);
  expect(envelope.safeParse(JSON.parse(res.body)).success, `${request} → ${res.body}`).toBe(true);
}

/** Answers with `status`, as a share of all answers. */
const share = (seen: Statuses, status: number) =>
  (seen[status] ?? 0) / Object.values(seen).reduce((a, b) => a + b, 0);

describe('no input makes the API fail', () => {
  it.each(getPaths)('GET %s with 1,100 random query strings', async (path) => {
    const seen: Statuses = {};
    await fc.assert(
      fc.asyncProperty(queryString, async (query) => {
        const url = `${path}?${query}`;
        expectSane(await app.inject({ method: 'GET', url }), url, seen);
      }),
      { numRuns: 1100 },
    );
    // Every answer came from the server's limits (414), validation (400) or a handler (200, or
    // 404 for an unknown job), none from the rate limit; and both of the last two in numbers.
    const statuses = Object.keys(seen).map(Number);
    expect(
      statuses.filter((s) => ![200, 400, 404, 414].includes(s)),
      JSON.stringify(seen),
    ).toEqual([]);
    expect(share(seen, 200) + share(seen, 404), JSON.stringify(seen)).toBeGreaterThan(0.05);
    expect(share(seen, 400), JSON.stringify(seen)).toBeGreaterThan(0.1);
  });

  it('POST add-view with 2,000 random bodies', async () => {
    const seen: Statuses = {};
    const body = fc.oneof(
      fc.record({ pageUrl: value }),
      fc.record({ pageUrl: value, [VISITOR_COOKIE]: value }),
      fc.dictionary(fc.oneof(fc.constantFrom(...realKeys), fc.string()), value, { maxKeys: 4 }),
      fc.jsonValue({ maxDepth: 3 }),
    );
    const raw = fc.oneof(
      // A valid view, so the handler runs often (when the type and origin are right as well).
      fc.constant(JSON.stringify({ pageUrl: 'sample-active-job' })),
      body.map((b) => JSON.stringify(b) ?? 'null'),
      fc.string({ maxLength: 50 }),
      fc.constantFrom('{', '{"pageUrl":', '[', '"', '\u0000', ''),
    );
    const contentType = fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
    );
    await fc.assert(
      fc.asyncProperty(
        raw,
        contentType,
        fc.boolean(),
        fc.boolean(),
        fc.ipV4(),
        async (payload, type, withCookie, withOrigin, ip) => {
          const res = await app.inject({
            method: 'POST',
            url: apiPaths.addView,
            headers: {
              'content-type': type,
              'user-agent': 'Mozilla/5.0 Firefox/130.0',
              // The site's own origin (PUBLIC_URL of the test configuration), or none.
              ...(withOrigin ? { origin: 'http://localhost:3000' } : {}),
            },
            cookies: withCookie ? { [VISITOR_COOKIE]: app.signCookie(ip) } : {},
            remoteAddress: ip,
            payload,
          });
          expectSane(res, `POST ${type} ${payload.slice(0, 200)}`, seen);
        },
      ),
      { numRuns: 2000 },
    );
    // Answers from validation (400, 415 for a type it does not take), the origin check (403), the
    // visitor check (401: no cookie yet, one is issued) or the handler (200, 404 for an unknown
    // job), none from the rate limit.
    const statuses = Object.keys(seen).map(Number);
    expect(
      statuses.filter((s) => ![200, 400, 401, 403, 404, 415].includes(s)),
      JSON.stringify(seen),
    ).toEqual([]);
    // About 2% of random bodies are a whole valid view (JSON type, a real job, cookie and origin):
    // ~45 of 2,000, so at least 10 holds every run and still fails when the handler never counts.
    expect(seen[200] ?? 0, JSON.stringify(seen)).toBeGreaterThanOrEqual(10);
    expect(share(seen, 400) + share(seen, 415), JSON.stringify(seen)).toBeGreaterThan(0.1);
  });
});
