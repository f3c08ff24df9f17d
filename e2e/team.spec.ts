// A company's team in the browser, with JavaScript: a member leaves (asked first) and the
// dashboard says so; an owner's Remove asks in place, Escape puts the question away and gives the
// focus back to Remove, and the question's own button removes the member, who is mailed.
// (Without JavaScript the same posts are tested in src/server/modules/employer/team-pages.test.ts.)
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { journeys } from '../playwright.config.ts';
import { paths } from '../src/web/lib/paths.ts';
import { mailsTo } from './support/outbox.ts';
import { waitForHydration } from './support/pages.ts';

const outbox = path.join(journeys.dataDir, 'outbox');
const PASSWORD = 'correct horse battery staple 42';

function verifyLink(email: string): string {
  const [mail] = mailsTo(outbox, email);
  return mail?.match(/https?:\/\/[^\s"<>]+/g)?.find((l) => l.includes('verify')) ?? '';
}

async function signUpAndIn(page: Page, name: string, email: string) {
  await page.goto('/signup');
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /sign up|create/i }).click();
  // The mail is written just after the answer, which a loaded machine (CI) takes a while to give.
  await expect(page.getByRole('status').or(page.getByRole('alert')).first()).toBeVisible({
    timeout: 20_000,
  });
  await expect.poll(() => verifyLink(email), { timeout: 20_000 }).toContain('verify');
  await page.goto(verifyLink(email));
  await page.goto(`/login?next=${encodeURIComponent(paths.employer)}`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page).toHaveURL(/\/employer/);
}

/** `page`'s account asks to join `company` from the dashboard; the owner's page accepts it. */
async function join(page: Page, owner: Page, company: string, name: string) {
  await page.goto(`${paths.employer}?join=${encodeURIComponent(company)}`);
  await page.getByRole('button', { name: `Ask to join ${company}` }).click();
  await owner.goto(paths.employerCompany);
  await waitForHydration(owner);
  await owner.getByRole('button', { name: `Accept ${name}` }).click();
  await expect(owner.getByText(`${name} (`)).toBeVisible();
}

test('a member leaves, asked first; an owner removes a member, asked first, and Escape keeps them', async ({
  page,
  browser,
}) => {
  const domain = `e2e-team-${Date.now()}.example`;
  const company = `Team Labs ${Date.now()}`;
  await signUpAndIn(page, 'Olga Owner', `olga@${domain}`);
  await page.getByLabel('Company name', { exact: true }).fill(company);
  await page.getByLabel('Website').fill(`https://${domain}`);
  await page.getByLabel('Location').fill('Pune, India');
  await page.getByLabel('Overview').fill('We make sure a team can change as people come and go.');
  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(page).toHaveURL(/\/employer\/company/);

  const context = await browser.newContext();
  const them = await context.newPage();
  const member = `max@${domain}`;
  await signUpAndIn(them, 'Max Member', member);
  await join(them, page, company, 'Max Member');

  // The member leaves: asked first, then the dashboard says so.
  await them.goto(paths.employerCompany);
  await waitForHydration(them);
  await them.getByRole('button', { name: 'Leave this company' }).click();
  const leave = them.getByRole('group', { name: new RegExp(`^Leave ${company}\\?`) });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: `Leave ${company}` }).click();
  await expect(them).toHaveURL(/\/employer\?done=left&item=\d+$/);
  await expect(them.getByRole('status').filter({ hasText: `You left ${company}.` })).toBeVisible();

  // Back in, then removed by the owner: the first press asks, Escape keeps them.
  await join(them, page, company, 'Max Member');
  const remove = page
    .getByRole('listitem')
    .filter({ hasText: `Max Member (${member})` })
    .getByRole('button', { name: 'Remove Max Member' })
    .first();
  await remove.click();
  const question = page.getByRole('group', { name: /^Remove Max Member/ });
  await expect(question).toBeVisible();
  await expect(question.getByText(/They can no longer post or manage its jobs/)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(remove).toBeFocused();
  await expect(page.getByText(`Max Member (${member}) · member`)).toBeVisible();

  await remove.click();
  await question.getByRole('button', { name: 'Remove Max Member' }).click();
  await expect(
    page.getByRole('status').filter({
      hasText: `Max Member is no longer a member of ${company}; we told them by e-mail.`,
    }),
  ).toBeVisible();
  await expect(page.getByText(`Max Member (${member})`)).toHaveCount(0);
  await expect
    .poll(() => mailsTo(outbox, member).some((m) => m.includes('You no longer have access')))
    .toBe(true);
  await context.close();
});
