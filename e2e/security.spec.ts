// The strict Content-Security-Policy in a real browser: every kind of page loads, hydrates and
// runs its scripts with the policy enforced, and the browser reports no violation.
import { expect, test, type Page } from '@playwright/test';
import { apiPaths } from '../src/shared/api-paths.ts';
import { paths } from '../src/web/lib/paths.ts';
import { waitForHydration } from './support/pages.ts';

declare global {
  interface Window {
    cspViolations: string[];
  }
}

/** Records violations from the first byte of the document on (before any page script runs). */
async function watchViolations(page: Page) {
  const consoleReports: string[] = [];
  page.on('console', (m) => {
    // A policy the browser cannot read is reported too (a Permissions-Policy feature it does not know).
    if (
      /Content Security Policy|Permissions-Policy|Refused to (load|execute|apply)/i.test(m.text())
    ) {
      consoleReports.push(m.text());
    }
  });
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
    });
  });
  return consoleReports;
}

async function firstJobPath(page: Page): Promise<string> {
  const res = await page.request.get(`${apiPaths.currentOpenings}?pageSize=1`);
  const body = (await res.json()) as { content: { jobs: { pageUrl: string }[] } };
  const job = body.content.jobs[0];
  expect(job, 'the demo data has at least one active job').toBeTruthy();
  return paths.job(job!.pageUrl);
}

const fixedPages = [
  { path: paths.home, status: 200 },
  { path: paths.jobs, status: 200 },
  { path: paths.about, status: 200 },
  { path: paths.contact, status: 200 },
  { path: paths.learn, status: 200 },
  { path: paths.notActiveJob, status: 410 },
  { path: '/no/such/page', status: 404 },
];

for (const { path, status } of fixedPages) {
  test(`${path} runs under the enforced policy with no violation`, async ({ page }) => {
    const consoleReports = await watchViolations(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(status);
    const headers = response!.headers();
    expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/);
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(headers['content-security-policy']!)?.[1];
    expect(scriptSrc).not.toContain('unsafe');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    // Hydration proves React Router's inline scripts and module scripts were allowed to run.
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
    expect(consoleReports).toEqual([]);
  });
}

test('a job detail page runs under the enforced policy with no violation', async ({ page }) => {
  const consoleReports = await watchViolations(page);
  const path = await firstJobPath(page);
  // The page posts its view once it runs (a keepalive request, which never lets the network
  // count as idle in Chromium): that answer is the last request a visit makes.
  const viewed = page.waitForResponse((r) => r.url().includes('add-one-view'));
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  expect(response!.headers()['content-security-policy']).toMatch(/'nonce-/);
  await waitForHydration(page);
  expect((await viewed).status()).toBe(200);
  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
  expect(consoleReports).toEqual([]);
});

test('the policy is really enforced: an injected inline script is refused', async ({ page }) => {
  await watchViolations(page);
  await page.goto(paths.about);
  await waitForHydration(page);
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.injectedRan = true;';
    document.body.append(script);
    await new Promise((r) => setTimeout(r, 50));
    return (window as unknown as { injectedRan?: boolean }).injectedRan === true;
  });
  expect(ran).toBe(false);
  expect(await page.evaluate(() => window.cspViolations)).toEqual([
    expect.stringMatching(/^script-src/),
  ]);
});
