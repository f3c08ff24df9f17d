// The posting API journey in Chromium: a demo employer makes an API key on /employer/api-keys and
// sees it once, posts a job with it, finds the job on the dashboard, revokes the key, and the
// revoked key is refused (401). Axe on the keys page.
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail } from '../src/server/db/seed/demo-accounts.ts';
import { employerApiPaths } from '../src/shared/contract/employer-api.ts';
import { paths } from '../src/web/lib/paths.ts';
import { activeJobs, companyOf } from './demo-jobs.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { waitForHydration } from './support/pages.ts';

// The second demo company: the operators' journey uses the first, the ATS journey the last.
const companyIds = [...new Set(activeJobs.map((j) => j.companyId))];
const sample = activeJobs.find((j) => j.companyId === companyIds[1])!;
const company = companyOf(sample);
const email = demoEmail(company.companyWebsite ?? null, company.id);

test('a demo employer makes an API key, posts a job with it, and revokes it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.goto(paths.login);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto(paths.employer);
  await page.getByRole('link', { name: 'API keys' }).click();
  await expect(page).toHaveURL(/\/employer\/api-keys/);
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
  await expect(page.getByText('No keys yet.')).toBeVisible();

  // A key needs a name: the error names the field.
  await page.getByLabel('Name').fill('   ');
  await page.getByRole('button', { name: 'Make key' }).click();
  await expect(page.getByText('Name is required').first()).toBeVisible();

  await page.getByLabel('Name').fill('Careers site sync');
  await page.getByRole('button', { name: 'Make key' }).click();
  const shown = page.getByLabel('API key');
  await expect(shown).toHaveValue(/^opk_[A-Za-z0-9_-]{43}$/);
  const key = await shown.inputValue();
  await waitForHydration(page);
  await expectNoAxeViolations(page);

  // Shown once: the page opened again lists the key by its first characters only.
  await page.goto(paths.employerApiKeys);
  await expect(page.getByLabel('API key')).toHaveCount(0);
  await expect(page.getByText(`${key.slice(0, 12)}…`)).toBeVisible();
  expect(await page.content()).not.toContain(key);

  const title = `API posted engineer ${Date.now()}`;
  const created = await request.post(employerApiPaths.jobs, {
    headers: { authorization: `Bearer ${key}` },
    data: {
      externalId: 'e2e-1',
      title,
      roleId: sample.roleId,
      cityId: sample.cityId,
      jobTypeId: sample.jobTypeId,
      experienceLevel: 2,
      salaryMode: 'none',
      noOfOpening: 1,
      applyLink: 'https://careers.example.com/e2e-1',
      description: 'A job posted by the company’s own system through the posting API.',
      skills: ['TypeScript'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  expect((await created.json()).content.job.externalId).toBe('e2e-1');

  await page.goto(paths.employer);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  await page.goto(paths.employerApiKeys);
  await expect(page.getByText('Last used:').first()).toBeVisible();
  await page.getByRole('button', { name: 'Revoke: Careers site sync' }).click();
  await expect(page.getByText('Key revoked: it no longer works.')).toBeVisible();
  await expect(page.getByText('Revoked', { exact: true })).toBeVisible();

  const refused = await request.get(employerApiPaths.jobs, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(refused.status()).toBe(401);
});
