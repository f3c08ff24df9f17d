// The posting API journey in Chromium: a demo employer makes an API key on /employer/api-keys and
// sees it once (Copy puts it on the clipboard; a reload neither shows it again nor makes another),
// posts a job with it, finds the job on the dashboard, revokes the key after the page asks, and
// the revoked key is refused (401). The same without JavaScript, where reloading after making or
// revoking a key posts nothing again. Axe on the keys page.
import { expect, type Page, test } from '@playwright/test';
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

async function signIn(page: Page) {
  await page.goto(paths.login);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The keys the page lists (active and revoked). */
const listedKeys = (page: Page) => page.locator('section[aria-labelledby="keys-title"] li');

test('a demo employer makes an API key, posts a job with it, and revokes it', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page);

  await page.goto(paths.employer);
  await page.getByRole('link', { name: 'API keys' }).click();
  await expect(page).toHaveURL(/\/employer\/api-keys/);
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
  await expect(page.getByText('No keys yet.')).toBeVisible();

  // A key needs a name: the error names the field.
  await page.getByLabel('Name').fill('   ');
  await page.getByRole('button', { name: 'Make key' }).click();
  await expect(page.getByText('Name is required').first()).toBeVisible();

  await waitForHydration(page);
  await page.getByLabel('Name').fill('Careers site sync');
  await page.getByRole('button', { name: 'Make key' }).click();
  const shown = page.getByLabel('API key');
  await expect(shown).toHaveValue(/^opk_[A-Za-z0-9_-]{43}$/);
  // The page opens on the new key (not on <body>), for keyboard and screen-reader users.
  await expect(shown).toBeFocused();
  const key = await shown.inputValue();
  // The key never goes into the address; the Name starts empty again, so a second press does
  // not make a second "Careers site sync".
  expect(page.url()).not.toContain(key.slice(4, 16));
  await expect(page).toHaveURL(/\/employer\/api-keys$/);
  await expect(page.getByLabel('Name')).toHaveValue('');
  await page.getByRole('button', { name: 'Copy key' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expectNoAxeViolations(page);

  // Shown once: reloading the page makes no second key and lists this one by its first
  // characters only.
  await page.reload();
  await expect(page.getByLabel('API key')).toHaveCount(0);
  await expect(listedKeys(page)).toHaveCount(1);
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
  // Revoke asks first and says what stops working; Cancel leaves the key working.
  await page.getByRole('button', { name: 'Revoke: Careers site sync' }).click();
  await expect(page.getByText('Revoke “Careers site sync”?')).toContainText(
    'can no longer list, post, update or close your jobs',
  );
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Revoke: Careers site sync' })).toBeVisible();
  const stillWorks = await request.get(employerApiPaths.jobs, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(stillWorks.status()).toBe(200);

  await page.getByRole('button', { name: 'Revoke: Careers site sync' }).click();
  await page.getByRole('button', { name: 'Revoke key' }).click();
  await expect(
    page.getByText('Key “Careers site sync” revoked: it no longer works.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/employer\/api-keys$/);
  // Revoked keys are folded away under their own heading, with the day they were revoked.
  await expect(page.getByText('No active keys.')).toBeVisible();
  const revokedKeys = page.getByText('Revoked keys (1)');
  await expect(revokedKeys).toBeVisible();
  await expect(page.getByText('Revoked:', { exact: true })).toBeHidden();
  await revokedKeys.click();
  await expect(page.getByText('Revoked:', { exact: true })).toBeVisible();

  const refused = await request.get(employerApiPaths.jobs, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(refused.status()).toBe(401);
});

test.describe('without JavaScript', () => {
  test('a key is made once, even when the page is reloaded, and revoking asks first', async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await signIn(page);
      await page.goto(paths.employerApiKeys);
      const before = await listedKeys(page).count();
      await page.getByLabel('Name').fill('No-script sync');
      await page.getByRole('button', { name: 'Make key' }).click();
      const shown = page.getByLabel('API key');
      await expect(shown).toHaveValue(/^opk_[A-Za-z0-9_-]{43}$/);
      const key = await shown.inputValue();
      // No Copy button without JavaScript: the key is there to select.
      await expect(page.getByRole('button', { name: 'Copy key' })).toHaveCount(0);
      await expect(page.getByLabel('Name')).toHaveValue('');
      await expect(listedKeys(page)).toHaveCount(before + 1);

      // The page after the post is a GET: reloading it posts nothing and shows the key no more.
      await page.reload();
      await expect(page.getByLabel('API key')).toHaveCount(0);
      await expect(listedKeys(page)).toHaveCount(before + 1);
      expect(await page.content()).not.toContain(key);

      await page.getByRole('button', { name: 'Revoke: No-script sync' }).click();
      await expect(page.getByText('Revoke “No-script sync”?')).toBeVisible();
      await page.getByRole('link', { name: 'Cancel' }).click();
      await expect(page.getByRole('button', { name: 'Revoke: No-script sync' })).toBeVisible();
      await page.getByRole('button', { name: 'Revoke: No-script sync' }).click();
      await page.getByRole('button', { name: 'Revoke key' }).click();
      await expect(
        page.getByText('Key “No-script sync” revoked: it no longer works.'),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Revoke: No-script sync' })).toHaveCount(0);
      // That page is a GET too: a reload posts nothing and says it no more.
      const posted: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST') posted.push(r.url());
      });
      await page.reload();
      await expect(page.getByText('revoked: it no longer works.')).toHaveCount(0);
      await expect(listedKeys(page)).toHaveCount(before + 1);
      expect(posted).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
