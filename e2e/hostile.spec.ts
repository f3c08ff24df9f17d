// Hostile job text in a real browser: markup and event handlers stay text (nothing runs), and a
// right-to-left override plus a 2,000-character word do not push any page wider than a 360 px
// phone. The demo data has no such job, so this spec serves its own app (production build) over a
// fresh in-memory database on E2E_HOSTILE_PORT (default 3211).
import { expect, test } from '@playwright/test';
import { normalizeSearch } from '../src/shared/text.ts';
import { paths } from '../src/web/lib/paths.ts';
import { waitForHydration } from './support/pages.ts';
import type { App } from '../src/server/app.ts';
import { cities, companies } from '../src/server/db/schema.ts';
import { buildTestApp } from '../test/support/app.ts';
import { insertAppDetails } from '../test/support/api-rows.ts';
import { insertJob, seedReference } from '../test/support/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../test/support/database.ts';

declare global {
  interface Window {
    pwned?: number;
  }
}

const port = Number(process.env.E2E_HOSTILE_PORT ?? 3211);
const origin = `http://127.0.0.1:${port}`;
const longWord = 'W'.repeat(2000);
const companyName = `<img src=x onerror="window.pwned=1">\u202EProcorp ${longWord}`;

let database: TestDatabase;
let app: App;
let pageUrl: string;

test.beforeAll(async () => {
  // A fresh database runs every migration: well past the default 30 s on a busy machine.
  test.setTimeout(120_000);
  database = await openTestDatabase();
  await insertAppDetails(database.db);
  const ref = await seedReference(database.db);
  const [company] = await database.db
    .insert(companies)
    .values({
      companyName,
      nameSearch: normalizeSearch(companyName),
      companyLogo: '/logos/evil.svg',
      companyWebsite: 'https://evil.example',
    })
    .returning({ id: companies.id });
  const cityName = `\u202E${longWord}<b onmouseover="window.pwned=2">`;
  const [city] = await database.db
    .insert(cities)
    .values({
      stateId: ref.states.karnataka,
      name: cityName,
      nameSearch: normalizeSearch(cityName),
    })
    .returning({ id: cities.id });
  ({ pageUrl } = await insertJob(database.db, ref, {
    title: `<script>window.pwned=3</script>\u202Ereenigne ${longWord}`,
    description: `</script><script>window.pwned=4</script> \u202E${longWord} ${longWord}`,
    skills: [`<svg onload="window.pwned=5">`, longWord],
    responsibilities: [longWord],
    companyId: company!.id,
    cityId: city!.id,
  }));
  app = await buildTestApp(database, {
    env: { RATE_LIMIT_SCALE: '0', PUBLIC_URL: origin },
  });
  await app.listen({ port, host: '127.0.0.1' });
});

test.afterAll(async () => {
  await app?.close();
  await database?.close();
});

test.use({ viewport: { width: 360, height: 740 } });

for (const name of ['home', 'jobs', 'search', 'detail'] as const) {
  test(`hostile text is inert and fits 360 px: ${name}`, async ({ page }) => {
    const target = {
      home: paths.home,
      jobs: paths.jobs,
      search: `${paths.jobs}?q=reenigne`,
      detail: paths.job(pageUrl),
    }[name];
    const response = await page.goto(`${origin}${target}`);
    expect(response?.status()).toBe(200);
    // Hydrated: whatever the page's scripts would run has run (a job page's view request keeps
    // the network busy, so network idle is no measure).
    await waitForHydration(page);
    // The payload shows as text somewhere on the page...
    await expect(
      page.getByText('<script>window.pwned=3</script>', { exact: false }).first(),
    ).toBeVisible();
    // ...and none of it ran.
    expect(await page.evaluate(() => window.pwned)).toBeUndefined();
    expect(await page.locator('img[src="x"], svg[onload], b[onmouseover]').count()).toBe(0);
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      view: document.documentElement.clientWidth,
    }));
    expect(widths.scroll, 'no horizontal scrolling at 360 px').toBeLessThanOrEqual(widths.view);
  });
}

test('a company name with markup is plain text in the Company dropdown', async ({ page }) => {
  await page.goto(`${origin}${paths.jobs}`);
  await waitForHydration(page);
  // The Filters disclosure starts closed when no filter is chosen.
  const panel = page.locator('details', { has: page.locator('summary', { hasText: 'Filters' }) });
  await expect(panel).not.toHaveAttribute('open');
  await panel.locator('summary').click();
  await page.getByRole('combobox', { name: 'Company' }).fill('procorp');
  const option = page.getByRole('option').filter({ hasText: '<img src=x onerror=' });
  await expect(option).toBeVisible();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.evaluate(() => window.pwned)).toBeUndefined();
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    view: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.view);
});
