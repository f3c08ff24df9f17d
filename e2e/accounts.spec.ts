// The account journey in Chromium, narrow and wide: sign up, confirm by the link in the outbox
// file, sign in, the header's account menu, the account page, sign out; axe on every page; the
// forms by keyboard and without JavaScript.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { journeys } from '../playwright.config.ts';
import { paths } from '../src/web/lib/paths.ts';
import { linkFromOutbox } from './support/outbox.ts';
import { collectConsoleErrors, waitForHydration } from './support/pages.ts';
import { expectNoAxeViolations } from './support/axe.ts';

// The journeys' server keeps its data here; without SMTP_URL mail lands in outbox/.
const outbox = path.join(journeys.dataDir, 'outbox');
const PASSWORD = 'orchard lantern 4096';

for (const width of [360, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('sign up, confirm by the mailed link, sign in, see the account menu, sign out', async ({
      page,
    }) => {
      // Three password hashes and five axe runs: slow on a busy machine.
      test.setTimeout(90_000);
      const errors = collectConsoleErrors(page);
      const email = `journey-${width}-${Date.now()}@example.com`;

      await page.goto(paths.signup);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
      await page.getByLabel('Your name').fill('Journey Tester');
      await page.getByLabel('E-mail address').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      // The form, and its button, are gone: the outcome takes the focus.
      await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeFocused();
      await expectNoAxeViolations(page);

      const link = await linkFromOutbox(outbox, email, paths.verifyEmail);
      await page.goto(link.pathname + link.search);
      await expect(page.getByRole('heading', { name: 'Address confirmed' })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
      await expect(page.getByText('Your e-mail address is confirmed')).toBeVisible();
      await expect(
        page.getByText('One account serves both job seekers and employers'),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByLabel('E-mail address').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname !== paths.login);

      await page.goto(paths.account);
      await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
      await expect(page.getByText(email)).toBeVisible();
      await expectNoAxeViolations(page);
      // A refused change puts the focus back in the box, with what was typed.
      const newEmail = page.getByLabel('New e-mail address');
      await newEmail.fill('not-an-address');
      await page.getByRole('button', { name: 'Change e-mail address' }).press('Enter');
      await expect(newEmail).toHaveAttribute('aria-invalid', 'true');
      await expect(newEmail).toBeFocused();
      await expect(newEmail).toHaveValue('not-an-address');
      // A wrong current password empties that box only: the new one typed is kept.
      const current = page.getByLabel('Current password');
      const chosen = page.getByLabel('New password');
      await current.fill('not my password 1');
      await chosen.fill('a new orchard lantern 8192');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(current).toHaveAttribute('aria-invalid', 'true');
      await expect(current).toBeFocused();
      await expect(current).toHaveValue('');
      await expect(chosen).toHaveValue('a new orchard lantern 8192');

      const banner = page.getByRole('banner');
      if (width < 1024) await banner.getByRole('button', { name: 'Menu' }).click();
      // A job seeker's own place is their saved jobs (a company's member gets Dashboard).
      await expect(banner.getByRole('link', { name: 'Saved jobs' }).first()).toBeVisible();
      await expect(banner.getByRole('link', { name: 'Account' }).first()).toBeVisible();
      await expect(banner.getByRole('link', { name: 'Sign up' })).toHaveCount(0);
      await banner.getByRole('button', { name: 'Sign out' }).first().click();
      await page.waitForURL((url) => url.pathname === paths.home);
      await waitForHydration(page);
      if (width < 1024) await banner.getByRole('button', { name: 'Menu' }).click();
      await expect(banner.getByRole('link', { name: 'Sign up' }).first()).toBeVisible();

      await page.goto(paths.account);
      await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);

      // The header's Sign in leads back to the page it was on (its query as the server drew it).
      await page.goto(`${paths.about}?z=1&a=2`);
      await waitForHydration(page);
      if (width < 1024) await banner.getByRole('button', { name: 'Menu' }).click();
      await banner.getByRole('link', { name: 'Sign in' }).first().click();
      await expect(page).toHaveURL(/\/login\?next=%2Fabout%3Fa%3D2%26z%3D1$/);
      await page.getByLabel('E-mail address').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === paths.about);
      expect(new URL(page.url()).search).toBe('?a=2&z=1');
      // The refused changes (address, password) answer 400 by design; the browser logs that status.
      expect(errors.filter((e) => !/account\.data: .* status of 400/.test(e))).toEqual([]);
    });
  });
}

test('the sign-in form by keyboard: errors sit next to their fields, the e-mail is kept', async ({
  page,
}) => {
  await page.goto(paths.login);
  await waitForHydration(page);
  const email = page.getByLabel('E-mail address');
  await email.focus();
  await page.keyboard.type('not-an-address');
  await page.keyboard.press('Tab');
  await page.keyboard.type('some password here');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Enter an e-mail address like name@example.com.')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAttribute('aria-describedby', 'field-email-error');
  // The button is disabled while posting; the focus comes back to the box to correct.
  await expect(email).toBeFocused();
  await expect(email).toHaveValue('not-an-address');
  await expect(page.getByLabel('Password')).toHaveValue('');
  await expectNoAxeViolations(page);
});

test('a sign-up the server refuses puts the focus on the field to correct', async ({ page }) => {
  await page.goto(paths.signup);
  await waitForHydration(page);
  await page.getByLabel('Your name').fill('Focus Tester');
  await page.getByLabel('E-mail address').fill(`focus-${Date.now()}@example.com`);
  // Long enough for the browser, refused by the server: a common password.
  await page.getByLabel('Password').fill('password123');
  await page.getByRole('button', { name: 'Create account' }).click();
  const password = page.getByLabel('Password');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toBeFocused();
  await expect(page.getByLabel('Your name')).toHaveValue('Focus Tester');
});

test('a sign-up refused for its name keeps the password typed', async ({ page }) => {
  await page.goto(paths.signup);
  await waitForHydration(page);
  const name = page.getByLabel('Your name');
  await name.fill('N'.repeat(120));
  await page.getByLabel('E-mail address').fill(`long-name-${Date.now()}@example.com`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();
  await expect(page.getByLabel('Password')).toHaveValue(PASSWORD);
});

test('a sign-up posted before the scripts ran: the answer puts the focus on the field', async ({
  page,
}) => {
  // The page's scripts are held, so the post is the browser's own (a slow first visit); the
  // answer is a new page, whose scripts then run with the refusal already on it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.js', async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  await page.goto(paths.signup, { waitUntil: 'commit' });
  await page.getByLabel('Your name').fill('Early Tester');
  await page.getByLabel('E-mail address').fill(`early-${Date.now()}@example.com`);
  await page.getByLabel('Password').fill('password123');
  const answered = page.waitForResponse((r) => r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Create account' }).click();
  expect((await answered).status()).toBe(400);
  release();
  await waitForHydration(page);
  const password = page.getByLabel('Password');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toBeFocused();
});

test('a refusal about the whole form, and a form done, take the focus', async ({ page }) => {
  await page.goto(paths.login);
  await waitForHydration(page);
  await page.getByLabel('E-mail address').fill('nobody@example.com');
  await page.getByLabel('Password').fill('wrong password 1');
  await page.getByLabel('Password').press('Enter');
  const refusal = page.getByRole('alert').filter({ hasText: 'password is wrong' });
  await expect(refusal).toBeFocused();
  await expect(page.getByLabel('E-mail address')).toHaveValue('nobody@example.com');

  await page.goto(paths.forgotPassword);
  await waitForHydration(page);
  await page.getByLabel('E-mail address').fill('nobody@example.com');
  await page.getByLabel('E-mail address').press('Enter');
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeFocused();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a wrong password answers next to the form and keeps the address', async ({ page }) => {
    await page.goto(paths.login);
    await page.getByLabel('E-mail address').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong password 1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is wrong.');
    await expect(page.getByLabel('E-mail address')).toHaveValue('nobody@example.com');
    await expect(page.getByLabel('Password')).toHaveValue('');
  });

  test('forgot password answers the same for any address', async ({ page }) => {
    await page.goto(paths.forgotPassword);
    await page.getByLabel('E-mail address').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  });
});

test.describe('the other account pages have no axe violations', () => {
  for (const width of [360, 1280]) {
    for (const target of [
      paths.forgotPassword,
      `${paths.resetPassword}?token=abc`,
      paths.resetPassword,
      `${paths.verifyEmail}?token=not-a-token`,
    ]) {
      test(`${target} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(target);
        await waitForHydration(page);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }
  }
});
