// Public pages that caches share (issue 20) in Chromium: a kept copy, nonce and all, still runs
// under the strict CSP; no page sets a cookie; a new visitor's view is counted with the cookie
// the visitor endpoint hands out, without a console error.
import { expect, test } from '@playwright/test';
import { activeJobs } from './demo-jobs.ts';
import { collectConsoleErrors, waitForHydration } from './support/pages.ts';

const job = activeJobs[activeJobs.length - 1]!;
const jobPath = `/job-description/${job.pageUrl}`;

test('a public page carries no cookie, and a kept copy hydrates under the CSP', async ({
  page,
  request,
}) => {
  const first = await request.get('/about');
  expect(first.headers()['cache-control']).toMatch(/public.*s-maxage=\d+/);
  expect(first.headers()['set-cookie']).toBeUndefined();
  const copy = await request.get('/about');
  // The same copy (the server keeps it a few seconds), with the same nonce in its CSP header.
  expect(copy.headers().etag).toBe(first.headers().etag);
  expect(copy.headers()['content-security-policy']).toBe(
    first.headers()['content-security-policy'],
  );

  const errors = collectConsoleErrors(page);
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation(v: string): void }).reportViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      ),
    ),
  );
  for (let load = 0; load < 2; load++) {
    const res = await page.goto('/about');
    expect(res!.headers()['cache-control']).toMatch(/public/);
    await waitForHydration(page);
  }
  expect(await page.context().cookies()).toEqual([]);
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
});

test("a new visitor's view is counted with the cookie the visitor endpoint hands out", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const visitor = page.waitForResponse((r) => r.url().includes('/api/v1/auth/visitor'));
  const view = page.waitForResponse((r) => r.url().includes('add-one-view'));
  const res = await page.goto(jobPath);
  expect(res!.headers()['set-cookie']).toBeUndefined();
  expect((await visitor).status()).toBe(200);
  // 200, not 401: the cookie came first. (A keepalive request's body is out of the browser's
  // reach; the API tests read what it says.)
  expect((await view).status()).toBe(200);
  const names = (await page.context().cookies()).map((c) => c.name).sort();
  expect(names).toEqual(['has_visitor', 'visitor']);
  // The next job page of this visitor asks for no second cookie.
  const other = activeJobs[activeJobs.length - 2]!;
  let asked = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/auth/visitor')) asked = true;
  });
  const second = page.waitForResponse((r) => r.url().includes('add-one-view'));
  await page.goto(`/job-description/${other.pageUrl}`);
  expect((await second).status()).toBe(200);
  expect(asked).toBe(false);
  expect(errors).toEqual([]);
});
