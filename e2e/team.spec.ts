// A company's team in the browser, with JavaScript: an owner beside another steps down to member
// (asked first); a member leaves (asked first) and the dashboard says so; an owner's Remove asks in place, Escape puts the question away and gives the
// focus back to Remove, and the question's own button removes the member, who is mailed.
// (Without JavaScript the same posts are tested in src/server/modules/employer/team-pages.test.ts.)
// Everyone is a demo account (signed in, never signed up: sign-up mails are limited per client,
// and a full run's journeys have sent many); the members join through the owner's invitation.
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { journeys } from '../playwright.config.ts';
import { demoEmail } from '../src/server/db/seed/demo-accounts.ts';
import { paths } from '../src/web/lib/paths.ts';
import { activeJobs, companyOf } from './demo-jobs.ts';
import { mailsTo } from './support/outbox.ts';
import { signIn, waitForHydration } from './support/pages.ts';

const outbox = path.join(journeys.dataDir, 'outbox');
const companies = [...new Set(activeJobs.map((j) => j.companyId))];

/**
 * The demo owner of the company at `index` (its account's name is '<company> hiring'). Indices
 * 44–64 are no other journey's (operators, city-requests, employer-api and job-sources use 0–21
 * and the last), three per run of this test, so --repeat-each never invites one address to one
 * company twice within the few minutes between two invitations.
 */
function demoOwner(index: number) {
  const company = companyOf(activeJobs.find((j) => j.companyId === companies[index])!);
  return {
    email: demoEmail(company.companyWebsite ?? null, company.id),
    name: `${company.companyName} hiring`,
    company: company.companyName,
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The newest invitation link mailed to `email`, once more of them than `before` were sent. */
async function invitationTo(email: string, before: number): Promise<string> {
  const links = () =>
    mailsTo(outbox, email).flatMap(
      (mail) => /https?:\/\/[^\s"<>]+(\/invitations\/[A-Za-z0-9_-]+)/.exec(mail)?.[1] ?? [],
    );
  await expect.poll(() => links().length, { timeout: 10_000 }).toBeGreaterThan(before);
  return links()[0]!;
}

/** The owner invites `email` from the team page; `them` (signed in as it) accepts. */
async function inviteAndAccept(owner: Page, them: Page, email: string, company: string) {
  const before = mailsTo(outbox, email).length;
  await owner.goto(paths.employerCompany);
  await waitForHydration(owner);
  await owner.getByLabel('E-mail').fill(email);
  await owner.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Invitation sent' })).toBeVisible();
  await them.goto(await invitationTo(email, before));
  await expect(them.getByRole('heading', { name: `Join ${company} on Openings` })).toBeVisible();
  await them.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(them).toHaveURL(/\/employer\?company=\d+&done=joined&item=\d+$/);
  return new URL(them.url()).searchParams.get('company')!;
}

test('an owner steps down and a member leaves, each asked first; an owner removes a member, asked first, and Escape keeps them', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const first = 44 + 3 * (test.info().repeatEachIndex % 7);
  const owner = demoOwner(first);
  const leaver = demoOwner(first + 1);
  const removed = demoOwner(first + 2);
  const { company } = owner;
  await signIn(page, owner.email);

  // A member (the demo owner of another company) joins, then leaves: asked first, and the
  // dashboard says so.
  const context = await browser.newContext();
  const them = await context.newPage();
  await signIn(them, leaver.email);
  const companyId = await inviteAndAccept(page, them, leaver.email, company);
  // Made an owner, they step down themselves: asked first, Escape keeps them an owner.
  await page.goto(paths.employerCompany);
  await waitForHydration(page);
  await page.getByRole('button', { name: `Make owner ${leaver.name}` }).click();
  await expect(page.getByText(`${leaver.name} (${leaver.email}) · owner`)).toBeVisible();
  await them.goto(`${paths.employerCompany}?company=${companyId}`);
  await waitForHydration(them);
  const stepDown = them.getByRole('button', { name: 'Make me a member' });
  await stepDown.click();
  const step = them.getByRole('group', { name: /^Make yourself a member of / });
  await expect(step).toBeVisible();
  await them.keyboard.press('Escape');
  await expect(step).toHaveCount(0);
  await expect(stepDown).toBeFocused();
  await stepDown.click();
  await step.getByRole('button', { name: 'Make me a member' }).click();
  await expect(
    them
      .getByRole('status')
      .filter({ hasText: `You are now a member of ${company}, no longer an owner.` }),
  ).toBeVisible();
  await expect(them.getByText(`${leaver.name} (${leaver.email}) · member`)).toBeVisible();
  await them.getByRole('button', { name: 'Leave this company' }).click();
  const leave = them.getByRole('group', { name: new RegExp(`^Leave ${escapeRegExp(company)}\\?`) });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: `Leave ${company}` }).click();
  await expect(them).toHaveURL(/\/employer\?done=left&item=\d+$/);
  await expect(them.getByRole('status').filter({ hasText: `You left ${company}.` })).toBeVisible();
  await context.close();

  // Another member joins; the owner's first press of Remove asks, and Escape keeps them.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, removed.email);
  await inviteAndAccept(page, other, removed.email, company);
  await otherContext.close();
  await page.goto(paths.employerCompany);
  await waitForHydration(page);
  const mailsBefore = mailsTo(outbox, removed.email).length;
  const entry = `${removed.name} (${removed.email})`;
  const remove = page
    .getByRole('listitem')
    .filter({ hasText: entry })
    .getByRole('button', { name: `Remove ${removed.name}` })
    .first();
  await remove.click();
  const question = page.getByRole('group', { name: new RegExp(`^Remove ${escapeRegExp(entry)}`) });
  await expect(question).toBeVisible();
  await expect(question.getByText(/They can no longer post or manage its jobs/)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(remove).toBeFocused();
  await expect(page.getByText(`${entry} · member`)).toBeVisible();

  // The question's own button removes them, and they are mailed.
  await remove.click();
  await question.getByRole('button', { name: `Remove ${removed.name}` }).click();
  await expect(
    page.getByRole('status').filter({
      hasText: `${removed.name} is no longer a member of ${company}; we told them by e-mail.`,
    }),
  ).toBeVisible();
  await expect(page.getByText(entry)).toHaveCount(0);
  await expect
    .poll(() =>
      mailsTo(outbox, removed.email)
        .slice(0, mailsTo(outbox, removed.email).length - mailsBefore)
        .some((m) => m.includes(`You are no longer a member of ${company} on Openings`)),
    )
    .toBe(true);
});
