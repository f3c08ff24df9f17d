// Job text written to attack the page (markup, script, event handlers, </script>, direction
// overrides, endless words) must arrive as inert text on the detail page, in its head tags and
// JSON-LD, on the listing, in the API and in the sitemap; an unsafe apply link is never a link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../shared/api-paths.ts';
import type { App } from '../app.ts';
import { appDetails } from '../db/schema.ts';
import { insertJob, seedReference } from '../test-support/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../test-support/database.ts';
import { buildTestApp } from './test-app.ts';

const MARKER = 'pwned';
const hostile = {
  title: `<script>window.${MARKER}=1</script><img src=x onerror="window.${MARKER}=2"> Engineer`,
  description:
    `</script><script>window.${MARKER}=3</script> <a href="javascript:window.${MARKER}=4">click</a> ` +
    `\u202Egnp.exe\u202C ${'W'.repeat(500)}`,
  responsibilities: [`<iframe src="javascript:window.${MARKER}=5"></iframe>`],
  skills: [`<svg onload="window.${MARKER}=6">`],
};

/** Any trace of live markup from the payload: tags or attributes, not their escaped text. */
function liveMarkup(html: string): string[] {
  return [
    ...html.matchAll(
      /<script>window\.pwned|<img src=x onerror|<iframe src="javascript|<svg onload/g,
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
    await database.db.insert(appDetails).values({
      appName: 'Openings',
      appDescription: 'Current openings.',
      supportEmail: 'support@openings.example',
    });
    ({ pageUrl } = await insertJob(database.db, ref, {
      ...hostile,
      applyLink: `javascript:window.${MARKER}=7`,
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

  it('is inert text in the listing', async () => {
    const res = await app.inject({ url: '/jobs' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('&lt;script&gt;window.pwned');
    expect(liveMarkup(res.body)).toEqual([]);
  });

  it('comes back from the API as the same text, as JSON', async () => {
    const res = await app.inject({
      url: `${apiPaths.jobDescription}?pageUrl=${encodeURIComponent(pageUrl)}`,
    });
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().content.jobs.title).toBe(hostile.title);
  });

  it('never renders an unsafe apply link as a link', async () => {
    const res = await app.inject({ url: `/job-description/${pageUrl}` });
    expect(res.body).not.toMatch(/href="\s*javascript:/i);
    expect(res.body).not.toMatch(/href="\s*data:/i);
  });
});
