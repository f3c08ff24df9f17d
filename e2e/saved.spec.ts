// Jobs saved in the browser before signing in join the account at sign-in, and /saved shows them
// straight away, whichever page the visitor signed in from.
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail } from '../src/server/db/seed/demo-accounts.ts';
import { paths } from '../src/web/lib/paths.ts';
import { activeJobs, companyOf } from './demo-jobs.ts';
import { collectConsoleErrors, waitForHydration } from './support/pages.ts';

// A demo company's account no other test signs in with.
const companies = [...new Set(activeJobs.map((j) => j.companyId))];
const company = companyOf(activeJobs.find((j) => j.companyId === companies[30])!);
const email = demoEmail(company.companyWebsite ?? null, company.id);

test('a job saved before signing in is on /saved once signed in, at once', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto(`${paths.jobs}?sortBy=true`);
  await waitForHydration(page);
  const title = (await page.locator('main ul > li h3').nth(1).textContent()) ?? '';
  const save = page.getByRole('button', { name: `Save ${title}`, exact: true }).first();
  await save.click();
  await expect(save).toHaveAttribute('aria-pressed', 'true');

  // Signed in from a page without cards, then straight to /saved.
  await page.goto(paths.login);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(paths.saved);
  await expect(page.getByText('Kept in your account.')).toBeVisible();
  const list = page.getByRole('list', { name: 'Saved jobs' });
  await expect(list).toContainText(title, { timeout: 15_000 });
  // Away and back in the page: the list is loaded once, by the visit (the merge is told once).
  await waitForHydration(page);
  const loads: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === `${paths.saved}.data`) loads.push(req.url());
  });
  await page.getByRole('banner').getByRole('link', { name: 'Jobs' }).first().click();
  await expect(page).toHaveURL(/\/jobs/);
  await page.goBack();
  await expect(list).toContainText(title);
  await page.waitForTimeout(1000);
  expect(loads).toHaveLength(1);
  // Kept by the account, not only shown: a reload reads it from the account.
  await page.reload();
  await expect(list).toContainText(title);

  // Unsaved again, so the account is as it was.
  await waitForHydration(page);
  await list.getByRole('button', { name: `Save ${title}`, exact: true }).click();
  await expect(list).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('No saved jobs yet.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a job removed from /saved comes back in its place with Undo, by keyboard', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await page.goto(paths.jobs);
  await waitForHydration(page);
  const titles = (await page.locator('main ul > li h3').allTextContents()).slice(0, 3);
  for (const title of titles) {
    const save = page.getByRole('button', { name: `Save ${title}`, exact: true }).first();
    await save.click();
    await expect(save).toHaveAttribute('aria-pressed', 'true');
  }
  await page.goto(paths.saved);
  await waitForHydration(page);
  const list = page.getByRole('list', { name: 'Saved jobs' });
  const order = async () =>
    list
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.querySelector('a, span')?.textContent));
  // Newest saved first.
  await expect(list.getByRole('listitem')).toHaveCount(3);
  const before = await order();
  expect(before).toEqual([...titles].reverse());

  const middle = before[1]!;
  await list.getByRole('button', { name: `Save ${middle}`, exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const status = page.getByRole('status').filter({ hasText: `Removed ${middle}.` });
  await expect(status).toHaveText(`Removed ${middle}. Undo`);
  await expect(status.getByRole('button', { name: 'Undo' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list.getByRole('listitem')).toHaveCount(3);
  expect(await order()).toEqual(before);
  await expect(list.getByRole('button', { name: `Save ${middle}`, exact: true })).toBeFocused();
  // Kept where it was in this browser, not as a new save.
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  expect(await order()).toEqual(before);
  expect(errors).toEqual([]);
});
