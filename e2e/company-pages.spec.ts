// Company pages: reached from a card's company name, with the company's profile, its jobs and
// Organization JSON-LD; the index searches by name without JavaScript; unknown companies are 404s.
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { collectConsoleErrors, waitForHydration } from './support/pages.ts';

const VIEWS = [
  { name: 'wide', width: 1280 },
  { name: 'narrow', width: 360 },
] as const;

const firstCard = (page: Page) =>
  page.locator('section[aria-labelledby="results-heading"] ul > li').first();

for (const view of VIEWS) {
  test(`a card's company name leads to the company page (${view.name})`, async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.setViewportSize({ width: view.width, height: 800 });
    await page.goto('/jobs');
    await waitForHydration(page);
    const card = firstCard(page);
    const companyLink = card.locator('a[href^="/companies/"]');
    const name = (await companyLink.textContent())?.trim() ?? '';
    expect(name).not.toBe('');
    // The name sits on the card's first line, inside the card's box and visible.
    const [cardBox, linkBox] = await Promise.all([
      card.locator('> a').boundingBox(),
      companyLink.boundingBox(),
    ]);
    expect(linkBox!.x).toBeGreaterThan(cardBox!.x);
    expect(linkBox!.x + linkBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
    expect(linkBox!.y).toBeLessThan(cardBox!.y + 40);

    await companyLink.click();
    await expect(page).toHaveURL(/\/companies\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByRole('heading', { name: new RegExp(`Open jobs at`) })).toBeVisible();
    const jobCards = page.locator('section[aria-labelledby="company-jobs"] ul > li > a');
    await expect(jobCards.first()).toBeVisible();
    // Every job listed is this company's.
    for (const text of await page
      .locator('section[aria-labelledby="company-jobs"] ul > li a[href^="/companies/"]')
      .allTextContents()) {
      expect(text.trim()).toBe(name);
    }
    await expect(page.getByTestId('posted-in-all')).toHaveText(/^\d[\d,]*$/);
    const website = page.getByRole('link', { name: /company website/ });
    await expect(website).toHaveAttribute('target', '_blank');
    await expect(website).toHaveAttribute('rel', /noopener/);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });
}

test('the company name on a card is reachable by keyboard after the card itself', async ({
  page,
}) => {
  await page.goto('/jobs');
  await waitForHydration(page);
  const card = firstCard(page);
  await card.locator('> a').focus();
  await page.keyboard.press('Tab');
  await expect(card.locator('a[href^="/companies/"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/companies\//);
});

test('a company page is server-rendered with Organization JSON-LD and sorts without JavaScript', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/companies');
  const first = page.locator('main ul > li a[href^="/companies/"]').first();
  const href = await first.getAttribute('href');
  const response = await page.goto(href!);
  expect(response?.status()).toBe(200);
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
  );
  expect(ld).toMatchObject({ '@type': 'Organization', url: expect.stringContaining(href!) });
  expect(ld.name).toBe(await page.getByRole('heading', { level: 1 }).textContent());
  // The first company of the demo data has several open jobs, so its page offers the sort.
  await page.getByLabel('Sort by').selectOption({ label: 'Popular' });
  await page.getByRole('button', { name: 'Sort' }).click();
  await expect(page).toHaveURL(/sortBy=true/);
  await expect(page.getByLabel('Sort by')).toHaveValue('true');
  await context.close();
});

test('with JavaScript, choosing a sort on a company page reloads its jobs in that order', async ({
  page,
}) => {
  await page.goto('/companies');
  await page.locator('main ul > li a[href^="/companies/"]').first().click();
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: 'Sort' })).toHaveCount(0);
  await page.getByLabel('Sort by').selectOption({ label: 'Popular' });
  await expect(page).toHaveURL(/sortBy=true/);
  await expect(page.getByLabel('Sort by')).toHaveValue('true');
});

test("with JavaScript, a company page's Browse more appends its next jobs in place", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  // The demo company with the most open jobs (13).
  const company = '/companies/vajra-precision-engineering';
  await page.goto(company);
  await waitForHydration(page);
  const jobCards = page.locator('section[aria-labelledby="company-jobs"] ul > li > a');
  await expect(jobCards).toHaveCount(10);
  const more = page.getByRole('link', { name: 'Browse more jobs' });
  await expect(more).toHaveAttribute('href', new RegExp(`^${company}\\?page=2&cursor=`));
  await more.click();
  await expect(jobCards).toHaveCount(13);
  await expect(page.getByText('You are reached end of the jobs list...')).toBeVisible();
  // The address stays the page's own, and no way back is needed on it.
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(company);
  await expect(page.getByRole('link', { name: 'Back to the first page' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the companies index finds a company by part of its name, without JavaScript', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/companies');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Companies');
  const names = await page
    .locator('main ul > li a[href^="/companies/"] .font-semibold')
    .allTextContents();
  expect(names.length).toBeGreaterThan(1);
  const wanted = names[1]!;
  const part = wanted.slice(1, 5).toUpperCase();
  await page.getByRole('searchbox', { name: 'Company name' }).fill(part);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`name=${encodeURIComponent(part)}`));
  const found = await page
    .locator('main ul > li a[href^="/companies/"] .font-semibold')
    .allTextContents();
  expect(found).toContain(wanted);
  for (const name of found) expect(name.toUpperCase()).toContain(part);
  await context.close();
});

test('the companies index has no axe violations at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/companies');
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
});

test('an unknown company answers 404', async ({ page }) => {
  const response = await page.goto('/companies/no-such-company-here');
  expect(response?.status()).toBe(404);
  const api = await page.request.get('/api/v1/companies/no-such-company-here');
  expect(api.status()).toBe(404);
});
