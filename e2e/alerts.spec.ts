// The alert pages in Chromium with JavaScript: the "Get these jobs by e-mail" form of a search
// (/alerts/new), and the confirm, manage and unsubscribe pages its mails link to.
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { DEMO_PASSWORD, demoEmail } from '../src/server/db/seed/demo-accounts.ts';
import { ALERT_WITHOUT_WORDS } from '../src/shared/seeker-services.ts';
import { paths } from '../src/web/lib/paths.ts';
import { activeJobs, companyOf } from './demo-jobs.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { linkFromOutbox } from './support/outbox.ts';
import { waitForHydration } from './support/pages.ts';

// The server's data directory (playwright.config.ts); without SMTP_URL mail lands in outbox/.
const outbox = path.join(tmpdir(), `openings-e2e-${new URL(baseURL).port}`, 'outbox');

/** Asks for an alert on a search by keyboard; answers the mailed confirmation link. */
async function subscribe(page: Page, email: string, search = 'q=engineer'): Promise<URL> {
  await page.goto(`${paths.alertNew}?${search}`);
  await waitForHydration(page);
  await page.getByLabel('Your e-mail address').fill(email);
  await page.keyboard.press('Enter');
  // The form, and the button the keyboard was on, are gone: the outcome takes the focus.
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeFocused();
  const link = await linkFromOutbox(outbox, email, paths.alertConfirm);
  await page.goto(`${link.pathname}${link.search}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start my alert' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Your alert is on' })).toBeFocused();
  return link;
}

test('a refused address keeps the focus in its box, with the reason', async ({ page }) => {
  await page.goto(`${paths.alertNew}?q=engineer&workMode=remote`);
  await waitForHydration(page);
  await expect(page.getByText('Remote jobs matching “engineer”')).toBeVisible();
  const box = page.getByLabel('Your e-mail address');
  await box.fill('name@');
  await page.getByRole('button', { name: 'Send me a confirmation link' }).click();
  await expect(page.getByText('Enter an e-mail address like name@example.com.')).toBeVisible();
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('name@');
  await expectNoAxeViolations(page);
});

test('a keyword with no Latin word is refused, saying why, with what was typed kept', async ({
  page,
}) => {
  await page.goto(`${paths.alertNew}?q=${encodeURIComponent('नौकरी')}`);
  await waitForHydration(page);
  // Said before an address is typed, and again, focused, when the post is refused.
  await expect(page.getByText(ALERT_WITHOUT_WORDS)).toBeVisible();
  const box = page.getByLabel('Your e-mail address');
  await box.fill('words@example.com');
  await page.getByLabel('Weekly').check();
  await page.getByRole('button', { name: 'Send me a confirmation link' }).press('Enter');
  await expect(page.getByRole('alert')).toHaveText(ALERT_WITHOUT_WORDS);
  await expect(page.getByRole('alert')).toBeFocused();
  await expect(box).toHaveValue('words@example.com');
  await expect(page.getByLabel('Weekly')).toBeChecked();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('subscribe, confirm and unsubscribe each put the focus on what happened', async ({ page }) => {
  const email = `alert-focus-${Date.now()}@example.com`;
  const link = await subscribe(page, email);
  await page.goto(`${paths.alertUnsubscribe}${link.search}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Unsubscribe' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeFocused();
});

test('one alert’s unsubscribe stops that alert only, and its dead links say what to do', async ({
  page,
}) => {
  const email = `alert-two-${Date.now()}@example.com`;
  const first = await subscribe(page, email, 'q=engineer');
  const second = await subscribe(page, email, 'q=designer');
  await page.goto(`${paths.alertUnsubscribe}${second.search}`);
  await waitForHydration(page);
  await expect(page.getByText('The address has 1 other alert, which goes on')).toBeVisible();
  await expect(page.getByRole('button', { name: `Stop all e-mails to ${email}` })).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe', exact: true }).press('Enter');
  await expect(
    page.getByRole('heading', { name: 'You are unsubscribed from this alert' }),
  ).toBeFocused();
  await expect(page.getByText(`${email} still has 1 other alert, which goes on.`)).toBeVisible();
  // The other alert goes on, and is now the address's last.
  await page.goto(`${paths.alertManage}${first.search}`);
  await expect(page.getByRole('button', { name: 'Delete the alert and my address' })).toBeVisible();
  // The deleted alert's manage link: its own page, not "can't find that page".
  await page.goto(`${paths.alertManage}${second.search}`);
  await expect(
    page.getByRole('heading', { name: 'This link is not valid or has expired' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test('deleting an alert from its manage page puts the focus on the outcome', async ({ page }) => {
  const email = `alert-delete-${Date.now()}@example.com`;
  await subscribe(page, email);
  await page.getByRole('link', { name: 'Manage this alert' }).click();
  await page.getByRole('button', { name: 'Pause the alert' }).press('Enter');
  await expect(page.getByRole('status')).toHaveText('Paused: no e-mails until you resume.');
  // Still on the button, which now resumes.
  await expect(page.getByRole('button', { name: 'Resume the alert' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Delete the alert and my address' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeFocused();
});

test('without JavaScript an alert is confirmed from its mail and paused on its manage page', async ({
  browser,
}) => {
  // Also what anyone gets who clicks before the page's scripts load. The token pages keep their
  // Referrer-Policy from sending the token away; it must still let the forms' Origin through.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = `alert-nojs-${Date.now()}@example.com`;
  await page.goto(`${paths.alertNew}?q=engineer`);
  await page.getByLabel('Your e-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a confirmation link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const link = await linkFromOutbox(outbox, email, paths.alertConfirm);
  const confirmPage = await page.goto(`${link.pathname}${link.search}`);
  expect(confirmPage?.headers()['referrer-policy']).toBe('same-origin');
  await page.getByRole('button', { name: 'Start my alert' }).click();
  await expect(page.getByRole('heading', { name: 'Your alert is on' })).toBeVisible();
  await page.getByRole('link', { name: 'Manage this alert' }).click();
  await page.getByRole('button', { name: 'Pause the alert' }).click();
  await expect(page.getByRole('status')).toHaveText('Paused: no e-mails until you resume.');
  await page.getByRole('button', { name: 'Delete the alert and my address' }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await context.close();
});

test('a broken unsubscribe link says so and never that you are unsubscribed', async ({ page }) => {
  await page.goto(`${paths.alertUnsubscribe}?token=xyz`);
  await expect(
    page.getByRole('heading', { name: 'This unsubscribe link is not valid' }),
  ).toBeVisible();
  await expect(page.getByText('You are unsubscribed')).toHaveCount(0);
});

test('an alert page with a filter it cannot follow says which, and makes no alert', async ({
  page,
}) => {
  await page.goto(`${paths.alertNew}?q=engineer&role=abc`);
  await expect(page.getByRole('heading', { name: 'We cannot follow this search' })).toBeVisible();
  await expect(page.getByText(/^Role: /)).toBeVisible();
  await expect(page.getByLabel('Your e-mail address')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to the jobs' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('signed in, an alert’s frequency and pause change on Account by keyboard, said in its row', async ({
  page,
}) => {
  // A demo company's account (verified) no other test signs in with; its alerts go by its address.
  const companies = [...new Set(activeJobs.map((j) => j.companyId))];
  const company = companyOf(activeJobs.find((j) => j.companyId === companies[32])!);
  const email = demoEmail(company.companyWebsite ?? null, company.id);
  await subscribe(page, email, 'q=accountant');
  await page.goto(paths.login);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(paths.account);
  await waitForHydration(page);

  const often = page.getByRole('group', { name: /^How often for .*accountant/ });
  await often.getByRole('radio', { name: 'Daily' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(often.getByRole('radio', { name: 'Weekly' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(
    page.getByRole('button', { name: /^Save how often for the alert .*accountant/ }),
  ).toBeFocused();
  await page.keyboard.press('Enter');
  const saved = page
    .getByRole('status')
    .filter({ hasText: /^Saved: ‘Jobs matching “accountant”’ e-mails you weekly\.$/ });
  await expect(saved).toBeVisible();
  await expect(saved).toBeFocused();

  await page.getByRole('button', { name: /^Pause the alert .*accountant/ }).press('Enter');
  const paused = page
    .getByRole('status')
    .filter({ hasText: /^Paused: ‘Jobs matching “accountant”’ sends no e-mails/ });
  await expect(paused).toBeVisible();
  await expect(paused).toBeFocused();
  await expect(page.getByRole('button', { name: /^Resume the alert .*accountant/ })).toBeVisible();
  await expectNoAxeViolations(page);
  // Deleted again, so the account is as it was.
  await page.getByRole('button', { name: /^Delete the alert .*accountant/ }).press('Enter');
  await expect(often).toHaveCount(0);
  const deleted = page
    .getByRole('status')
    .filter({ hasText: /^Deleted: ‘Jobs matching “accountant”’ sends no more e-mails\.$/ });
  await expect(deleted).toBeFocused();
});
