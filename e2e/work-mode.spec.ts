// Work mode and salary honesty in the browser: the remote filter in the address and the panel, the
// Salary stated box, "Salary not stated" on a job's page, and similar jobs under a job.
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { activeJob, fullJob } from './demo-jobs.ts';
import { collectConsoleErrors, waitForHydration } from './support/pages.ts';

const cards = (page: Page) =>
  page.locator('section[aria-labelledby="results-heading"] ul > li > a');

const VIEWS = [
  { name: 'wide', width: 1280 },
  { name: 'narrow', width: 360 },
] as const;

for (const view of VIEWS) {
  test(`the remote filter goes into the address and back into the panel (${view.name})`, async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    await page.setViewportSize({ width: view.width, height: 800 });
    await page.goto('/jobs');
    await waitForHydration(page);
    await page.locator('summary', { hasText: 'Filters' }).click();
    await page.getByLabel('Work mode').selectOption({ label: 'Remote' });
    await expect(page).toHaveURL(/[?&]workMode=remote(&|$)/);
    await expect(cards(page).first()).toBeVisible();
    for (const text of await cards(page).allTextContents()) expect(text).toContain('Remote');
    await expectNoAxeViolations(page);

    await page.getByLabel('Salary stated').check();
    await expect(page).toHaveURL(/salaryStated=true/);
    await expect(cards(page).first()).toBeVisible();
    for (const text of await cards(page).allTextContents()) {
      expect(text).toContain('Remote');
      expect(text).not.toContain('Salary not stated');
      expect(text).not.toContain('no amount given');
    }
    // A shared address opens with the panel showing the same choices.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByLabel('Work mode')).toHaveValue('remote');
    await expect(page.getByLabel('Salary stated')).toBeChecked();
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/jobs$/);
    expect(errors).toEqual([]);
  });
}

test('the work-mode filter works without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/jobs?workMode=hybrid');
  await expect(page.getByLabel('Work mode')).toHaveValue('hybrid');
  for (const text of await cards(page).allTextContents()) expect(text).toContain('Hybrid');
  await page.getByLabel('Work mode').selectOption({ label: 'On-site' });
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/workMode=on_site/);
  for (const text of await cards(page).allTextContents()) expect(text).toContain('On-site');
  await context.close();
});

test('a job without a salary says "Salary not stated"; one with words about pay quotes them', async ({
  page,
}) => {
  const none = activeJob((j) => j.salaryProvided !== 'true' && !j.bestInIndustry, 'without pay');
  await page.goto(`/job-description/${none.pageUrl}`);
  const details = page.getByRole('region', { name: 'Job Details' });
  await expect(details.getByText('Salary not stated', { exact: true })).toBeVisible();
  const words = activeJob((j) => j.salaryProvided !== 'true' && !!j.bestInIndustry, 'with words');
  await page.goto(`/job-description/${words.pageUrl}`);
  await expect(
    page
      .getByRole('region', { name: 'Job Details' })
      .getByText(`“${words.bestInIndustry}” (no amount given)`),
  ).toBeVisible();
});

for (const view of VIEWS) {
  test(`a job's page shows its work mode and up to six similar jobs (${view.name})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: view.width, height: 800 });
    await page.goto(`/job-description/${fullJob.pageUrl}`);
    await waitForHydration(page);
    const glance = page.getByRole('list', { name: 'At a glance' });
    await expect(glance).toContainText(/On-site|Hybrid|Remote|Work mode not stated/);
    const similar = page.locator('section[aria-labelledby="similar-jobs"]');
    await expect(similar.getByRole('heading', { name: 'Similar jobs' })).toBeVisible();
    const links = similar.locator('ul > li > a');
    const n = await links.count();
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(6);
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).not.toContain(`/job-description/${fullJob.pageUrl}`);
    await expectNoAxeViolations(page);
  });
}

test('a remote job is marked TELECOMMUTE in its JSON-LD', async ({ page }) => {
  await page.goto('/jobs?workMode=remote');
  const href = await cards(page).first().getAttribute('href');
  await page.goto(href!);
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
  );
  expect(ld).toMatchObject({
    jobLocationType: 'TELECOMMUTE',
    applicantLocationRequirements: { '@type': 'Country' },
  });
});
