// The job detail page in Chromium against the production build (issue 5).
import { expect, test, type Page } from '@playwright/test';
import { URL_COPY_TIMEOUT_MS } from '../src/shared/constants.ts';
import { activeJob, companyOf, demoJobs, fullJob } from './demo-jobs.ts';
import { waitForHydration } from './support/pages.ts';

const jobPath = (pageUrl: string) => `/job-description/${pageUrl}`;
const LIST_TITLES = [
  'Key Responsibilities',
  'Minimum Requirements',
  'Preferred Qualification',
  'Required Skills',
  'Roles and Responsibilities',
  'Who can Apply',
  'Perks & Benefits',
  'Search Tags',
];

/** Fails the test on any console error or uncaught exception on the page. */
function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Company pages are on made-up .example hosts: answer them locally so new tabs load. */
async function fakeCompanySites(page: Page) {
  await page
    .context()
    .route(/^https?:\/\/[^/]*\.example\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>company</title>company page' }),
    );
}

async function sharePage(page: Page, clipboard: 'works' | 'denied') {
  await page.addInitScript((mode) => {
    // Desktop Chromium may or may not offer a share sheet; the clipboard path is what we test.
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    if (mode === 'denied') {
      navigator.clipboard.writeText = () =>
        Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
    }
  }, clipboard);
}

test('a job opened directly shows every section the data has', async ({ page }) => {
  const errors = watchConsole(page);
  const response = await page.goto(jobPath(fullJob.pageUrl));
  expect(response?.status()).toBe(200);
  const company = companyOf(fullJob);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fullJob.title);
  await expect(page).toHaveTitle(`${fullJob.title} at ${company.companyName} · Openings`);
  await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('button', { name: 'Share job' })).toBeVisible();

  // The name leads to the company's page here; its website opens in a new tab.
  await expect(
    page.getByRole('link', { name: `${company.companyName} (company page)` }),
  ).toHaveAttribute('href', /^\/companies\/[a-z0-9-]+$/);
  const companyLink = page.getByRole('link', { name: /company website/ });
  await expect(companyLink).toHaveAttribute('href', `${company.companyWebsite}/`);
  await expect(companyLink).toHaveAttribute('target', '_blank');
  await expect(companyLink).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByRole('img', { name: `${company.companyName} logo` })).toBeVisible();

  const glance = page.getByRole('list', { name: 'At a glance' });
  await expect(glance).toContainText(`${fullJob.noOfOpening} opening`);
  await expect(glance).not.toContainText('Openings:');

  const details = page.getByRole('region', { name: 'Job Details' });
  for (const label of [
    'Job type',
    'Salary',
    'Experience level',
    'Applications open from',
    'Posted date',
  ])
    await expect(details.getByText(label, { exact: true })).toBeVisible();
  await expect(details).not.toContainText('Not mentioned');

  const about = page.getByRole('region', { name: 'About the Job' });
  const firstParagraph = fullJob.description.split(/\n\s*\n/)[0]!.trim();
  await expect(about.locator('p').first()).toHaveText(firstParagraph);

  await expect(page.getByRole('region', { name: 'Company Overview' })).toBeVisible();

  const skills = page.getByRole('region', { name: 'Required Skills' });
  await expect(skills.getByRole('listitem')).toHaveText(fullJob.skills ?? []);
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  const listHeadings = headings.filter((h) => LIST_TITLES.includes(h));
  expect(listHeadings).toEqual(LIST_TITLES.filter((t) => listHeadings.includes(t)));

  // Under the title and again after the job, the same link.
  const applies = page.getByRole('link', { name: /Apply on company page/ });
  await expect(applies).toHaveCount(2);
  for (const apply of await applies.all()) {
    await expect(apply).toHaveAttribute('href', fullJob.applyLink!);
    await expect(apply).toHaveAttribute('target', '_blank');
  }
  await expect(page.getByRole('contentinfo').first()).toBeVisible();
  await expect(page.getByText(/\d[\d,]* views/)).toBeVisible();
  await expect(page.getByText(/^Posted by \S+ on \d{1,2} \w{3} \d{4}$/)).toBeVisible();
  expect(errors).toEqual([]);
});

test('lists without items, a missing apply link and missing values', async ({ page }) => {
  const sparse = activeJob((j) => (j.whoCanApply?.length ?? 0) === 0, 'with an empty list');
  await page.goto(jobPath(sparse.pageUrl));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sparse.title);
  await expect(page.getByRole('heading', { name: 'Who can Apply' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Required Skills' })).toBeVisible();

  const noApply = activeJob((j) => j.applyLink == null, 'without an apply link');
  await page.goto(jobPath(noApply.pageUrl));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(noApply.title);
  await expect(page.getByRole('link', { name: /Apply on company page/ })).toHaveCount(0);

  const noSalary = activeJob(
    (j) => j.salaryProvided !== 'true' && j.bestInIndustry == null,
    'without any salary text',
  );
  await page.goto(jobPath(noSalary.pageUrl));
  const salary = page.getByRole('region', { name: 'Job Details' }).locator('div', {
    has: page.getByText('Salary', { exact: true }),
  });
  // Said apart from words about pay (issue 19).
  await expect(salary.locator('dd')).toHaveText('Salary not stated');

  const noCount = activeJob((j) => j.noOfOpening == null, 'without a number of openings');
  await page.goto(jobPath(noCount.pageUrl));
  await expect(page.getByRole('list', { name: 'At a glance' })).toContainText(
    'Openings: Not mentioned',
  );
});

test('Apply and the company link open the company pages in new tabs', async ({ page }) => {
  await fakeCompanySites(page);
  await page.goto(jobPath(fullJob.pageUrl));
  const [applyTab] = await Promise.all([
    page.waitForEvent('popup'),
    page
      .getByRole('link', { name: /Apply on company page/ })
      .first()
      .click(),
  ]);
  await applyTab.waitForLoadState();
  expect(applyTab.url()).toBe(fullJob.applyLink);
  await applyTab.close();

  const company = companyOf(fullJob);
  const [siteTab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: /company website/ }).click(),
  ]);
  await siteTab.waitForLoadState();
  expect(siteTab.url()).toBe(`${company.companyWebsite}/`);
});

test('Share copies the address, says so, and returns after 2000 ms', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await sharePage(page, 'works');
  await page.clock.install();
  await page.goto(jobPath(fullJob.pageUrl));
  // The page's scripts start a frame after the first paint, on the (installed) clock.
  await waitForHydration(page);
  // The actions hydrate in a boundary of their own, after the page.
  await expect(page.locator('form[data-enhanced]')).toHaveCount(1);
  // Time stands still from here on and moves only when the test says so.
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.getByRole('button', { name: 'Share job' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Url Copied...' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

  await page.clock.runFor(URL_COPY_TIMEOUT_MS - 50);
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  await page.clock.runFor(100);
  await expect(page.getByRole('button', { name: 'Share job' })).toBeVisible();
  await expect(page.getByText('Url Copied...')).toHaveCount(0);
});

test('Share says when copying fails, then returns', async ({ page }) => {
  await sharePage(page, 'denied');
  await page.clock.install();
  await page.goto(jobPath(fullJob.pageUrl));
  // The page's scripts start a frame after the first paint, on the (installed) clock.
  await waitForHydration(page);
  // The actions hydrate in a boundary of their own, after the page.
  await expect(page.locator('form[data-enhanced]')).toHaveCount(1);
  // Time stands still from here on and moves only when the test says so.
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.getByRole('button', { name: 'Share job' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Opps.., Please try again.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Share job' })).toBeVisible();
  await page.clock.runFor(URL_COPY_TIMEOUT_MS + 50);
  await expect(page.getByText('Opps.., Please try again.')).toHaveCount(0);
});

test('Share pressed before the scripts ran leaves the job’s own address in the bar', async ({
  page,
}) => {
  const errors = watchConsole(page);
  const path = jobPath(fullJob.pageUrl);
  const loads: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('.data')) loads.push(req.url());
  });
  // What a press before the page hydrated loads: the share form's own GET, ?share.
  await page.goto(`${path}?share=`);
  await waitForHydration(page);
  await expect(page.locator('form[data-enhanced]')).toHaveCount(1);
  await expect(page).toHaveURL(path);
  // The address to copy stays in view, and is the clean one.
  await expect(page.getByRole('textbox', { name: 'Copy this address' })).toHaveValue(
    new URL(path, page.url()).href,
  );
  // Rewritten in place: nothing is loaded again.
  expect(loads).toEqual([]);
  expect(errors).toEqual([]);
});

test('an unknown job answers 404 with the oh-dear page', async ({ page }) => {
  const errors = watchConsole(page);
  const response = await page.goto(jobPath('no-such-job-anywhere-0'));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oh dear!');
  await expect(page.getByText('This job is no longer available.')).toBeVisible();
  await expect(page.getByText(/search other jobs/)).toBeVisible();
  await page.getByRole('link', { name: 'Search jobs' }).click();
  await expect(page).toHaveURL('/');
  // The browser logs the document's own 404; nothing else may fail.
  expect(errors.filter((e) => !e.includes('404'))).toEqual([]);

  const bad = await page.goto('/job-description/NOT_A_SLUG');
  expect(bad?.status()).toBe(404);
});

test('an inactive job leads to the not-an-active-job page with 410', async ({ page, request }) => {
  const inactive = demoJobs.find((j) => j.isActive === false);
  expect(inactive, 'the demo data has a switched-off job').toBeTruthy();
  const raw = await request.get(jobPath(inactive!.pageUrl), { maxRedirects: 0 });
  expect(raw.status()).toBe(302);
  // The inactive page is told which job it was, so it can offer similar ones.
  const inactivePath = `/not-an-active-job?job=${inactive!.pageUrl}`;
  expect(raw.headers()['location']).toBe(inactivePath);

  const response = await page.goto(jobPath(inactive!.pageUrl));
  expect(response?.status()).toBe(410);
  await expect(page).toHaveURL(inactivePath);
  await expect(page.getByRole('heading', { name: 'Similar jobs' })).toBeVisible();
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
});

test('a job that closed, opened inside the app, gives way to the not-an-active-job page', async ({
  page,
}) => {
  const errors = watchConsole(page);
  const inactive = demoJobs.find((j) => j.isActive === false)!;
  await page.goto('/jobs');
  await waitForHydration(page);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  // No page links to a closed job, but a card seen before it closed does: the router is asked to
  // go there as such a card would (its own navigate, so the page is not reloaded).
  await page.evaluate(
    (to) =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => unknown } }
      ).__reactRouterDataRouter.navigate(to),
    jobPath(inactive.pageUrl),
  );
  await expect(page).toHaveURL(`/not-an-active-job?job=${inactive.pageUrl}`);
  await expect(page.getByRole('heading', { name: 'Similar jobs' })).toBeVisible();
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  // The closed job's address was replaced, not added: Back returns to the listing.
  await page.goBack();
  await expect(page).toHaveURL('/jobs');
  // The not-an-active-job page's data answers 410 by design; the browser logs that status.
  expect(errors.filter((e) => !e.includes('status of 410 (Gone)'))).toEqual([]);
});

test('coming back to a job inside the app loads it without a reload, skeleton first', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.goto(jobPath(fullJob.pageUrl));
  // A link clicked before hydration is a whole page load, which this test is not about.
  await waitForHydration(page);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL('/');

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // The job route's own server loader (its single-fetch request) is held back; the root's
  // revalidation goes by its own request and passes.
  await page.route(
    /\/job-description\/[^/?]+\.data\?_routes=routes%2Fjob-detail$/,
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goBack();
  await expect(page.getByRole('status').filter({ hasText: 'Loading job details…' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fullJob.title);
  await expect(page.getByRole('region', { name: 'About the Job' })).toBeVisible();
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  expect(errors).toEqual([]);
});

test('a job opened from a card shows what the card knew at once, then the rest', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.goto('/jobs');
  // A card clicked before hydration is a plain link (a whole page load, no preview).
  await waitForHydration(page);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const card = page.locator('a[href^="/job-description/"]').first();
  const title = (await card.locator('h3').textContent())?.trim() ?? '';
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // The job route's own server loader (its single-fetch request) is held back; the root's
  // revalidation goes by its own request and passes.
  await page.route(
    /\/job-description\/[^/?]+\.data\?_routes=routes%2Fjob-detail$/,
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await card.click();
  // The card's summary is on screen while the full job is still on its way.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('status').filter({ hasText: 'Loading job details…' })).toBeAttached();
  await expect(page.getByRole('region', { name: 'About the Job' })).toHaveCount(0);
  // The focus is on the new page's heading, for a screen reader to read out…
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  release();
  await expect(page.getByRole('region', { name: 'About the Job' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  // …and stays there when the whole job's heading takes the place of the card's.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  expect(errors).toEqual([]);
});

test('Back to home returns to the listing the job was opened from, search and place kept', async ({
  page,
}) => {
  const errors = watchConsole(page);
  const listing = '/jobs?q=engineer&workMode=remote';
  await page.goto(listing);
  // A card clicked before hydration is a plain link (a whole page load: nothing to go back to).
  await waitForHydration(page);
  const card = page.locator('main a[href^="/job-description/"]').nth(3);
  await card.scrollIntoViewIfNeeded();
  const entries = await page.evaluate(() => history.length);
  await card.click();
  await expect(page).toHaveURL(/\/job-description\//);
  const back = page.getByRole('link', { name: 'Back to home' });
  // The link says where it goes: opened in a new tab it is still the search.
  await expect(back).toHaveAttribute('href', listing);

  // A similar job opened from there has the same search behind it.
  await page.locator('section a[href^="/job-description/"]').first().click();
  await expect(back).toHaveAttribute('href', listing);
  await back.click();
  await expect(page).toHaveURL(listing);

  // Straight back from a job: history's own Back, so no new entry and the list as it was left.
  await card.click();
  await expect(page).toHaveURL(/\/job-description\//);
  await back.click();
  await expect(page).toHaveURL(listing);
  await expect(card).toBeInViewport();
  const pushed = await page.evaluate(() => history.length);
  expect(pushed).toBe(entries + 4);

  // Opened afresh (a shared link), the job has no listing behind it: the link goes home.
  await page.goto(jobPath(fullJob.pageUrl));
  await waitForHydration(page);
  await expect(back).toHaveAttribute('href', '/');
  expect(errors).toEqual([]);
});

test('works by keyboard alone', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await sharePage(page, 'works');
  await fakeCompanySites(page);
  await page.goto(jobPath(fullJob.pageUrl));
  const focusedName = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
  async function tabTo(name: RegExp) {
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if (name.test(await focusedName())) return;
    }
    throw new Error(`Tab never reached ${name}`);
  }
  await tabTo(/^Share job$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Copied' })).toBeFocused();
  await tabTo(/^Apply on company page/);
  const [tab] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
  await tab.waitForLoadState();
  expect(tab.url()).toBe(fullJob.applyLink);
});

test('fits a narrow screen without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(jobPath(fullJob.pageUrl));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await expect(page.getByRole('button', { name: 'Share job' })).toBeInViewport();
  // Apply without scrolling past the whole job.
  await expect(page.getByRole('link', { name: /Apply on company page/ }).first()).toBeInViewport();
  // With the address to copy shown (a Share without JavaScript), Save and Share keep their row
  // and their size, and the address takes a line of its own below them.
  await page.goto(`${jobPath(fullJob.pageUrl)}?share=`);
  const box = async (name: string) =>
    (await page
      .getByRole(name === 'address' ? 'textbox' : 'button', {
        name: name === 'address' ? 'Copy this address' : name,
      })
      .first()
      .boundingBox())!;
  const save = await box(`Save ${fullJob.title}`);
  const share = await box('Share job');
  const address = await box('address');
  expect(Math.abs(save.y - share.y)).toBeLessThan(4);
  expect(save.height).toBeLessThan(50);
  expect(save.x + save.width).toBeLessThanOrEqual(share.x);
  expect(address.y).toBeGreaterThanOrEqual(share.y + share.height);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("a hide pressed before the menu's code arrived is said, with its undo, once it has", async ({
  page,
}) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  // The save and hide controls' chunk (lazy-mark-buttons.tsx) is held back: the rest hydrates.
  await page.route(/\/assets\/mark-buttons-[^/]+\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await page.goto(jobPath(fullJob.pageUrl));
  await waitForHydration(page);
  // The chunk is on its way and held (not renamed, which would let it through).
  await expect.poll(() => asked).toBe(true);
  const status = page.getByRole('status').filter({ hasText: /Hidden|Shown again/ });
  await page.locator('summary', { hasText: 'Hide…' }).click();
  await page.getByRole('button', { name: 'Hide this job' }).click();
  // Kept by the page's inline script (early-marks.ts): the menu closes, nothing is posted.
  await expect(page.locator('details[data-menu][open]')).toHaveCount(0);
  await expect(page).toHaveURL(jobPath(fullJob.pageUrl));
  release();
  await expect(status).toHaveText(/^Hidden: you won't see this job in lists\.\s*Show again$/);
  await expect(status.getByRole('button', { name: 'Show again' })).toBeFocused();
  await status.getByRole('button', { name: 'Show again' }).click();
  await expect(status).toHaveText('Shown again: this job is back in lists.');
  // Said once: the page's next change of marks does not bring it back.
  await page.getByRole('button', { name: `Save ${fullJob.title}` }).click();
  await expect(status).toHaveText('Shown again: this job is back in lists.');
});

test('hiding a job on its page closes the menu, says so, and can be undone from there or the menu', async ({
  page,
}) => {
  await page.goto(jobPath(fullJob.pageUrl));
  await waitForHydration(page);
  const menu = page.locator('summary', { hasText: 'Hide…' });
  const status = page.getByRole('status').filter({ hasText: /Hidden|Shown again/ });
  await menu.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Hide this job' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('details[data-menu][open]')).toHaveCount(0);
  // Said, with its undo, which takes the focus (it said nothing before).
  await expect(status).toHaveText(/^Hidden: you won't see this job in lists\.\s*Show again$/);
  const showAgain = status.getByRole('button', { name: 'Show again' });
  await expect(showAgain).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(status).toHaveText('Shown again: this job is back in lists.');
  await expect(menu).toBeFocused();
  await menu.click();
  await expect(page.getByRole('button', { name: 'Hide this job' })).toBeVisible();
  // Hidden again, then shown from the menu.
  await page.getByRole('button', { name: 'Hide this job' }).click();
  await expect(showAgain).toBeFocused();
  await menu.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Show this job again' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toBeFocused();
  await menu.click();
  await expect(page.getByRole('button', { name: 'Hide this job' })).toBeVisible();
});
