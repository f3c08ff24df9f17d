// The employer journey in Chromium: sign up and verify by the outbox link, create a company with
// a logo, post a job with all eight lists, see it live, edit it, close it (its page answers the
// inactive page), repost it, invite a member; axe on every employer page, at 1280 and 360 px.
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { journeys } from '../playwright.config.ts';
import sharp from 'sharp';
import { JOB_LIST_FIELDS, JOB_LIST_LABELS } from '../src/shared/contract/employer-jobs.ts';
import { paths } from '../src/web/lib/paths.ts';
import { DEMO_PASSWORD, demoEmail } from '../src/server/db/seed/demo-accounts.ts';
import { activeJobs, companyOf } from './demo-jobs.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { mailsTo } from './support/outbox.ts';
import { chooseSoftwareInBengaluru, waitForHydration } from './support/pages.ts';

const outbox = path.join(journeys.dataDir, 'outbox');

/** The newest message to the address, decoded from quoted-printable, as text. */
function lastMailTo(address: string): string {
  const [mail] = mailsTo(outbox, address);
  if (!mail) throw new Error(`no mail to ${address} in ${outbox}`);
  return mail;
}

function linkIn(mail: string, part: string): string {
  const link = mail.match(/https?:\/\/[^\s"<>]+/g)?.find((l) => l.includes(part));
  if (!link) throw new Error(`no ${part} link in the mail`);
  return link;
}

async function axe(page: Page) {
  await waitForHydration(page);
  await expectNoAxeViolations(page);
}

/** Chooses a file in the company page's logo field and sends it. */
async function uploadLogo(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel('Upload a logo').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload logo' }).click();
}

async function signUpAndIn(page: Page, email: string) {
  const password = 'correct horse battery staple 42';
  await page.goto('/signup');
  await page.getByLabel('Your name').fill('Asha Employer');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /sign up|create/i }).click();
  await expect(page.getByRole('status').or(page.getByRole('alert')).first()).toBeVisible();
  // The mail is written just after the answer.
  await expect
    .poll(() => {
      try {
        return linkIn(lastMailTo(email), 'verify');
      } catch {
        return '';
      }
    })
    .toContain('verify');
  await page.goto(linkIn(lastMailTo(email), 'verify'));
  await page.goto(`/login?next=${encodeURIComponent(paths.employer)}`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page).toHaveURL(/\/employer/);
}

/** A verified company (its website is on the signed-in account's domain). */
async function createCompany(page: Page, name: string, domain: string) {
  await page.getByLabel('Company name', { exact: true }).fill(name);
  await page.getByLabel('Website').fill(`https://${domain}`);
  await page.getByLabel('Location').fill('Pune, India');
  await page.getByLabel('Overview').fill('We make sure what an employer types is kept.');
  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(page).toHaveURL(/\/employer\/company/);
}

const VIEWS = [
  { name: 'wide', width: 1280 },
  { name: 'narrow', width: 360 },
] as const;

for (const view of VIEWS) {
  test.describe(`${view.name} (${view.width} px)`, () => {
    test.use({ viewport: { width: view.width, height: 900 } });

    test('an employer posts, edits, closes and reposts a job, and invites a member', async ({
      page,
    }) => {
      // The whole journey, on a machine that may be busy.
      test.setTimeout(300_000);
      const domain = `e2e-${view.name}-${Date.now()}.example`;
      await signUpAndIn(page, `owner@${domain}`);
      await axe(page);

      // A company on the verified e-mail's domain is verified: its jobs go live at once.
      await page.getByLabel('Company name', { exact: true }).fill(`Pine Labs ${view.name}`);
      await page.getByLabel('Website').fill(`https://${domain}`);
      await page.getByLabel('Location').fill('Bengaluru, India');
      await page.getByLabel('Overview').fill('We build payment terminals used across India.');
      await page.getByRole('button', { name: 'Create company' }).click();
      await expect(page).toHaveURL(/\/employer\/company/);
      await expect(page.getByText('verified', { exact: false }).first()).toBeVisible();

      const png = await sharp({
        create: { width: 600, height: 400, channels: 3, background: { r: 20, g: 90, b: 160 } },
      })
        .png()
        .toBuffer();
      await uploadLogo(page, { name: 'logo.png', mimeType: 'image/png', buffer: png });
      await expect(page.getByRole('status').filter({ hasText: 'Logo saved.' })).toBeVisible();
      await expect(page.locator('img[src^="/logos/u/"]')).toBeVisible();
      // An SVG is refused, with a message next to the field.
      await uploadLogo(page, {
        name: 'logo.svg',
        mimeType: 'image/svg+xml',
        buffer: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
      });
      await expect(page.locator('#field-logo-error')).toContainText('SVG');
      await axe(page);

      // The job form: every field, the eight lists.
      await page.goto(paths.employerJobNew);
      await waitForHydration(page);
      const title = `Payments Engineer ${view.name} ${Date.now()}`;
      await page.getByLabel('Title').fill(title);
      await chooseSoftwareInBengaluru(page);
      await page.getByLabel('Job type').selectOption({ index: 1 });
      await page.getByLabel('Experience level').selectOption({ label: '2 year' });
      await page.getByLabel('Work mode').selectOption({ label: 'Hybrid' });
      await page.getByLabel('Number of openings').fill('2');
      await page.getByLabel('Salary from').fill('80000');
      await page.getByLabel('Salary to').fill('120000');
      await page.getByLabel('Salary type').selectOption({ index: 1 });
      await page.getByLabel('Apply link').fill(`https://${domain}/careers/payments`);
      await page
        .getByLabel('Description')
        .fill('Build the services that move money between our terminals and the banks.');
      // Keyboard only: Enter on "Add" puts the focus in the new item, typing fills it.
      await page.getByRole('button', { name: 'Add to responsibilities' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByLabel('Responsibilities, item 1')).toBeFocused();
      await page.keyboard.type('Typed with the keyboard');
      // Moving a single item is not possible (its buttons are disabled), so Tab reaches Remove.
      await page.getByLabel('Responsibilities, item 1').press('Tab');
      await expect(
        page.getByRole('button', { name: 'Remove Responsibilities item 1' }),
      ).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByLabel('Responsibilities, item 1')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Add to responsibilities' })).toBeFocused();
      for (const field of JOB_LIST_FIELDS) {
        const label = JOB_LIST_LABELS[field];
        await page.getByRole('button', { name: `Add to ${label.toLowerCase()}` }).click();
        await page.getByLabel(`${label}, item 1`).fill(`First ${label.toLowerCase()}`);
        await page.getByRole('button', { name: `Add to ${label.toLowerCase()}` }).click();
        await page.getByLabel(`${label}, item 2`).fill(`Second ${label.toLowerCase()}`);
      }
      // Reorder: the second skill moves up.
      await page.getByRole('button', { name: 'Move Skills item 2 up' }).click();
      await expect(page.getByLabel('Skills, item 1')).toHaveValue('Second skills');
      await axe(page);
      // The first autosave makes the draft (a submission that crosses it is tested below).
      await expect(page.getByText('Draft saved.')).toBeVisible();
      await page.getByRole('button', { name: 'Submit job' }).click();
      await expect(page).toHaveURL(/\/employer\?done=live/);
      await expect(page.getByRole('status').filter({ hasText: 'Your job is live.' })).toBeVisible();
      await axe(page);

      // Live at once: its public page shows it, with the lists in their order.
      await page.getByRole('link', { name: title, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
      await expect(page.getByText('Second skills')).toBeVisible();

      // Edit: the change is public at once.
      await page.goto(paths.employer);
      await page.getByRole('link', { name: `Edit: ${title}` }).click();
      await waitForHydration(page);
      await page.getByLabel('Title').fill(`${title} (senior)`);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page).toHaveURL(/\/employer\?done=live/);
      await page.getByRole('link', { name: `Preview: ${title} (senior)` }).click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(`${title} (senior)`);
      await axe(page);

      // Close: its public page answers the inactive page.
      await page.goto(paths.employer);
      const publicHref = await page
        .getByRole('link', { name: `${title} (senior)`, exact: true })
        .getAttribute('href');
      // Close asks first: Escape or Keep it open leaves the job live, back on the Close button
      // that asked; only the question's button closes.
      await waitForHydration(page);
      const close = page.getByRole('button', { name: `Close: ${title} (senior)` });
      await close.click();
      const question = page.getByText(`Close “${title} (senior)”? It leaves the board at once`);
      await expect(question).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(question).toHaveCount(0);
      await expect(close).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(question).toBeFocused();
      // Escape from the question's own buttons too.
      await page.keyboard.press('Tab');
      await expect(
        page.getByRole('button', { name: `Close the job: ${title} (senior)` }),
      ).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(question).toHaveCount(0);
      await expect(close).toBeFocused();
      await close.click();
      await page.getByRole('link', { name: `Keep it open: ${title} (senior)` }).click();
      await expect(question).toHaveCount(0);
      await expect(close).toBeFocused();
      expect((await page.request.get(publicHref!)).status()).toBe(200);
      await close.click();
      await page.getByRole('button', { name: `Close the job: ${title} (senior)` }).click();
      // The button pressed went with the question: the focus is on what was done, at an address
      // of its own (a reload shows the page again, it does not close again).
      await expect(page.getByRole('status').filter({ hasText: 'Job closed.' })).toBeFocused();
      await expect(page).toHaveURL(/\/employer\?done=closed&item=\d+$/);
      await page.goto(publicHref!);
      await expect(page).toHaveURL(new RegExp(paths.notActiveJob));

      // Repost: a new posting that keeps its history.
      await page.goto(paths.employerFiltered('closed'));
      await page.getByRole('button', { name: `Repost: ${title} (senior)` }).click();
      await expect(page).toHaveURL(/\/employer\/jobs\/new\?draft=\d+/);
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Submit job' }).click();
      await expect(page).toHaveURL(/\/employer\?done=live/);
      await expect(page.getByText(/Reposted 1 time since/)).toBeVisible();

      // Invite a second member.
      await page.goto(paths.employerCompany);
      await page.getByLabel('E-mail').fill(`colleague@${domain}`);
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Invitation sent' })).toBeVisible();
      await expect
        .poll(() => {
          try {
            return linkIn(lastMailTo(`colleague@${domain}`), '/invitations/');
          } catch {
            return '';
          }
        })
        .toContain('/invitations/');
    });
  });
}

test('an invitee without an account signs up, confirms the address and joins the company', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const domain = `e2e-invite-${Date.now()}.example`;
  const invitee = `new.hire@${domain}`;
  await signUpAndIn(page, `owner@${domain}`);
  await createCompany(page, 'Invite Labs', domain);
  await page.goto(paths.employerCompany);
  await waitForHydration(page);
  await page.getByLabel('E-mail').fill(invitee);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  // Sent: the box is empty (Enter again would void the link just mailed), the answer has the focus.
  await expect(page.getByRole('status').filter({ hasText: 'Invitation sent' })).toBeFocused();
  await expect(page.getByLabel('E-mail')).toHaveValue('');
  const invitation = new URL(linkIn(lastMailTo(invitee), '/invitations/'));

  // The invitee, in a browser of their own, follows the link with no account yet.
  const context = await browser.newContext();
  const them = await context.newPage();
  await them.goto(invitation.pathname);
  await expect(them).toHaveURL(/\/login\?next=/);
  await expect(them.getByText('Sign in or create an account to join Invite Labs.')).toBeVisible();
  await them.getByRole('link', { name: 'Create an account' }).click();
  await expect(them).toHaveURL(/\/signup\?next=/);
  await expect(them.getByText('Sign in or create an account to join Invite Labs.')).toBeVisible();
  await expect(them.getByLabel('E-mail address')).toHaveValue(invitee);
  await waitForHydration(them);
  const password = 'correct horse battery staple 42';
  await them.getByLabel('Your name').fill('New Hire');
  await them.getByLabel('E-mail address').fill(invitee);
  await them.getByLabel('Password', { exact: true }).fill(password);
  await them.getByRole('button', { name: 'Create account' }).click();
  await expect(them.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect.poll(() => mailsTo(outbox, invitee).length).toBe(2);
  await them.goto(linkIn(lastMailTo(invitee), '/verify-email'));
  await expect(them.getByRole('heading', { name: 'Address confirmed' })).toBeVisible();
  await them.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await them.getByLabel('E-mail address').fill(invitee);
  await them.getByLabel('Password', { exact: true }).fill(password);
  await them.getByRole('button', { name: 'Sign in' }).click();
  // Back at the invitation, not at 'Create your company'.
  await expect(them).toHaveURL(invitation.pathname);
  await expect(them.getByRole('heading', { name: 'Join Invite Labs on Openings' })).toBeVisible();
  await them.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(them).toHaveURL(/\/employer\?company=\d+&done=joined&item=\d+$/);

  // The owner makes the new member an owner too; the button goes with it.
  await page.goto(paths.employerCompany);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Make owner New Hire' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'New Hire is now an owner of Invite Labs.' }),
  ).toBeVisible();
  await expect(page.getByText(`New Hire (${invitee}) · owner`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Make owner New Hire' })).toHaveCount(0);

  // The link worked once: opened again it says so at once, with no button to press.
  await them.goto(invitation.pathname);
  await expect(them.getByRole('heading', { name: 'This invitation does not work' })).toBeVisible();
  await expect(them.getByRole('button', { name: 'Accept the invitation' })).toHaveCount(0);
  await axe(them);
  await context.close();
});

test('without JavaScript, Close asks, Keep it open leaves the job as it was, and Close the job closes it', async ({
  browser,
}) => {
  // A demo company no other journey uses.
  const companyIds = [...new Set(activeJobs.map((j) => j.companyId))];
  const job = activeJobs.find(
    (j) =>
      j.companyId === companyIds[5] &&
      (j.validThrough?.getTime() ?? Infinity) > Date.now() + 86_400_000,
  )!;
  const company = companyOf(job);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(paths.login);
  await page
    .getByLabel('E-mail address')
    .fill(demoEmail(company.companyWebsite ?? null, company.id));
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(paths.employer);
  const close = page.getByRole('button', { name: `Close: ${job.title}` }).first();
  const question = page.getByText(`Close “${job.title}”? It leaves the board at once`);
  await close.click();
  await expect(question).toBeVisible();
  await page.getByRole('link', { name: `Keep it open: ${job.title}` }).click();
  await expect(question).toHaveCount(0);
  expect((await page.request.get(paths.job(job.pageUrl))).status()).toBe(200);
  await close.click();
  await page.getByRole('button', { name: `Close the job: ${job.title}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Job closed.' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/employer\\?done=closed&item=${job.id}$`));
  expect((await page.request.get(paths.job(job.pageUrl))).status()).toBe(410);
  await context.close();
});

test('employer pages are private and lead to the sign-in page when signed out', async ({
  request,
}) => {
  for (const url of [paths.employer, paths.employerJobNew, paths.employerCompany]) {
    const res = await request.get(url, { maxRedirects: 0 });
    expect(res.status(), url).toBe(302);
    expect(res.headers()['location'], url).toContain('/login?next=');
    expect(res.headers()['cache-control'], url).toBe('private, no-store');
  }
});

test('a job submitted while its first autosave is on its way leaves one job and no draft', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const domain = `e2e-race-${Date.now()}.example`;
  await signUpAndIn(page, `owner@${domain}`);
  await createCompany(page, 'Race Labs', domain);

  // The autosave is held until the submission is done: it reaches the server last.
  let holding: () => void = () => {};
  const held = new Promise<void>((resolve) => (holding = resolve));
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/employer/jobs/new*', async (route) => {
    const body = route.request().postData() ?? '';
    if (route.request().method() === 'POST' && /(^|&)intent=autosave(&|$)/.test(body)) {
      holding();
      await released;
    }
    await route.continue();
  });

  await page.goto(paths.employerJobNew);
  await waitForHydration(page);
  const title = `Race Engineer ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  await chooseSoftwareInBengaluru(page);
  await page.getByLabel('Job type').selectOption({ index: 1 });
  await page.getByLabel('Experience level').selectOption({ index: 1 });
  await page.getByLabel('Not mentioned').check();
  await page.getByLabel('Apply link').fill(`https://${domain}/careers`);
  await page
    .getByLabel('Description')
    .fill('Two saves of one form that cross must make one draft.');
  await held;
  await expect(page.getByText('Saving draft…')).toBeVisible();
  await page.getByRole('button', { name: 'Submit job' }).click();
  await expect(page).toHaveURL(/\/employer\?done=live/);
  const late = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().includes('/employer/jobs/new'),
  );
  release();
  await late;

  await page.goto(paths.employer);
  await expect(page.getByRole('heading', { level: 3, name: title })).toHaveCount(1);
  await expect(page.getByRole('button', { name: `Discard: ${title}` })).toHaveCount(0);
  await page.goto(paths.employerFiltered('draft'));
  await expect(page.getByRole('button', { name: /^Discard:/ })).toHaveCount(0);
});

test('Enter in the job form saves the draft; a refused company profile comes back as typed', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const domain = `e2e-enter-${Date.now()}.example`;
  await signUpAndIn(page, `owner@${domain}`);
  await createCompany(page, 'Enter Labs', domain);

  // The form's first submit button in the page is "Request city"; Enter must not press it.
  await page.goto(paths.employerJobNew);
  await waitForHydration(page);
  await page.getByLabel('Title').fill('Enter Engineer');
  await page.getByLabel('Title').press('Enter');
  // Saved where the visitor is: no reload, and the focus stays in the box.
  await expect(page).toHaveURL(/\?draft=\d+$/);
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  await expect(page.getByText('City to request')).toHaveCount(0);
  await expect(page.getByLabel('Title')).toHaveValue('Enter Engineer');
  await expect(page.getByLabel('Title')).toBeFocused();
  // In a list, Enter starts the next item; on an empty last item it starts no other.
  await page.getByRole('button', { name: 'Add to skills' }).click();
  await page.getByLabel('Skills, item 1').fill('Rust');
  await page.getByLabel('Skills, item 1').press('Enter');
  await expect(page.getByLabel('Skills, item 2')).toBeFocused();
  await page.keyboard.type('Go');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Skills, item 3')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Skills, item 4')).toHaveCount(0);
  await expect(page.getByLabel('Skills, item 3')).toBeFocused();
  await page.getByLabel('Skills, item 1').press('Enter');
  await expect(page.getByLabel('Skills, item 2')).toHaveValue('');
  await expect(page.getByLabel('Skills, item 3')).toHaveValue('Go');
  const saved = page.waitForResponse(
    (r) =>
      r.request().method() === 'POST' &&
      /(^|&)intent=autosave(&|$)/.test(r.request().postData() ?? '') &&
      (r.request().postData() ?? '').includes('Kotlin'),
  );
  await page.keyboard.type('Kotlin');
  await saved;
  await page.reload();
  await expect(page.getByLabel('Title')).toHaveValue('Enter Engineer');
  await expect(page.getByLabel('Skills, item 2')).toHaveValue('Kotlin');

  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await context.newPage();
  await plain.goto(paths.employerJobNew);
  await plain.getByLabel('Title').fill('Plain Engineer');
  await plain.getByLabel('Apply link').fill(`https://${domain}/careers`);
  await plain.getByLabel('Apply link').press('Enter');
  await expect(plain).toHaveURL(/\?draft=\d+&saved=1$/);
  await expect(plain.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  await expect(plain.getByText('City to request')).toHaveCount(0);
  await expect(plain.getByLabel('Title')).toHaveValue('Plain Engineer');
  await expect(plain.getByLabel('Apply link')).toHaveValue(`https://${domain}/careers`);

  // A refused profile comes back as typed, its error beside it and nowhere else.
  await plain.goto(paths.employerCompany);
  await plain.getByLabel('Company name', { exact: true }).fill('X');
  await plain.getByLabel('Overview').fill('Typed before the error, kept after it.');
  await plain.getByRole('button', { name: 'Save profile' }).click();
  await expect(plain.locator('#field-companyName-error')).toContainText('at least 2');
  await expect(plain.getByLabel('Company name', { exact: true })).toHaveValue('X');
  await expect(plain.getByLabel('Overview')).toHaveValue('Typed before the error, kept after it.');
  await expect(plain.getByRole('alert')).toHaveCount(1);
  // And a logo error stays with the logo: its own alert, not the profile's.
  await plain.getByRole('button', { name: 'Upload logo' }).click();
  await expect(plain.locator('#field-logo-error')).toContainText('choose an image');
  await expect(plain.getByRole('alert')).toHaveCount(1);
  await expect(plain.getByRole('alert')).toContainText('Logo: choose an image file');
  await expect(plain.locator('#field-companyName-error')).toHaveCount(0);
  await context.close();
});

test("a refused job form's summary takes the focus, and its links lead to the fields, keeping what was typed", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const domain = `e2e-summary-${Date.now()}.example`;
  await signUpAndIn(page, `owner@${domain}`);
  await createCompany(page, 'Summary Labs', domain);
  await page.goto(paths.employerJobNew);
  await waitForHydration(page);
  await page.getByLabel('Title').fill('Summary Engineer');
  await page.getByRole('button', { name: 'Submit job' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Please correct these' });
  await expect(summary).toBeFocused();

  // The role's link reaches its combobox, which says it is invalid; nothing is lost on the way.
  await summary.getByRole('link', { name: 'Role is required' }).click();
  const role = page.getByRole('combobox', { name: 'Role' });
  await expect(role).toBeFocused();
  await expect(role).toHaveAttribute('aria-invalid', 'true');
  await expect(summary).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Summary Engineer');
  await summary.getByRole('link', { name: /^Apply link/ }).click();
  await expect(page.getByLabel('Apply link')).toBeFocused();
  await expect(summary).toBeVisible();
});

test('a job form whose session ended keeps what was typed and says how to go on', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const domain = `e2e-session-${Date.now()}.example`;
  await signUpAndIn(page, `owner@${domain}`);
  await createCompany(page, 'Session Labs', domain);
  await page.goto(paths.employerJobNew);
  await waitForHydration(page);
  await page.getByLabel('Title').fill('Session Engineer');
  await expect(page.getByText('Draft saved.')).toBeVisible();
  // The session ends elsewhere (signed out on another device, or expired).
  const cookies = await page.context().cookies();
  await page.context().clearCookies();
  await page.getByLabel('Description').fill('Typed after the session ended, and still here.');
  const warning = page.getByRole('alert').filter({ hasText: 'You are signed out' });
  await expect(warning).toBeVisible();
  await expect(page).toHaveURL(/\/employer\/jobs\/new/);
  await expect(page.getByLabel('Title')).toHaveValue('Session Engineer');
  await expect(page.getByLabel('Description')).toHaveValue(
    'Typed after the session ended, and still here.',
  );
  // Signed in again (here: the cookie back), the next change is saved and the warning goes.
  await page.context().addCookies(cookies);
  await page.getByLabel('Title').fill('Session Engineer II');
  await expect(warning).toHaveCount(0);
  await expect(page.getByText('Draft saved.')).toBeVisible();
});

test('a job typed after the session ended elsewhere is kept on Submit, and submits once signed in again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const domain = `e2e-signout-${Date.now()}.example`;
  const email = `owner@${domain}`;
  await signUpAndIn(page, email);
  await createCompany(page, 'Signout Labs', domain);
  await page.goto(paths.employerJobNew);
  await waitForHydration(page);
  // Signed out in another tab before anything was typed (nothing autosaved yet).
  const other = await page.context().newPage();
  await other.goto(paths.account);
  await waitForHydration(other);
  const banner = other.getByRole('banner');
  if (await banner.getByRole('button', { name: 'Menu' }).isVisible())
    await banner.getByRole('button', { name: 'Menu' }).click();
  await banner.getByRole('button', { name: 'Sign out' }).first().click();
  await other.waitForURL((url) => url.pathname === paths.home);

  const title = `Signed Out Engineer ${Date.now()}`;
  await fillTheRest(page, title);
  await chooseSoftwareInBengaluru(page);
  // Typing says the draft is not being saved.
  const warning = page.getByRole('alert').filter({ hasText: 'You are signed out' });
  await expect(warning).toContainText('this draft is not being saved');
  await page.getByRole('button', { name: 'Submit job' }).click();
  // The Submit stays on the page, says so and keeps every field.
  await expect(warning).toContainText(
    'You are signed out, so nothing was saved or submitted. Everything you typed is still here',
  );
  await expect(warning).toContainText('then come back to this page and press Submit job again.');
  await expect(warning).toBeFocused();
  await expect(page).toHaveURL(/\/employer\/jobs\/new$/);
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByRole('combobox', { name: 'City' })).toHaveValue(/^Bengaluru/);
  await expect(page.getByLabel('Description')).toHaveValue(/^Test what we ship/);

  // Signed in again in the tab the warning opens, Submit again posts the job as typed.
  const [signIn] = await Promise.all([
    page.context().waitForEvent('page'),
    warning.getByRole('link', { name: 'sign in again in a new tab' }).click(),
  ]);
  await signIn.getByLabel('E-mail address').fill(email);
  await signIn.getByLabel('Password', { exact: true }).fill('correct horse battery staple 42');
  await signIn.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(signIn).toHaveURL(/\/employer/);
  await page.getByRole('button', { name: 'Submit job' }).click();
  await expect(page).toHaveURL(/\/employer\?done=live$/);
  await expect(page.getByRole('heading', { level: 3, name: title })).toHaveCount(1);
});

test('without JavaScript, a form sent after the session ended leads to a sign-in page that says why', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signInDemo(page);
  await page.goto(paths.employerJobNew);
  await context.clearCookies();
  await page.getByLabel('Title').fill('Plain Signed Out Engineer');
  await page.getByRole('button', { name: 'Submit job' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Femployer%2Fjobs%2Fnew&notice=signed-out-post$/);
  await expect(
    page.getByText('You were signed out; sign in to continue. What you sent was not saved.'),
  ).toBeVisible();
  await context.close();
});

test('a member removed from the company while typing a job is told so, the job kept on the page', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const domain = `e2e-removed-${Date.now()}.example`;
  const member = `member@${domain}`;
  await signUpAndIn(page, `owner@${domain}`);
  await createCompany(page, 'Removal Labs', domain);
  await page.goto(paths.employerCompany);
  await waitForHydration(page);
  await page.getByLabel('E-mail').fill(member);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Invitation sent' })).toBeVisible();
  const invitation = new URL(linkIn(lastMailTo(member), '/invitations/'));

  const context = await browser.newContext();
  const them = await context.newPage();
  await signUpAndIn(them, member);
  await them.goto(invitation.pathname);
  await them.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(them).toHaveURL(/done=joined/);
  await them.goto(paths.employerJobNew);
  await waitForHydration(them);
  await them.getByLabel('Title').fill('Removed Engineer');

  await page.goto(paths.employerCompany);
  await waitForHydration(page);
  await page.getByRole('button', { name: /^Remove Asha Employer/ }).click();
  // Removing asks first.
  await page
    .getByRole('group', { name: /^Remove Asha Employer/ })
    .getByRole('button', { name: /^Remove Asha Employer/ })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'is no longer a member' })).toBeVisible();

  await them.getByLabel('Description').fill('Typed after an owner removed me, and still here.');
  await them.getByRole('button', { name: 'Submit job' }).click();
  const warning = them.getByRole('alert').filter({ hasText: 'You are no longer a member' });
  await expect(warning).toContainText('so nothing was saved or submitted');
  await expect(warning).toContainText('Everything you typed is still here');
  await expect(them.getByText('Page not found')).toHaveCount(0);
  await expect(them).toHaveURL(/\/employer\/jobs\/new/);
  await expect(them.getByLabel('Title')).toHaveValue('Removed Engineer');
  await expect(them.getByLabel('Description')).toHaveValue(
    'Typed after an owner removed me, and still here.',
  );
  await context.close();
});

test('two tabs editing one job: the later Save is refused with what was typed kept, and saves over it when pressed again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const domain = `e2e-twotabs-${Date.now()}.example`;
  await signUpAndIn(page, `owner@${domain}`);
  await createCompany(page, 'Two Tab Labs', domain);
  await page.goto(paths.employerJobNew);
  await waitForHydration(page);
  const title = `Two Tab Engineer ${Date.now()}`;
  await fillTheRest(page, title);
  await chooseSoftwareInBengaluru(page);
  await page.getByRole('button', { name: 'Submit job' }).click();
  await expect(page).toHaveURL(/\/employer\?done=live$/);
  const editUrl = await page.getByRole('link', { name: `Edit: ${title}` }).getAttribute('href');

  // Both tabs open the form; tab 2 types (saved as typed), then tab 1 saves a new title.
  const tab2 = await page.context().newPage();
  await tab2.goto(editUrl!);
  await waitForHydration(tab2);
  await page.goto(editUrl!);
  await waitForHydration(page);
  const typed = 'Changed in tab two, which was opened before tab one saved its new title.';
  const saved = tab2.waitForResponse(
    (r) =>
      r.request().method() === 'POST' &&
      /(^|&)intent=autosave(&|$)/.test(r.request().postData() ?? ''),
  );
  await tab2.getByLabel('Description').fill(typed);
  expect((await saved).status()).toBe(200);
  await page.getByLabel('Title').fill(`${title} (tab 1)`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/employer\?done=live$/);

  // Tab 2's Save is refused: it says so, keeps what was typed, and tab 1's title stays.
  await tab2.getByRole('button', { name: 'Save changes' }).click();
  const refusal = tab2.getByRole('alert').filter({ hasText: 'Not saved: This job was changed' });
  await expect(refusal).toBeFocused();
  await expect(refusal).toContainText('Everything you typed is still here.');
  await expect(tab2).toHaveURL(new RegExp(`${editUrl}$`));
  await expect(tab2.getByLabel('Description')).toHaveValue(typed);
  await page.goto(paths.employer);
  await expect(page.getByRole('heading', { level: 3, name: `${title} (tab 1)` })).toHaveCount(1);

  // Pressed again, the Save replaces that change with what tab 2 shows.
  await tab2.getByRole('button', { name: 'Save changes' }).click();
  await expect(tab2).toHaveURL(/\/employer\?done=live$/);
  await tab2.goto(editUrl!);
  await expect(tab2.getByLabel('Title')).toHaveValue(title);
  await expect(tab2.getByLabel('Description')).toHaveValue(typed);
});

test('unsaved changes that cannot be saved can be discarded, without JavaScript too', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signInDemo(page);
  const edit = page.getByRole('link', { name: /^Edit: / }).first();
  const title = ((await edit.getAttribute('aria-label')) ?? '').replace(/^Edit: /, '');
  await edit.click();
  const titleBox = page.getByLabel('Title', { exact: true });
  await expect(titleBox).toHaveValue(title);
  await expect(page.getByRole('button', { name: 'Discard unsaved changes' })).toHaveCount(0);
  // A change the job cannot take stays as unsaved changes, and is in the preview's way.
  await titleBox.fill('X');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(/Title needs at least 3 characters/).first()).toBeVisible();
  const editUrl = page.url().split('?')[0]!;
  await page.goto(editUrl.replace(/\/edit$/, '/preview'));
  await expect(page.getByRole('heading', { name: 'Not ready to preview' })).toBeVisible();
  await page.goto(editUrl);
  await expect(titleBox).toHaveValue('X');
  // It asks first; Keep the changes leaves them, the question's own button discards them.
  await page.getByRole('button', { name: 'Discard unsaved changes' }).click();
  await page.getByRole('link', { name: 'Keep the changes' }).click();
  await expect(titleBox).toHaveValue('X');
  await page.getByRole('button', { name: 'Discard unsaved changes' }).click();
  await page.getByRole('button', { name: 'Discard the changes' }).click();
  await expect(
    page.getByText('Unsaved changes discarded: the form shows the job as it is.'),
  ).toBeVisible();
  await expect(titleBox).toHaveValue(title);
  await expect(page.getByRole('button', { name: 'Discard unsaved changes' })).toHaveCount(0);
  await page.goto(editUrl.replace(/\/edit$/, '/preview'));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await context.close();
});

test('a new job form left untouched, or typed in and emptied, leaves no draft; opening it again offers the draft', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const domain = `e2e-drafts-${Date.now()}.example`;
  await signUpAndIn(page, `owner@${domain}`);
  await createCompany(page, 'Draft Labs', domain);
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /(^|&)intent=autosave(&|$)/.test(r.postData() ?? ''))
      saves.push(r.url());
  });

  // Looked around: a city searched for and not chosen, a title typed and taken back.
  for (let visit = 0; visit < 2; visit++) {
    await page.goto(paths.employerJobNew);
    await waitForHydration(page);
    await page.getByRole('combobox', { name: 'City' }).fill('Bengal');
    await page.getByRole('combobox', { name: 'City' }).fill('');
    await page.getByLabel('Title').fill('Kiln');
    await page.getByLabel('Title').fill('');
    await page.waitForTimeout(2_500);
  }
  expect(saves).toEqual([]);
  await page.goto(paths.employerFiltered('draft'));
  await expect(page.getByRole('button', { name: /^Discard:/ })).toHaveCount(0);

  // Typed in: one draft, which the next "Post a job" offers instead of a second one.
  await page.goto(paths.employerJobNew);
  await waitForHydration(page);
  await expect(page.getByText('A job you did not submit')).toHaveCount(0);
  await page.getByLabel('Title').fill('Kiln Operator');
  await expect(page.getByText('Draft saved.')).toBeVisible();
  await page.goto(paths.employerJobNew);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'A job you did not submit' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue “Kiln Operator”' }).click();
  await expect(page).toHaveURL(/\/employer\/jobs\/new\?draft=\d+$/);
  await expect(page.getByLabel('Title')).toHaveValue('Kiln Operator');
  await page.goto(paths.employerFiltered('draft'));
  await expect(page.getByRole('button', { name: /^Discard:/ })).toHaveCount(1);
});

test('Back from a new job’s preview, a reload after a refused submission of a saved draft and Back after a save all find what was typed; a refused first Submit saves nothing', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const domain = `e2e-back-${Date.now()}.example`;
  await signUpAndIn(page, `owner@${domain}`);
  await createCompany(page, 'Back Labs', domain);

  // Preview pressed at once, before any save as you type: Back comes to the draft's form.
  await page.goto(paths.employerJobNew);
  await waitForHydration(page);
  await page.getByLabel('Title').fill('Back Engineer');
  await page.getByLabel('Description').fill('Typed, previewed, and still here after Back.');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page).toHaveURL(/\/employer\/drafts\/\d+\/preview$/);
  const draftId = /\/drafts\/(\d+)\//.exec(page.url())![1];
  await page.goBack();
  await expect(page).toHaveURL(paths.employerDraft(Number(draftId)));
  await expect(page.getByLabel('Title')).toHaveValue('Back Engineer');
  await expect(page.getByLabel('Description')).toHaveValue(
    'Typed, previewed, and still here after Back.',
  );

  // A Submit refused before anything was saved saves nothing: the form answers as typed.
  await page.goto(paths.employerJobNew);
  await waitForHydration(page);
  await page.getByLabel('Title').fill('Stray Engineer');
  await page.getByRole('button', { name: 'Submit job' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please correct these' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Stray Engineer');
  await expect(page.getByText('Saved as a draft')).toHaveCount(0);
  await expect(page).toHaveURL(/\/employer\/jobs\/new$/);
  // A number out of range is the server's to answer too, in a new summary: the browser's own
  // check stopped this Submit and left the last summary standing.
  await page.getByLabel('Number of openings').fill('-2');
  await page.getByRole('button', { name: 'Submit job' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please correct these' })).toContainText(
    'Number of openings',
  );

  // Saved as typed, then refused: the page says the draft is kept, its address is the draft's,
  // so a reload keeps it.
  await page.goto(paths.employerJobNew);
  await waitForHydration(page);
  await page.getByLabel('Title').fill('Reload Engineer');
  await expect(page.getByText('Draft saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Submit job' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please correct these' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Saved as a draft' })).toBeVisible();
  await expect(page).toHaveURL(/\/employer\/jobs\/new\?draft=\d+$/);
  await page.reload();
  await expect(page.getByLabel('Title')).toHaveValue('Reload Engineer');

  // Saved with Enter at once: the form's address becomes the draft's in place, so Back leaves
  // the form.
  await page.goto(paths.employer);
  await page.goto(paths.employerJobNew);
  await waitForHydration(page);
  await page.getByLabel('Title').fill('Saved Engineer');
  await page.getByLabel('Title').press('Enter');
  await expect(page).toHaveURL(/\?draft=\d+$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/employer$/);
});

test("a job's preview shows the page's save, share and apply inert, and no report or hide", async ({
  page,
}) => {
  await signInDemo(page);
  await page
    .getByRole('link', { name: /^Preview: / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/employer\/jobs\/\d+\/preview$/);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const name of ['Save', 'Share job', /^Apply/]) {
    await expect(page.getByRole('button', { name })).toBeDisabled();
  }
  await expect(page.getByRole('link', { name: /^Apply/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Report this job' })).toHaveCount(0);
  await expect(page.getByText('Hide…')).toHaveCount(0);
  await expect(page.getByText('Save, share, apply and report work')).toBeVisible();
  await expectNoAxeViolations(page);
});

// The job form's role and city boxes with JavaScript take a name typed out in full, as the plain
// boxes do without it: the exact name is chosen on leaving the box, or taken by the server when
// Submit comes first; text that names nothing says so, not "is required".
async function signInDemo(page: Page) {
  await page.goto(`/login?next=${encodeURIComponent(paths.employer)}`);
  await page.getByLabel('E-mail address').fill('hiring@alpenglasanalytics.example');
  await page.getByLabel('Password', { exact: true }).fill('demo-employer-2026');
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page).toHaveURL(/\/employer$/);
}

/** Every field but the role and the city, valid. */
async function fillTheRest(page: Page, title: string) {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Job type').selectOption({ index: 1 });
  await page.getByLabel('Experience level').selectOption({ index: 1 });
  await page.getByLabel('Not mentioned').check();
  await page.getByLabel('Apply link').fill('https://careers.example/qa');
  await page
    .getByLabel('Description')
    .fill('Test what we ship before our customers do, with a team that writes things down.');
}

test('a role and a city typed out in full and left with Tab are taken', async ({ page }) => {
  test.setTimeout(120_000);
  await signInDemo(page);
  await page.goto(paths.employerJobNew);
  await waitForHydration(page);
  const title = `Typed QA Engineer ${Date.now()}`;
  await fillTheRest(page, title);
  const role = page.getByRole('combobox', { name: 'Role' });
  // Case and accents aside, as the plain box's name is matched.
  await role.fill('quality assurance (qa)');
  await role.press('Tab');
  await expect(role).toHaveValue('Quality Assurance (QA)');
  const city = page.getByRole('combobox', { name: 'City' });
  await city.fill('BENGALURU');
  await city.press('Tab');
  await expect(city).toHaveValue(/^Bengaluru, /);
  await page.getByRole('button', { name: 'Submit job' }).click();
  await expect(page).toHaveURL(/\/employer\?done=(live|in_review)$/);
  await expect(page.getByRole('heading', { level: 3, name: title })).toHaveCount(1);
});

test('Submit pressed from a box holding a full name takes it; a name of nothing says so', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInDemo(page);
  await page.goto(paths.employerJobNew);
  await waitForHydration(page);
  await fillTheRest(page, `Unlisted role ${Date.now()}`);
  const role = page.getByRole('combobox', { name: 'Role' });
  await role.fill('Underwater basket weaving');
  await role.press('Tab');
  await expect(
    page.getByText('No role in the list is called “Underwater basket weaving”'),
  ).toBeVisible();
  await expect(role).toHaveAttribute('aria-invalid', 'true');
  await expect(role).toHaveValue('Underwater basket weaving');
  // The city typed in full, and Submit pressed straight from its box, its suggestions held back:
  // the form sends the typed name, which the server takes.
  await page.route('**/suggest/locations*', () => undefined);
  const city = page.getByRole('combobox', { name: 'City' });
  await city.fill('Bengaluru');
  await page.getByRole('button', { name: 'Submit job' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Please correct this' });
  await expect(summary).toBeFocused();
  await expect(
    summary.getByRole('link', { name: 'Role: choose a role from the list' }),
  ).toBeVisible();
  await expect(summary).not.toContainText('Role is required');
  await expect(summary).not.toContainText('City');
  await expect(role).toHaveValue('Underwater basket weaving');
});

test('what is typed in the city and role boxes before the scripts run carries into the comboboxes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const domain = `e2e-early-${Date.now()}.example`;
  await signUpAndIn(page, `owner@${domain}`);
  await createCompany(page, 'Early Labs', domain);
  // The page's scripts held back until both boxes are typed in.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(paths.employerJobNew, { waitUntil: 'commit' });
  await page.getByRole('textbox', { name: 'City', exact: true }).click();
  await page.keyboard.type('Atlan');
  await page.getByRole('textbox', { name: 'Role', exact: true }).click();
  await page.keyboard.type('Data Sci');
  expect(await page.locator('html[data-hydrated]').count()).toBe(0);
  release();
  await waitForHydration(page);
  const role = page.getByRole('combobox', { name: 'Role' });
  await expect(role).toBeFocused();
  await expect(role).toHaveValue('Data Sci');
  await expect(page.getByRole('combobox', { name: 'City' })).toHaveValue('Atlan');
  await page.keyboard.type('entist');
  await expect(role).toHaveValue('Data Scientist');
});

test('a draft saved with a city the list lacks opens with it, with JavaScript, and keeps it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const domain = `e2e-unlisted-${Date.now()}.example`;
  await signUpAndIn(page, `owner@${domain}`);
  await createCompany(page, 'Unlisted Labs', domain);
  await page.goto(paths.employerJobNew);
  await waitForHydration(page);
  await page.getByLabel('Title').fill('Harbour Engineer');
  const city = page.getByRole('combobox', { name: 'City' });
  await city.fill('Atlantis');
  await city.press('Tab');
  await expect(page.getByText('No city in the list is called “Atlantis”')).toBeVisible();
  await expect(page.getByText('Draft saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/employer\/jobs\/new\?draft=\d+$/);
  // Opened again: the box shows the name the draft holds, and the next save keeps it.
  await page.reload();
  await waitForHydration(page);
  await expect(city).toHaveValue('Atlantis');
  const saved = page.waitForResponse(
    (r) =>
      r.request().method() === 'POST' &&
      /(^|&)intent=autosave(&|$)/.test(r.request().postData() ?? ''),
  );
  await page.getByLabel('Title').fill('Harbour Engineer II');
  await saved;
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel('Title')).toHaveValue('Harbour Engineer II');
  await expect(city).toHaveValue('Atlantis');
  await page.getByRole('button', { name: 'Submit job' }).click();
  await expect(page.getByRole('alert').getByRole('link', { name: /^City: / })).toBeVisible();
  await expect(city).toHaveValue('Atlantis');
});

test("a copy of a job that visitors' scam reports hid waits for review, though the company is verified", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const domain = `e2e-held-${Date.now()}.example`;
  await signUpAndIn(page, `owner@${domain}`);
  await createCompany(page, 'Held Labs', domain);
  await page.goto(paths.employerJobNew);
  await waitForHydration(page);
  const title = `Held Courier ${Date.now()}`;
  await fillTheRest(page, title);
  await page.getByRole('combobox', { name: 'Role' }).fill('quality assurance (qa)');
  await page.getByRole('combobox', { name: 'Role' }).press('Tab');
  await page.getByRole('combobox', { name: 'City' }).fill('BENGALURU');
  await page.getByRole('combobox', { name: 'City' }).press('Tab');
  await page.getByRole('button', { name: 'Submit job' }).click();
  await expect(page).toHaveURL(/\/employer\?done=live$/);
  const href = await page
    .getByRole('heading', { level: 3, name: title })
    .getByRole('link')
    .getAttribute('href');
  expect(href).toMatch(/^\/job-description\//);

  // Visitors on three networks report it as a scam: it is hidden.
  for (let visitor = 1; visitor <= 3; visitor++) {
    const context = await browser.newContext({
      extraHTTPHeaders: { 'x-forwarded-for': `203.0.${110 + visitor}.9` },
    });
    const reporter = await context.newPage();
    await reporter.goto(href!);
    await reporter.getByRole('link', { name: 'Report this job' }).click();
    await reporter.getByLabel('Scam, or asks for money').check();
    await reporter.getByRole('button', { name: 'Send the report' }).click();
    await expect(reporter.getByRole('heading', { name: 'Thank you' })).toBeFocused();
    await context.close();
  }
  expect((await page.request.get(href!, { maxRedirects: 0 })).status()).not.toBe(200);

  await page.goto(paths.employer);
  await expect(
    page.getByText('Hidden after reports: visitors reported it as a scam.'),
  ).toBeVisible();
  await page.getByRole('button', { name: `Duplicate: ${title}` }).click();
  await expect(page).toHaveURL(/\/employer\/jobs\/new\?draft=\d+/);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Submit job' }).click();
  await expect(page).toHaveURL(/\/employer\?done=in_review-copy-hidden$/);
  await expect(
    page.getByRole('status').filter({
      hasText: 'Your job was held for our review, as the job it copies was hidden after reports',
    }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: title })).toHaveCount(2);
});

/** The demo owner of the company at `index` of the demo companies (25–26: no other journey's). */
async function signInDemoOwner(page: Page, index: number) {
  const companyIds = [...new Set(activeJobs.map((j) => j.companyId))];
  const company = companyOf(activeJobs.find((j) => j.companyId === companyIds[index])!);
  await page.goto(`/login?next=${encodeURIComponent(paths.employer)}`);
  await page
    .getByLabel('E-mail address')
    .fill(demoEmail(company.companyWebsite ?? null, company.id));
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page).toHaveURL(/\/employer$/);
  return company;
}

test('Discard asks first: Escape puts the question away, focus back on Discard; its own button discards', async ({
  page,
}) => {
  await signInDemoOwner(page, 25);
  await page.goto(paths.employerJobNew);
  await waitForHydration(page);
  const title = `Kiln Sweeper ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  await expect(page.getByText('Draft saved.')).toBeVisible();
  await page.goto(paths.employerFiltered('draft'));
  await waitForHydration(page);
  const discard = page.getByRole('button', { name: `Discard: ${title}` });
  const question = page.getByText(`Discard the draft “${title}”? What it holds is deleted`);
  await discard.click();
  await expect(question).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(discard).toBeFocused();
  await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
  await discard.click();
  await page.getByRole('button', { name: `Discard the draft: ${title}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft discarded.' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: title })).toHaveCount(0);
});

test('a preview offers Submit job and Back to the form; Submit job submits the job previewed', async ({
  page,
}) => {
  await signInDemoOwner(page, 26);
  await page.goto(paths.employerJobNew);
  await waitForHydration(page);
  const title = `Glaze Mixer ${Date.now()}`;
  await fillTheRest(page, title);
  await chooseSoftwareInBengaluru(page);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page).toHaveURL(/\/employer\/drafts\/\d+\/preview$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the form' }).click();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page).toHaveURL(/\/employer\/drafts\/\d+\/preview$/);
  await page.getByRole('button', { name: 'Submit job' }).click();
  await expect(page).toHaveURL(/\/employer\?done=(live|in_review)$/);
  await expect(page.getByRole('heading', { level: 3, name: title })).toHaveCount(1);
  await page.goto(paths.employerFiltered('draft'));
  await expect(page.getByRole('button', { name: `Discard: ${title}` })).toHaveCount(0);
});

test("a refused logo's alert takes the focus; Remove logo asks first, Escape keeps it", async ({
  page,
}) => {
  const company = await signInDemoOwner(page, 26);
  await page.goto(paths.employerCompany);
  await waitForHydration(page);
  await uploadLogo(page, {
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not an image at all'),
  });
  const alert = page.getByRole('alert').filter({ hasText: 'Logo must be a PNG, JPEG or WebP' });
  await expect(alert).toBeFocused();
  await expect(page.getByLabel('Upload a logo')).toHaveAttribute(
    'aria-describedby',
    /field-logo-error/,
  );

  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0a5' } })
    .png()
    .toBuffer();
  await uploadLogo(page, { name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('status').filter({ hasText: 'Logo saved.' })).toBeVisible();
  await expect(page.locator('img[src^="/logos/u/"]')).toBeVisible();
  const remove = page.getByRole('button', { name: 'Remove logo' });
  const question = page.getByText(`Remove ${company.companyName}’s logo?`);
  await remove.click();
  await expect(question).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(remove).toBeFocused();
  await remove.click();
  await page.getByRole('button', { name: 'Remove the logo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Logo removed' })).toBeVisible();
  await expect(page.locator('img[src^="/logos/u/"]')).toHaveCount(0);
  await expect(remove).toHaveCount(0);
});
