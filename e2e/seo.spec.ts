// What search engines and link previews read without running JavaScript: head tags, the
// JobPosting JSON-LD of every demo job (checked against Google's rules offline), the sitemap
// and robots.txt (issue 5).
import { expect, test } from '@playwright/test';
import { jobPostingProblems } from '../src/web/features/job-detail/job-posting-rules.ts';
import { activeJobs, companyOf, fullJob } from './demo-jobs.ts';

const jobPath = (pageUrl: string) => `/job-description/${pageUrl}`;
const LD_JSON = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g;

function attribute(html: string, selector: RegExp): string | undefined {
  return html.match(selector)?.[1];
}

test('the head tags are in the HTML without JavaScript', async ({ request, baseURL }) => {
  const response = await request.get(jobPath(fullJob.pageUrl));
  expect(response.status()).toBe(200);
  const html = await response.text();
  const company = companyOf(fullJob);
  const url = `${baseURL}${jobPath(fullJob.pageUrl)}`;
  const meta = (key: string) =>
    attribute(html, new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`));

  expect(attribute(html, /<title>([^<]*)<\/title>/)).toBe(
    `${fullJob.title} at ${company.companyName} · Openings`,
  );
  expect(meta('description')?.length).toBeGreaterThan(40);
  expect(attribute(html, /<link rel="canonical" href="([^"]*)"/)).toBe(url);
  expect(meta('og:type')).toBe('website');
  expect(meta('og:url')).toBe(url);
  expect(meta('og:image')).toBe(`${baseURL}/logos/${company.id}.png`);
  expect(meta('og:image:width')).toBe('256');
  expect(meta('og:image:height')).toBe('256');
  expect(meta('twitter:card')).toBe('summary');
  expect(meta('twitter:image')).toBe(`${baseURL}/logos/${company.id}.png`);

  const logo = await request.get(`/logos/${company.id}.png`);
  expect(logo.status()).toBe(200);
  expect(logo.headers()['content-type']).toBe('image/png');
});

test('the JSON-LD carries the CSP nonce and the job the page shows', async ({ page }) => {
  const response = await page.goto(jobPath(fullJob.pageUrl));
  const html = await response!.text();
  const nonce = attribute(html, /<script type="application\/ld\+json" nonce="([^"]+)"/);
  expect(nonce).toBeTruthy();
  const csp = response!.headers()['content-security-policy'];
  expect(csp).toContain(`'nonce-${nonce}'`);

  const posting = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? '',
  );
  expect(jobPostingProblems(posting)).toEqual([]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(posting.title);
  await expect(page.getByText(posting.hiringOrganization.name).first()).toBeVisible();
  const place = posting.jobLocation.address;
  await expect(page.getByRole('list', { name: 'At a glance' })).toContainText(
    `${place.addressLocality}, ${place.addressRegion}, ${place.addressCountry}`,
  );
});

test('every active demo job has valid JobPosting structured data', async ({ request }) => {
  test.setTimeout(300_000);
  const failures: string[] = [];
  const queue = [...activeJobs];
  async function worker() {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const html = await (await request.get(jobPath(job.pageUrl))).text();
      const blocks = [...html.matchAll(LD_JSON)].map((m) => m[1]!);
      if (blocks.length !== 1) {
        failures.push(`${job.pageUrl}: ${blocks.length} JSON-LD blocks`);
        continue;
      }
      // The escaping keeps markup characters out of the script element.
      if (/[<>]/.test(blocks[0]!)) failures.push(`${job.pageUrl}: unescaped < or >`);
      const posting = JSON.parse(blocks[0]!);
      for (const problem of jobPostingProblems(posting))
        failures.push(`${job.pageUrl}: ${problem}`);
      if (posting.title !== job.title) failures.push(`${job.pageUrl}: title differs`);
      if ((job.salaryProvided === 'true') !== 'baseSalary' in posting)
        failures.push(`${job.pageUrl}: baseSalary present ≠ salary given`);
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker));
  expect(activeJobs.length).toBeGreaterThan(300);
  expect(failures).toEqual([]);
});

test('the sitemap is valid XML and lists exactly the active jobs', async ({
  page,
  request,
  baseURL,
}) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/xml');
  const xml = await response.text();
  await page.goto('/robots.txt');
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    return {
      errors: doc.getElementsByTagName('parsererror').length,
      root: doc.documentElement.localName,
      namespace: doc.documentElement.namespaceURI,
      locs: [...doc.querySelectorAll('url > loc')].map((l) => l.textContent ?? ''),
      lastmods: doc.querySelectorAll('url > lastmod').length,
    };
  }, xml);
  expect(parsed.errors).toBe(0);
  expect(parsed.root).toBe('urlset');
  expect(parsed.namespace).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');

  const jobUrls = parsed.locs.filter((l) => l.includes('/job-description/'));
  const expected = activeJobs.map((j) => `${baseURL}${jobPath(j.pageUrl)}`);
  expect(jobUrls.sort()).toEqual(expected.sort());
  expect(parsed.lastmods).toBe(expected.length);
  expect(parsed.locs).toContain(`${baseURL}/`);
  expect(parsed.locs).toContain(`${baseURL}/jobs`);
});

test('robots.txt allows crawling and points to the sitemap', async ({ request, baseURL }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/plain');
  const text = await response.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});
