// The page cache and the HTTP caching of pages through the whole app (production build, demo
// data): headers per page kind, conditional requests, codings, signed-in pages, error pages,
// coalescing, invalidation and the setting that turns it off.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.ts';
import { queryRows } from '../db/client.ts';
import { seedDemoIfEmpty } from '../db/seed/demo.ts';
import { pagePolicy } from '../http-cache.ts';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { buildTestApp } from '../../../test/support/app.ts';
import {
  companyForm,
  companyWithMember,
  signUpAndIn,
  testBrowsers,
} from '../../../test/support/employer.ts';

let database: TestDatabase;
let app: App;
let jobUrl: string;
let companyUrl: string;

const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoIfEmpty(database.db);
  // A TTL far longer than the tests: whatever shows a change did not wait for it.
  app = await buildTestApp(database, { env: { PUBLIC_URL: ORIGIN, PAGE_CACHE_TTL_MS: '600000' } });
  const [job] = await queryRows<{ page_url: string }>(
    database.db,
    sql`select page_url from jobs where is_active and (valid_through is null or valid_through > now())
        order by id limit 1`,
  );
  jobUrl = `/job-description/${job!.page_url}`;
  const [company] = await queryRows<{ slug: string }>(
    database.db,
    sql`select c.slug from companies c where exists (select 1 from jobs j where j.company_id = c.id)
        order by c.id limit 1`,
  );
  companyUrl = `/companies/${company!.slug}`;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});
beforeEach(() => app.pageCache.clear());

/** How the cache's counters moved since `before`. */
function since(before: ReturnType<App['pageCache']['stats']>) {
  const now = app.pageCache.stats();
  return {
    hits: now.hits - before.hits,
    renders: now.renders - before.renders,
    joined: now.joined - before.joined,
    entries: now.entries,
  };
}

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

const publicPages = () => [
  '/',
  '/jobs',
  '/jobs?sortBy=true',
  jobUrl,
  '/companies',
  companyUrl,
  '/learn',
  '/about',
  '/contact',
];

describe('anonymous public pages', () => {
  it('are cacheable by a CDN, revalidated by browsers, strongly tagged and set no cookie', async () => {
    for (const url of publicPages()) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(pagePolicy.public);
      expect(pagePolicy.public).toMatch(/s-maxage=\d+/);
      expect(pagePolicy.public).toMatch(/stale-while-revalidate=\d+/);
      expect(pagePolicy.public).toMatch(/max-age=0\b/);
      expect(res.headers.etag, url).toMatch(/^"[\w-]+"$/);
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.headers['set-cookie'], url).toBeUndefined();
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
  });

  it('answer 304 to If-None-Match, per content coding', async () => {
    const first = await get('/about');
    const etag = first.headers.etag as string;
    const again = await get('/about', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // The same CSP as the copy the client keeps (a 304 updates its stored headers).
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect((await get('/about', { 'if-none-match': `"x", ${etag}` })).statusCode).toBe(304);
    expect((await get('/about', { 'if-none-match': '"other"' })).statusCode).toBe(200);
    // The br body has its own tag: the identity tag does not validate it, its own does.
    const br = await get('/about', { 'accept-encoding': 'br' });
    expect(br.headers.etag).not.toBe(etag);
    const brAgain = await get('/about', {
      'accept-encoding': 'br',
      'if-none-match': br.headers.etag as string,
    });
    expect(brAgain.statusCode).toBe(304);
    expect(
      (await get('/about', { 'accept-encoding': 'br', 'if-none-match': etag })).statusCode,
    ).toBe(200);
  });

  it('come br, gzip or identity by Accept-Encoding, the same page each way, and HEAD works', async () => {
    const plain = await get('/jobs');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/jobs', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/jobs', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
    const refused = await get('/jobs', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);

    const head = await app.inject({ method: 'HEAD', url: '/jobs' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['cache-control']).toBe(pagePolicy.public);
    expect(head.headers.etag).toBe(plain.headers.etag);
    expect(Number(head.headers['content-length'])).toBe(plain.rawPayload.length);
    // A HEAD first renders the whole page, which the next GET gets.
    app.pageCache.clear();
    const before = app.pageCache.stats();
    await app.inject({ method: 'HEAD', url: '/about' });
    const after = await get('/about');
    expect(after.body).toContain('</html>');
    expect(since(before)).toMatchObject({ hits: 1, renders: 1 });
  });

  it('render unchanged content anew as the same bytes: same nonce, same ETag, 304', async () => {
    // Within one minute (pages are rendered with the time to the minute, for relative times).
    const minute = Date.UTC(2026, 10, 24, 12, 0, 15);
    const clock = vi.spyOn(Date, 'now').mockReturnValue(minute);
    try {
      for (const url of ['/', jobUrl, companyUrl]) {
        const first = await get(url);
        const csp = first.headers['content-security-policy'] as string;
        const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
        expect(first.body, url).toContain(`nonce="${nonce}"`);
        app.pageCache.clear();
        clock.mockReturnValue(minute + 40_000);
        const rendered = await get(url, { 'if-none-match': first.headers.etag as string });
        expect(rendered.statusCode, url).toBe(304);
        expect(rendered.headers['content-security-policy'], url).toBe(csp);
        clock.mockReturnValue(minute);
      }
      // Other content, another nonce.
      const [home, about] = [await get('/'), await get('/about')];
      expect(home.headers['content-security-policy']).not.toBe(
        about.headers['content-security-policy'],
      );
    } finally {
      clock.mockRestore();
    }
  });

  it("answer client navigations' data (.data) from the cache, never kept by a CDN", async () => {
    const before = app.pageCache.stats();
    const first = await get('/jobs.data');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(pagePolicy.data);
    expect(first.headers['set-cookie']).toBeUndefined();
    const again = await get('/jobs.data', { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(since(before)).toMatchObject({ renders: 1, hits: 1 });
  });

  it('carry finished Suspense content in place, not as a hidden copy moved by a script', async () => {
    const page = await get('/');
    // The cards' save buttons come from a lazy chunk inside Suspense, well past React's 12.8 kB
    // progressive chunk: in place, a browser paints them without running a script.
    expect(page.body.length).toBeGreaterThan(20_000);
    expect(page.body).toMatch(/<form[^>]* action="\/saved" method="post"/);
    expect(page.body).not.toContain('<div hidden id="S:');
    expect(page.body).not.toContain('$RC(');
  });
});

describe('the page cache', () => {
  it('renders a burst of identical requests once, and keeps the page for the next ones', async () => {
    const jobs = app.services.jobs;
    const list = jobs.list.bind(jobs);
    let loads = 0;
    jobs.list = (query) => {
      loads++;
      return list(query);
    };
    const before = app.pageCache.stats();
    try {
      const burst = await Promise.all(Array.from({ length: 12 }, () => get('/jobs?sortBy=true')));
      expect(new Set(burst.map((r) => r.statusCode))).toEqual(new Set([200]));
      expect(new Set(burst.map((r) => r.body)).size).toBe(1);
      expect(loads).toBe(1);
      await get('/jobs?sortBy=true');
      expect(loads).toBe(1);
      expect(since(before)).toMatchObject({ renders: 1, joined: 11, hits: 1 });
    } finally {
      jobs.list = list;
    }
  });

  it('is emptied at once when a job leaves the board through this server', async () => {
    const [job] = await queryRows<{ id: number; page_url: string }>(
      database.db,
      sql`select id, page_url from jobs where is_active and valid_through is not null
            and valid_through > now() order by id desc limit 1`,
    );
    const url = `/job-description/${job!.page_url}`;
    expect((await get(url)).statusCode).toBe(200);
    await database.db.execute(
      sql`update jobs set valid_through = now() - interval '1 minute' where id = ${job!.id}`,
    );
    // Until the change is made known, the kept page is what visitors get.
    expect((await get(url)).statusCode).toBe(200);
    await app.tasks.runNow('expire-jobs');
    const after = await get(url);
    expect(after.statusCode).toBe(302);
    expect(after.headers.location).toContain('/not-an-active-job');
    expect(after.headers['cache-control']).toBe(pagePolicy.failure);
  });

  it('is emptied at once by the maintenance switch, and keeps no maintenance page', async () => {
    expect((await get('/about')).statusCode).toBe(200);
    await app.services.appDetails.setMaintenance(true);
    try {
      const down = await get('/about');
      expect(down.statusCode).toBe(503);
      expect(down.headers['cache-control']).toBe('no-store');
      expect(down.headers['set-cookie']).toBeUndefined();
      expect(app.pageCache.stats().entries).toBe(0);
    } finally {
      await app.services.appDetails.setMaintenance(false);
    }
    expect((await get('/about')).statusCode).toBe(200);
  });
});

describe("an employer's change", () => {
  it("empties the cache at once: the company's page shows its new name", async () => {
    const web = testBrowsers(app, database.db);
    const companyId = await companyWithMember(web, database.db, {
      owner: 'cache-owner',
      member: 'cache-member',
      name: 'Kept Name Ltd',
      domain: 'kept-name.example',
    });
    const [row] = await queryRows<{ slug: string }>(
      database.db,
      sql`select slug from companies where id = ${companyId}`,
    );
    const url = `/companies/${row!.slug}`;
    const before = await get(url);
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('Kept Name Ltd');
    expect((await get(url)).body).toBe(before.body);
    const saved = await web.post('cache-owner', '/employer/company', {
      intent: 'update',
      ...companyForm('Renamed Name Ltd', 'https://kept-name.example'),
    });
    expect(saved.statusCode).toBeLessThan(400);
    const after = await get(url);
    expect(after.body).toContain('Renamed Name Ltd');
    expect(after.body).not.toContain('Kept Name Ltd');
  });
});

describe('a maintenance switch made elsewhere', () => {
  it('stops kept pages as soon as this server reads it, not a TTL later', async () => {
    expect((await get('/about')).statusCode).toBe(200);
    // As another server or `npm run maintenance` switches it: in the database only.
    await database.db.execute(sql`update app_details set is_under_maintenance = true`);
    try {
      const started = Date.now();
      let status = 200;
      while (status !== 503 && Date.now() - started < 5_000) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await get('/about')).statusCode;
      }
      expect(status).toBe(503);
    } finally {
      await database.db.execute(sql`update app_details set is_under_maintenance = false`);
    }
    const started = Date.now();
    let status = 503;
    while (status !== 200 && Date.now() - started < 5_000) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await get('/about')).statusCode;
    }
    expect(status).toBe(200);
  });
});

describe('signed-in and other private pages', () => {
  it('are private, no-store, never served from the cache nor kept in it', async () => {
    const { cookie } = await signUpAndIn(app, database.db, 'Cache Tester', 'cache@openings.test');
    await get('/jobs');
    const before = app.pageCache.stats();
    for (const url of publicPages()) {
      const res = await get(url, { cookie });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      expect(res.headers.etag, url).toBeUndefined();
    }
    expect(app.pageCache.stats()).toMatchObject({ hits: before.hits, entries: before.entries });
    // The header shows the account, which the kept anonymous page must not.
    const signedIn = await get('/jobs', { cookie });
    const anonymous = await get('/jobs');
    expect(signedIn.body).not.toBe(anonymous.body);
    // Any session cookie, even one that no longer signs in, keeps the request off the cache.
    const stale = await get('/jobs', { cookie: 'openings.session_token=expired.value' });
    expect(stale.headers['cache-control']).toBe('private, no-store');
    expect(app.pageCache.stats().hits).toBe(before.hits + 1);
  });

  it('keep their own headers when not public (login: private)', async () => {
    const login = await get('/login');
    expect(login.headers['cache-control']).toBe('private, no-store');
    expect(login.headers.etag).toBeUndefined();
  });
});

describe('error pages', () => {
  it('404 and 410 are short-lived at a CDN and set no cookie; none is kept here', async () => {
    for (const url of ['/no-such-page', '/job-description/no-such-job-here']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'], url).toBe(pagePolicy.missing);
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
    const gone = await get('/not-an-active-job?job=some-job');
    expect(gone.statusCode).toBe(410);
    expect(gone.headers['cache-control']).toBe(pagePolicy.missing);
    expect(app.pageCache.stats().entries).toBe(0);
  });
});

describe('PAGE_CACHE_TTL_MS=0', () => {
  it('renders every request, with the same headers', async () => {
    const off = await buildTestApp(database, {
      env: { PUBLIC_URL: ORIGIN, PAGE_CACHE_TTL_MS: '0' },
    });
    try {
      const jobs = off.services.jobs;
      const list = jobs.list.bind(jobs);
      let loads = 0;
      jobs.list = (query) => {
        loads++;
        return list(query);
      };
      const answers = await Promise.all([
        off.inject({ url: '/jobs' }),
        off.inject({ url: '/jobs' }),
      ]);
      await off.inject({ url: '/jobs' });
      expect(loads).toBe(3);
      expect(answers[0]!.headers['cache-control']).toBe(pagePolicy.public);
      expect(answers[0]!.headers.etag).toMatch(/^"/);
      expect(off.pageCache.stats().entries).toBe(0);
    } finally {
      await off.close();
    }
  });
});

describe('a maintenance switch that cannot be read', () => {
  it('renders the page uncached, so its own error page answers (HTML, not stored)', async () => {
    // An empty database has no app_details row: reading the switch fails before any render.
    const empty = await openTestDatabase();
    const bare = await buildTestApp(empty, { env: { PUBLIC_URL: ORIGIN } });
    try {
      const page = await bare.inject({ url: '/about' });
      expect(page.statusCode).toBe(500);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(bare.pageCache.stats().entries).toBe(0);
    } finally {
      await bare.close();
      await empty.close();
    }
  });
});
