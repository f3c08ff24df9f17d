// Maintenance (DESIGN.md §5): while on, every page answers 503 with Retry-After and the
// maintenance page; switched off, /under-maintenance leads home. No restart in between. The job
// form left open keeps what was typed when maintenance refuses to save it, and says so; an
// operator's maintenance page leads to the console, where it is turned off.
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { demoEmail } from '../src/server/db/seed/demo-accounts.ts';
import { paths } from '../src/web/lib/paths.ts';
import { activeJobs, companyOf } from './demo-jobs.ts';
import { setMaintenance } from './support/maintenance.ts';
import { collectConsoleErrors, SHELL_PAGES, waitForHydration, signIn } from './support/pages.ts';

const PAGES = [...SHELL_PAGES.map((p) => p.path), paths.underMaintenance];

test.afterAll(async ({ request }) => {
  await setMaintenance(request, false);
});

test('maintenance on → every page 503 with the texts → off → home', async ({ page, request }) => {
  await setMaintenance(request, true);
  const errors = collectConsoleErrors(page);
  for (const path of PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(503);
    expect(response?.headers()['retry-after'], path).toBe('300');
    await waitForHydration(page);
    await expect(page).toHaveTitle('Under maintenance · Openings');
    const main = page.locator('main#main');
    await expect(main).toContainText('Oh ohh...');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('We are in maintenance.');
    await expect(main).toContainText('We apologize for any inconvenience, please try again later.');
    await expect(main.getByRole('link', { name: 'Send mail' })).toHaveAttribute(
      'href',
      /^mailto:\S+@\S+/,
    );
  }
  expect(errors).toEqual([]);

  await setMaintenance(request, false);
  await page.goto(paths.underMaintenance);
  await expect(page).toHaveURL(`${baseURL}/`);
  expect((await page.goto(paths.about))?.status()).toBe(200);
});

test('a visitor already on the site gets the maintenance page on the next click', async ({
  page,
  request,
}) => {
  await page.goto(paths.learn);
  await waitForHydration(page);
  await setMaintenance(request, true);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We are in maintenance.');
});

const companies = [...new Set(activeJobs.map((j) => j.companyId))];
/** A demo company's owner (one no other spec on this server signs in as): its address. */
const ownerOf = (index: number) => {
  const company = companyOf(activeJobs.find((j) => j.companyId === companies[index])!);
  return demoEmail(company.companyWebsite ?? null, company.id);
};

test('with JavaScript, the job form keeps what was typed when maintenance refuses to save it', async ({
  page,
  request,
}) => {
  await setMaintenance(request, false);
  await signIn(page, ownerOf(40));
  await page.goto(paths.employerJobNew);
  await waitForHydration(page);
  const title = page.getByLabel('Title', { exact: true });
  const description = page.getByLabel('Description');
  const saved = page.getByText('Draft saved.');
  const refused = page.locator('[data-maintenance]');
  await title.fill('Tide Gauge Reader');
  await expect(saved).toBeVisible();

  // Saved as typed: refused, and the form keeps it all and says so.
  await setMaintenance(request, true);
  await description.fill('Reads the tide gauges twice a day and writes the levels down.');
  await expect(refused).toHaveText(
    'We are in maintenance, so nothing was saved. Everything you typed is still here: keep this page open, and save or submit again in a few minutes.',
  );
  await expect(saved).toHaveCount(0);
  await expect(title).toHaveValue('Tide Gauge Reader');
  await expect(description).toHaveValue(
    'Reads the tide gauges twice a day and writes the levels down.',
  );
  // Submit job: refused the same way, on the same form (no maintenance page in its place).
  await page.getByRole('button', { name: 'Submit job' }).click();
  await expect(refused).toBeVisible();
  await expect(page).toHaveURL(/\/employer\/jobs\/new\?draft=\d+$/);
  await expect(title).toHaveValue('Tide Gauge Reader');
  await expect(description).toHaveValue(
    'Reads the tide gauges twice a day and writes the levels down.',
  );

  // Once it is off, the next change is saved, with what was typed meanwhile.
  await setMaintenance(request, false);
  await description.fill('Reads the tide gauges three times a day and writes the levels down.');
  // The save waits for a pause in typing (AUTOSAVE_DELAY_MS), then writes the draft on the
  // embedded database the other specs share: on a loaded machine that took longer than 7 s.
  await expect(saved).toBeVisible({ timeout: 15_000 });
  await expect(refused).toHaveCount(0);
  await page.reload();
  await expect(description).toHaveValue(
    'Reads the tide gauges three times a day and writes the levels down.',
  );
});

test("an operator's maintenance page leads to the console, where it is turned off", async ({
  page,
  request,
}) => {
  await setMaintenance(request, false);
  const email = ownerOf(41);
  // As `npm run operator -- add` does it, through the running server.
  execFileSync('npx', ['tsx', 'src/server/cli/operator.ts', 'add', email], {
    env: {
      ...process.env,
      DATA_DIR: path.join(tmpdir(), `openings-e2e-${new URL(baseURL).port}`),
      PUBLIC_URL: baseURL,
    },
    encoding: 'utf8',
  });
  await signIn(page, email);
  await setMaintenance(request, true);
  expect((await page.goto(paths.employer))?.status()).toBe(503);
  await waitForHydration(page);
  const main = page.locator('main#main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('We are in maintenance.');
  await expect(main).toContainText(
    'You are an operator: the console stays open to you, and maintenance is turned off there.',
  );
  await main.getByRole('link', { name: 'Open the console' }).click();
  await expect(page).toHaveURL(`${baseURL}${paths.admin}`);
  await page.getByRole('button', { name: 'Turn maintenance off' }).click();
  await expect(page.getByText('Maintenance is off: the site is open again.')).toBeVisible();
  expect((await request.get(paths.home)).status()).toBe(200);
});
