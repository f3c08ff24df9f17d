// Job text written to attack the page (markup, script, event handlers, </script>, direction
// overrides, endless words) must arrive as inert text on the detail page, in its head tags and
// JSON-LD, on the home page and the search listing (title, company, location), in the API, the
// suggestions and the sitemap. Unsafe links cannot be stored at all (the database refuses them);
// the web's own link check is covered by src/shared/safe-url.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../shared/api-paths.ts';
import type { App } from '../app.ts';
import { cities, companies, jobs } from '../db/schema.ts';
import { normalizeSearch } from '../../shared/text.ts';
import { insertAppDetails } from '../../../test/support/api-rows.ts';
import { insertJob, seedReference } from '../../../test/support/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { buildTestApp } from '../../../test/support/app.ts';

const MARKER = 'pwned';
const hostile = {
  title: `<script>window.${MARKER}=1</script><img src=x onerror="window.${MARKER}=2"> Engineer`,
  description:
    `</script><script>window.${MARKER}=3</script> <a href="javascript:window.${MARKER}=4">click</a> ` +
    `\u202Egnp.exe\u202C ${'W'.repeat(500)}`,
  responsibilities: [`<iframe src="javascript:window.${MARKER}=5"></iframe>`],
  skills: [`<svg onload="window.${MARKER}=6">`],
};
const hostileCompany = `<b onmouseover="window.${MARKER}=8">Evil</b> Corp`;
const hostileCity = `<img src=y onerror="window.${MARKER}=9">Town\u202E`;

/** Any trace of live markup from the payload: tags or attributes, not their escaped text. */
function liveMarkup(html: string): string[] {
  return [
    ...html.matchAll(
      /<script>window\.pwned|<img src=[xy] onerror|<iframe src="javascript|<svg onload|<b onmouseover/g,
    ),
    ...html.matchAll(/href="javascript:/gi),
  ].map((m) => m[0]);
}

describe('hostile job content', () => {
  let database: TestDatabase;
  let app: App;
  let pageUrl: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    const ref = await seedReference(database.db);
    await insertAppDetails(database.db);
    const [company] = await database.db
      .insert(companies)
      .values({
        companyName: hostileCompany,
        nameSearch: normalizeSearch(hostileCompany),
        companyLogo: '/logos/evil.svg',
        companyWebsite: 'https://evil.example',
      })
      .returning({ id: companies.id });
    const [city] = await database.db
      .insert(cities)
      .values({
        stateId: ref.states.karnataka,
        name: hostileCity,
        nameSearch: normalizeSearch(hostileCity),
      })
      .returning({ id: cities.id });
    ({ pageUrl } = await insertJob(database.db, ref, {
      ...hostile,
      companyId: company!.id,
      cityId: city!.id,
    }));
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('is inert text on the detail page, in its head tags and its JSON-LD', async () => {
    const res = await app.inject({ url: `/job-description/${pageUrl}` });
    expect(res.statusCode).toBe(200);
    expect(liveMarkup(res.body)).toEqual([]);
    expect(res.body).toContain('&lt;script&gt;');
    const blocks = [
      ...res.body.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g),
    ];
    expect(blocks.length).toBeGreaterThan(0);
    for (const [, json] of blocks) {
      // The JSON-LD block must not end early: it parses, and the title survives whole.
      expect(json).not.toContain('</script');
      expect(JSON.stringify(JSON.parse(json!))).toContain('Engineer');
    }
  });

  for (const url of ['/', '/jobs', '/jobs?q=Engineer']) {
    it(`is inert text on the job cards of ${url} (title, company, location)`, async () => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(liveMarkup(res.body)).toEqual([]);
      expect(res.body).toContain('&lt;script&gt;window.pwned');
      expect(res.body).toContain('&lt;b onmouseover=');
      expect(res.body).toContain('&lt;img src=y onerror=');
    });
  }

  it('keeps head tags inert: title, description and Open Graph carry escaped text', async () => {
    const res = await app.inject({ url: `/job-description/${pageUrl}` });
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    const title = /<title>([^<]*)<\/title>/.exec(head);
    expect(title?.[1]).toContain('&lt;script&gt;');
    const ogTitle = /<meta property="og:title" content="([^"]*)"/.exec(head);
    expect(ogTitle?.[1]).toContain('&lt;script&gt;');
    // Every attribute value stays inside its quotes: no raw quote or angle bracket leaks out.
    for (const [, content] of head.matchAll(/<meta [^>]*content="([^"]*)"/g)) {
      expect(content).not.toMatch(/[<>]/);
    }
  });

  it('leaves the sitemap well-formed XML', async () => {
    const res = await app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    // jsdom ships no types; only its XML parser is needed here.
    const { JSDOM } = (await import('jsdom' as string)) as {
      JSDOM: new (text: string, options: { contentType: string }) => { window: Window };
    };
    const doc = new JSDOM(res.body, { contentType: 'application/xml' }).window.document;
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const locs = [...doc.getElementsByTagName('loc')].map((l) => l.textContent);
    expect(locs.some((l) => l?.endsWith(`/job-description/${pageUrl}`))).toBe(true);
    expect(res.body).not.toContain('<script');
  });

  it('returns a company name with markup verbatim as JSON from the suggestions', async () => {
    const res = await app.inject({
      url: `${apiPaths.ourCompanies}?name=${encodeURIComponent('Evil')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const { companies: found } = res.json().content as { companies: { companyName: string }[] };
    expect(found.map((c) => c.companyName)).toContain(hostileCompany);
    const places = await app.inject({ url: `${apiPaths.locationsFilter}?name=Town` });
    const { cities: options } = places.json().content as { cities: { label: string }[] };
    expect(options.some((o) => o.label.includes(hostileCity))).toBe(true);
  });

  it('comes back from the API as the same text, as JSON', async () => {
    const res = await app.inject({
      url: `${apiPaths.jobDescription}?pageUrl=${encodeURIComponent(pageUrl)}`,
    });
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().content.jobs.title).toBe(hostile.title);
  });

  it('cannot hold an unsafe apply link: the database refuses it', async () => {
    const attempt = database.db
      .update(jobs)
      .set({ applyLink: `javascript:window.${MARKER}=7` })
      .where(eq(jobs.pageUrl, pageUrl));
    await expect(attempt).rejects.toThrow();
    const res = await app.inject({ url: `/job-description/${pageUrl}` });
    expect(res.body).not.toMatch(/href="\s*(javascript|data|vbscript):/i);
  });
});
