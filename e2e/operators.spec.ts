// The operators' journeys in Chromium: visitors on three networks report a job as a scam → it is
// hidden → an operator restores it; an operator rejects a job with a reason → the employer sees it and gets
// the e-mail; a job past its closing date answers 410 and is gone from the listing, sitemap and
// counts; the reminder's extend link works once and only once; with and without JavaScript, a
// refused merge or reject comes back to its form as typed, a done action keeps the searches, and
// what takes something down (merge, unpublish, suspend, maintenance on) is asked before it is
// done; a refused form that another operator's action took off the page keeps what was typed.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { type Browser, expect, test } from '@playwright/test';
import { journeys } from '../playwright.config.ts';
import { demoEmail } from '../src/server/db/seed/demo-accounts.ts';
import { apiPaths } from '../src/shared/api-paths.ts';
import { paths } from '../src/web/lib/paths.ts';
import { activeJobs, companyOf, demoJobs } from './demo-jobs.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { mailsTo } from './support/outbox.ts';
import { waitForHydration, signIn } from './support/pages.ts';

const { dataDir } = journeys;
const outbox = path.join(dataDir, 'outbox');
const DAY = 86_400_000;

/** A company's live demo jobs with an apply link, open for at least `days` more days. */
const openWithApplyLink = (companyId: number, days: number) =>
  activeJobs.filter(
    (j) =>
      j.companyId === companyId &&
      j.applyLink != null &&
      (j.validThrough?.getTime() ?? Infinity) > Date.now() + days * DAY,
  );

/** Runs an npm command against the e2e server's embedded database (through its admin endpoint). */
function npmRun(...args: string[]): string {
  return execFileSync('npx', ['tsx', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: journeys.baseURL },
    encoding: 'utf8',
  });
}

const companies = [...new Set(activeJobs.map((j) => j.companyId))];
const operatorCompany = companyOf(activeJobs.find((j) => j.companyId === companies[0])!);
const operatorEmail = demoEmail(operatorCompany.companyWebsite ?? null, operatorCompany.id);

/** A second operator, for what one operator does while another's page is open. */
const secondCompany = companyOf(activeJobs.find((j) => j.companyId === companies[13])!);
const secondOperatorEmail = demoEmail(secondCompany.companyWebsite ?? null, secondCompany.id);

async function asOperator(
  browser: Browser,
  options: { javaScriptEnabled?: boolean } = {},
  email = operatorEmail,
) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

test.beforeAll(() => {
  for (const email of [operatorEmail, secondOperatorEmail]) {
    npmRun('src/server/cli/operator.ts', 'add', email);
  }
});

test('a signed-out visitor and a non-operator get no console', async ({ page, request }) => {
  const anonymous = await request.get(paths.admin, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  const other = companyOf(activeJobs.find((j) => j.companyId === companies[1])!);
  await signIn(page, demoEmail(other.companyWebsite ?? null, other.id));
  const response = await page.goto(paths.admin);
  expect(response?.status()).toBe(404);
});

test('scam reports from three networks hide a job; an operator restores it', async ({
  browser,
}) => {
  const job = activeJobs.find(
    (j) =>
      j.companyId !== operatorCompany.id &&
      (j.validThrough?.getTime() ?? Infinity) > Date.now() + 30 * DAY,
  )!;
  for (let visitor = 1; visitor <= 3; visitor++) {
    const context = await browser.newContext({
      extraHTTPHeaders: { 'x-forwarded-for': `198.51.${100 + visitor}.7` },
    });
    const page = await context.newPage();
    await page.goto(paths.job(job.pageUrl));
    await page.getByRole('link', { name: 'Report this job' }).click();
    await page.getByLabel('Scam, or asks for money').check();
    await page.getByLabel('Details (optional)').fill(`Visitor ${visitor}: asks for a deposit`);
    await page.getByRole('button', { name: 'Send the report' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you' })).toBeFocused();
    await context.close();
  }
  const visitor = await browser.newContext();
  const seeker = await visitor.newPage();
  const hidden = await seeker.goto(paths.job(job.pageUrl));
  expect(hidden?.status()).toBe(410);

  const { context, page } = await asOperator(browser);
  const response = await page.goto(paths.admin);
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  const item = page.locator(`[data-reported="${job.pageUrl}"]`);
  await expect(item).toContainText('hidden: reported as a scam');
  await expect(item).toContainText('Scam, or asks for money: 3');
  // Keyboard only: Tab to the button and press Enter.
  await item.getByRole('button', { name: 'Restore (dismiss reports)' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(`Restored “${job.title}”`);
  await expect(page.locator('#audit ~ div')).toContainText('reports.restore');
  const back = await seeker.goto(paths.job(job.pageUrl));
  expect(back?.status()).toBe(200);
  await context.close();
  await visitor.close();
});

test('an operator rejects a job with a reason; the employer sees it and gets the e-mail', async ({
  browser,
}) => {
  const job = activeJobs.find(
    (j) => ![operatorCompany.id].includes(j.companyId) && j.companyId !== companies[1],
  )!;
  const company = companyOf(job);
  const employerEmail = demoEmail(company.companyWebsite ?? null, company.id);
  const { context, page } = await asOperator(browser);
  await page.goto(`${paths.admin}?q=${encodeURIComponent(job.pageUrl)}`);
  const row = page.locator(`[data-job="${job.pageUrl}"]`);
  await row.getByLabel('Reason').selectOption('Missing or misleading information');
  await row
    .getByLabel('Message to the employer')
    .fill('The salary does not match the description.');
  await row.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByRole('status')).toContainText(`Rejected “${job.title}”`);
  await context.close();
  const reason = 'Missing or misleading information: The salary does not match the description.';
  const mail = mailsTo(outbox, employerEmail).find((m) => m.includes(job.title));
  expect(mail).toContain(`Reason: ${reason}`);
  const employer = await browser.newContext();
  const employerPage = await employer.newPage();
  await signIn(employerPage, employerEmail);
  await employerPage.goto(paths.employerFiltered('rejected'));
  await expect(employerPage.getByText(reason)).toBeVisible();
  await employer.close();
});

for (const javaScriptEnabled of [false, true]) {
  test(`the console ${javaScriptEnabled ? 'with' : 'without'} JavaScript: a refused merge or reject comes back to its form as typed, a done one keeps the searches`, async ({
    browser,
  }) => {
    // The last demo company: no other journey uses it. The merge is refused, so it stays as it is.
    const companyId = companies.at(-1)!;
    const job = activeJobs.filter(
      (j) =>
        j.companyId === companyId && (j.validThrough?.getTime() ?? Infinity) > Date.now() + DAY,
    )[javaScriptEnabled ? 1 : 0]!;
    const company = companyOf(job);
    const { context, page } = await asOperator(browser, { javaScriptEnabled });
    const searches = { company: company.companyName, q: job.pageUrl };
    await page.goto(`${paths.admin}?${new URLSearchParams(searches)}`);

    const companyRow = page.locator(`[data-company="${company.id}"]`);
    const into = companyRow.getByLabel('Merge into company #');
    await into.fill('999999');
    await companyRow.getByRole('button', { name: 'Merge' }).click();
    await expect(into).toHaveValue('999999');
    // Described by its company, as every repeated box and button is, then by the error.
    await expect(into).toHaveAccessibleDescription(`${company.companyName} No such company`);
    await expect(page.getByRole('alert')).toContainText('No such company');

    // A merge that can be done is asked first, naming both companies and what would move; Cancel
    // leaves both as they are.
    const other = companyOf(activeJobs.find((j) => j.companyId === companies.at(-2))!);
    await into.fill(String(other.id));
    await companyRow.getByRole('button', { name: 'Merge' }).click();
    // How many jobs: the demo's, and any another journey posted for the company meanwhile.
    const [from, to] = [company.companyName, other.companyName].map((name) =>
      name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
    await expect(companyRow).toContainText(
      new RegExp(
        `Merge ${from} #${company.id} into ${to} #${other.id}\\? [1-9]\\d* jobs and 1 member move to ${to} \\(as members, not owners\\), and ${from} is suspended\\. This cannot be undone\\.`,
      ),
    );
    await expect(companyRow.getByRole('button', { name: 'Merge for good' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(
      `Merge ${company.companyName} into ${other.companyName}?`,
    );
    await companyRow.getByRole('link', { name: 'Cancel' }).click();
    await expect(companyRow.getByRole('button', { name: 'Merge for good' })).toHaveCount(0);
    await expect(into).toHaveValue('');
    await expect(companyRow).not.toContainText('merged into');

    const row = page.locator(`[data-job="${job.pageUrl}"]`);
    await row.getByLabel('Reason').selectOption('Other');
    const note = row.getByLabel('Message to the employer');
    // A message longer than the box takes (pasted into a browser that does not cap it).
    await note.evaluate((box) => box.removeAttribute('maxlength'));
    const long = 'The salary is missing.'.repeat(50);
    await note.fill(long);
    await row.getByRole('button', { name: 'Reject' }).click();
    await expect(row).toContainText('at most 1000 characters (it has 1100)');
    await expect(note).toHaveValue(long);
    await expect(row.getByLabel('Reason')).toHaveValue('Other');
    // axe runs as the page's JavaScript, so only the run with it checks the refused forms.
    if (javaScriptEnabled) await expectNoAxeViolations(page);
    // Only the form that was refused shows the error.
    await expect(companyRow).not.toContainText('No such company');
    expect(new URL(page.url()).search).toBe(`?${new URLSearchParams(searches)}`);

    await note.fill('Please add the salary.');
    await row.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByRole('status')).toContainText(`Rejected “${job.title}”`);
    await expect(page).toHaveURL(
      new RegExp(
        `\\?${literally(`${new URLSearchParams({ ...searches, done: 'reject' })}`)}&item=\\d+$`,
      ),
    );
    await expect(page.getByLabel('Find a company')).toHaveValue(company.companyName);
    await expect(page.getByLabel('Title, company or slug')).toHaveValue(job.pageUrl);
    await expect(companyRow).toBeVisible();
    await expect(row).toContainText('rejected');
    if (javaScriptEnabled) await expectNoAxeViolations(page);
    // A new search of jobs keeps the company search.
    await page.getByLabel('Title, company or slug').fill('engineer');
    await page.getByLabel('Title, company or slug').press('Enter');
    await expect(page).toHaveURL(/[?&]q=engineer/);
    await expect(page.getByLabel('Find a company')).toHaveValue(company.companyName);
    await expect(companyRow).toBeVisible();
    await context.close();
  });
}

test('Approve pressed twice (a double click, a second tab) says it is done; the focus lands on what was done', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A company no other journey uses; it is not verified, so a job it posts waits for review.
  const companyId = companies[4]!;
  const job = activeJobs.find(
    (j) => j.companyId === companyId && (j.validThrough?.getTime() ?? Infinity) > Date.now() + DAY,
  )!;
  const company = companyOf(job);
  const queue = `${paths.admin}?${new URLSearchParams({ company: company.companyName })}`;

  // Its employer posts a copy of a job: it waits for review, and the dashboard opens on that.
  const employer = await browser.newContext();
  const employerPage = await employer.newPage();
  await signIn(employerPage, demoEmail(company.companyWebsite ?? null, company.id));
  await employerPage.goto(paths.employer);
  await employerPage
    .getByRole('button', { name: `Duplicate: ${job.title}` })
    .first()
    .click();
  await expect(employerPage).toHaveURL(/\/employer\/jobs\/new\?draft=\d+/);
  await waitForHydration(employerPage);
  await employerPage.getByRole('button', { name: 'Submit job' }).click();
  await expect(employerPage).toHaveURL(/\/employer\?done=in_review/);
  await waitForHydration(employerPage);
  await expect(
    employerPage.getByRole('status').filter({ hasText: 'Your job was sent for review' }),
  ).toBeFocused();
  await employer.close();

  const { context, page } = await asOperator(browser);
  const done = page.getByRole('status');
  // A second tab on the same queue, left as it is.
  const second = await context.newPage();
  await second.goto(queue);
  await waitForHydration(second);
  await page.goto(queue);
  await waitForHydration(page);
  const item = page.locator('[data-review]').filter({ hasText: job.title });
  await expect(item).toHaveCount(1);
  await item.getByRole('button', { name: 'Approve' }).dblclick();
  const approved = `Approved “${job.title}” (${company.companyName}).`;
  await expect(done).toContainText(approved);
  await expect(done).toBeFocused();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(item).toHaveCount(0);
  // The second tab's Approve finds the job live: what it asked for holds, so it is done too.
  await second
    .locator('[data-review]')
    .filter({ hasText: job.title })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(second.getByRole('status')).toContainText(approved);
  await expect(second.getByRole('status')).toBeFocused();
  await expect(second.getByRole('alert')).toHaveCount(0);

  // A company's button too, and each action after another takes the focus again.
  const companyRow = page.locator(`[data-company="${company.id}"]`);
  await companyRow.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(done).toContainText(`Verified ${company.companyName} #${company.id}.`);
  await expect(done).toBeFocused();
  await companyRow.getByRole('button', { name: 'Unverify' }).click();
  await expect(done).toContainText(`${company.companyName} #${company.id} is no longer verified.`);
  await expect(done).toBeFocused();
  await context.close();
});

test('with JavaScript, Approve and Reject on the job preview: a refusal stays on the preview and says why, a done one lands on the console saying so', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A company no other journey uses; it is not verified, so the jobs it posts wait for review.
  const companyId = companies[7]!;
  const [rejected, approved] = activeJobs.filter(
    (j) => j.companyId === companyId && (j.validThrough?.getTime() ?? Infinity) > Date.now() + DAY,
  );
  const company = companyOf(rejected!);
  const queue = `${paths.admin}?${new URLSearchParams({ company: company.companyName })}`;

  // Its employer posts copies of two jobs: they wait for review.
  const employer = await browser.newContext();
  const employerPage = await employer.newPage();
  await signIn(employerPage, demoEmail(company.companyWebsite ?? null, company.id));
  for (const job of [rejected!, approved!]) {
    await employerPage.goto(paths.employer);
    await employerPage
      .getByRole('button', { name: `Duplicate: ${job.title}` })
      .first()
      .click();
    await expect(employerPage).toHaveURL(/\/employer\/jobs\/new\?draft=\d+/);
    await waitForHydration(employerPage);
    await employerPage.getByRole('button', { name: 'Submit job' }).click();
    await expect(employerPage).toHaveURL(/\/employer\?done=in_review/);
  }
  await employer.close();

  const { context, page } = await asOperator(browser);
  /** The preview of `job`'s copy in review, opened from the review queue. */
  const preview = async (job: { title: string }) => {
    await page.goto(queue);
    await page
      .locator('[data-review]')
      .filter({ hasText: job.title })
      .getByRole('link', { name: job.title })
      .click();
    await expect(page).toHaveURL(/\/admin\/jobs\/\d+$/);
    await waitForHydration(page);
    return page.url();
  };

  // "Other" without a message: the form stays, the button pressed keeps the focus, now
  // described by the error, and "Other" stays chosen.
  const url = await preview(rejected!);
  const reject = page.getByRole('button', { name: 'Reject' });
  await page.getByLabel('Reason').selectOption('Other');
  await reject.click();
  await expect(reject).toHaveAccessibleDescription(/Say why, when the reason is "Other"$/);
  await expect(reject).toBeFocused();
  await expect(page).toHaveURL(url);
  await expect(page.getByLabel('Reason')).toHaveValue('Other');

  // Another operator rejects it meanwhile: this one's Reject stays on the preview, which shows
  // the job as it is now, and the refusal takes the focus with the message to copy.
  const other = await asOperator(browser);
  await other.page.goto(url);
  await other.page.getByLabel('Reason').selectOption('Not a real job opening');
  await other.page.getByRole('button', { name: 'Reject' }).click();
  await expect(other.page.getByRole('status')).toContainText(`Rejected “${rejected!.title}”`);
  await other.context.close();
  const message = 'Please say where the job is, then send it again.';
  await page.getByLabel('Message to the employer').fill(message);
  await reject.click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(
    `“${rejected!.title}” was rejected already, for another reason: Not a real job opening. The employer was not e-mailed again.`,
  );
  await expect(alert).toBeFocused();
  await expect(alert.getByLabel('Your message to the employer, to copy')).toHaveValue(message);
  await expect(page).toHaveURL(url);
  await expect(page.locator('[data-status]')).toHaveText('Rejected');
  await expect(reject).toHaveCount(0);

  // Approve: the console says it was done, and takes the focus.
  await preview(approved!);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/admin\?done=approve&item=\d+$/);
  const done = page.getByRole('status');
  await expect(done).toContainText(`Approved “${approved!.title}” (${company.companyName}).`);
  await expect(done).toBeFocused();
  await context.close();
});

for (const javaScriptEnabled of [false, true]) {
  test(`${javaScriptEnabled ? 'with' : 'without'} JavaScript, a stale Reject of a job another operator approved meanwhile is refused: it stays live, and Unpublish is offered`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    // A company no other journey uses; it is not verified, so a job it posts waits for review.
    // Its jobs with an apply link: a copy of one is submitted as it is.
    const companyId = companies[11]!;
    const job = openWithApplyLink(companyId, 1)[javaScriptEnabled ? 1 : 0]!;
    const company = companyOf(job);
    const employerEmail = demoEmail(company.companyWebsite ?? null, company.id);
    const queue = `${paths.admin}?${new URLSearchParams({ company: company.companyName })}`;

    const employer = await browser.newContext();
    const employerPage = await employer.newPage();
    await signIn(employerPage, employerEmail);
    await employerPage.goto(paths.employer);
    await employerPage
      .getByRole('button', { name: `Duplicate: ${job.title}` })
      .first()
      .click();
    await expect(employerPage).toHaveURL(/\/employer\/jobs\/new\?draft=\d+/);
    await waitForHydration(employerPage);
    await employerPage.getByRole('button', { name: 'Submit job' }).click();
    await expect(employerPage).toHaveURL(/\/employer\?done=in_review/);
    await employer.close();

    // Both operators open the job in review: this one (without JavaScript, then with it) on its
    // preview, as the QA pass did, the other on the console's queue.
    const stale = await asOperator(browser, { javaScriptEnabled });
    const first = await asOperator(browser, {}, secondOperatorEmail);
    await first.page.goto(queue);
    const item = first.page.locator('[data-review]').filter({ hasText: job.title });
    await item.getByRole('link', { name: job.title }).click();
    await expect(first.page).toHaveURL(/\/admin\/jobs\/\d+$/);
    const previewUrl = first.page.url();
    await stale.page.goto(previewUrl);
    await expect(stale.page.locator('[data-status]')).toHaveText(
      'In review: not on the board until approved',
    );
    if (javaScriptEnabled) await waitForHydration(stale.page);

    // The other operator approves it: it goes live.
    await first.page.getByRole('button', { name: 'Approve' }).click();
    await expect(first.page.getByRole('status')).toContainText(`Approved “${job.title}”`);
    await first.context.close();

    // This one, still on the old page, chooses a reason and presses Reject: refused.
    await stale.page.getByLabel('Reason').selectOption('Not a real job opening');
    await stale.page.getByRole('button', { name: 'Reject' }).click();
    const alert = stale.page.getByRole('alert');
    await expect(alert).toContainText(
      `“${job.title}” was approved already, by another operator (it is live). Nothing was changed. If it must still go, unpublish it under “Any job”.`,
    );
    if (javaScriptEnabled) await expect(alert).toBeFocused();
    // axe runs as the page's JavaScript, so only the run with it checks the refusal and its link.
    if (javaScriptEnabled) await expectNoAxeViolations(stale.page);
    await expect(stale.page.locator('[data-status]')).toHaveText('Live');
    await expect(stale.page.getByRole('button', { name: 'Reject' })).toHaveCount(0);
    const id = new URL(previewUrl).pathname.split('/').at(-1)!;
    // Its employer was not told it was not published.
    expect(
      mailsTo(outbox, employerEmail).filter(
        (m) => m.includes(job.title) && m.includes('did not publish'),
      ),
    ).toEqual([]);

    // If it must still go: the offered link leads to its Unpublish, which asks first.
    await alert.getByRole('link', { name: `Unpublish “${job.title}” under “Any job”` }).click();
    await expect(stale.page).toHaveURL(new RegExp(`/admin\\?q=[^#]+#jobs-unpublish-${id}$`));
    const row = stale.page.locator('[data-job]').filter({ hasText: job.title }).first();
    await expect(row).toContainText('(live)');
    const unpublish = row.getByRole('button', { name: 'Unpublish' });
    if (javaScriptEnabled) await expect(unpublish).toBeFocused();
    await unpublish.click();
    await row.getByRole('button', { name: 'Unpublish for good' }).click();
    await expect(
      stale.page.getByRole('status').filter({ hasText: `Unpublished “${job.title}”` }),
    ).toBeVisible();
    await stale.context.close();
  });
}

/** `text` as a regular expression that matches it literally. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const javaScriptEnabled of [false, true]) {
  test(`the console ${javaScriptEnabled ? 'with' : 'without'} JavaScript: unpublish, suspend and maintenance ask first, saying what would happen; Cancel leaves all as it was; a refused form that is gone keeps what was typed`, async ({
    browser,
    request,
  }) => {
    // A company no other journey changes; each run takes its own jobs.
    const companyId = companies.at(-3)!;
    const ownJobs = activeJobs.filter(
      (j) =>
        j.companyId === companyId && (j.validThrough?.getTime() ?? Infinity) > Date.now() + DAY,
    );
    const [job, taken] = javaScriptEnabled
      ? [ownJobs[1]!, ownJobs[3]!]
      : [ownJobs[0]!, ownJobs[2]!];
    const company = companyOf(job);
    const { context, page } = await asOperator(browser, { javaScriptEnabled });
    await page.goto(
      `${paths.admin}?${new URLSearchParams({ company: company.companyName, q: job.pageUrl })}`,
    );

    // The repeated button keeps its bare name and is described by its item's title.
    const row = page.locator(`[data-job="${job.pageUrl}"]`);
    const unpublish = row.getByRole('button', { name: 'Unpublish', exact: true });
    await expect(unpublish).toHaveAccessibleDescription(new RegExp(`^${literally(job.title)} — `));
    await expect(row.getByRole('button', { name: 'Reject' })).toHaveAccessibleDescription(
      new RegExp(`^${literally(job.title)} — `),
    );
    await expect(row.getByLabel('Reason')).toHaveAccessibleDescription(
      new RegExp(`^${literally(job.title)} — `),
    );

    await unpublish.click();
    await expect(row).toContainText(
      `Unpublish “${job.title}” at ${company.companyName}? It closes at once: it leaves the board and its page says it is no longer active.`,
    );
    const forGood = row.getByRole('button', { name: 'Unpublish for good' });
    await expect(forGood).toBeFocused();
    await expect(page.getByRole('status')).toContainText(`Unpublish “${job.title}”`);
    // Keyboard: Tab to Cancel, Enter; the job stays live and the button comes back.
    await page.keyboard.press('Tab');
    await expect(row.getByRole('link', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(forGood).toHaveCount(0);
    await expect(page.getByRole('status')).toHaveText(
      'Cancelled: the job was not unpublished. Nothing was changed.',
    );
    await expect(row).toContainText('(live)');
    // Back where they were: the focus (with JavaScript) or the next Tab (without) is the button.
    if (!javaScriptEnabled) await page.keyboard.press('Tab');
    await expect(unpublish).toBeFocused();

    const companyRow = page.locator(`[data-company="${company.id}"]`);
    await expect(companyRow.getByRole('button', { name: 'Suspend' })).toHaveAccessibleDescription(
      company.companyName,
    );
    await companyRow.getByRole('button', { name: 'Suspend' }).click();
    await expect(companyRow).toContainText(
      new RegExp(
        `Suspend ${literally(company.companyName)} #${company.id}\\? Its company page and its \\d+ live jobs? leave the board at once and stay hidden until you unsuspend it\\.`,
      ),
    );
    await expect(companyRow.getByRole('button', { name: 'Suspend now' })).toBeFocused();
    // With JavaScript, Escape is Cancel, as in a dialog, and the focus goes back to the button.
    const suspend = companyRow.getByRole('button', { name: 'Suspend', exact: true });
    if (javaScriptEnabled) {
      await page.keyboard.press('Escape');
      await expect(suspend).toBeFocused();
    } else {
      await companyRow.getByRole('link', { name: 'Cancel' }).click();
      await expect(suspend).toBeVisible();
    }
    await expect(companyRow.getByRole('button', { name: 'Suspend now' })).toHaveCount(0);
    await expect(companyRow).not.toContainText('suspended');

    await page.getByRole('button', { name: 'Turn maintenance on' }).click();
    await expect(page.locator('#maintenance-on')).toContainText(
      'Put the site into maintenance? Every page answers with the maintenance page (HTTP 503), and no form changes anything, until maintenance is turned off; only the sign-in page, the unsubscribe links of alert e-mails and, for operators, this console stay open.',
    );
    await expect(page.getByRole('button', { name: 'Put the site into maintenance' })).toBeFocused();
    await page.locator('#maintenance-on').getByRole('link', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Turn maintenance on' })).toBeVisible();
    await expect(page.getByText('Maintenance is off.')).toBeVisible();
    expect((await request.get(paths.home)).status()).toBe(200);

    // Confirmed, visitors get the maintenance page, and the console stays open to turn it off.
    try {
      await page.getByRole('button', { name: 'Turn maintenance on' }).click();
      await page.getByRole('button', { name: 'Put the site into maintenance' }).click();
      // Filtered: until the answer lands the page still shows the question's own status.
      await expect(page.getByRole('status').filter({ hasText: 'Maintenance is on' })).toBeVisible();
      expect((await request.get(paths.home)).status()).toBe(503);
      await page.getByRole('button', { name: 'Turn maintenance off' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Maintenance is off' }),
      ).toBeVisible();
      await expect(page.getByText('Maintenance is off.')).toBeVisible();
    } finally {
      npmRun('src/server/cli/maintenance.ts', 'off');
    }
    expect((await request.get(paths.home)).status()).toBe(200);

    // Confirmed, it is done: the job leaves the board.
    await unpublish.click();
    await forGood.click();
    await expect(
      page.getByRole('status').filter({ hasText: `Unpublished “${job.title}”` }),
    ).toBeVisible();
    await expect(row).toContainText('(closed, unpublished by an operator)');
    expect((await request.get(paths.job(job.pageUrl))).status()).toBe(410);

    // Another operator rejects a job while this one types a message for it: the form is gone
    // when this one presses Reject, and the top of the page keeps the message to copy.
    await page.goto(`${paths.admin}?${new URLSearchParams({ q: taken.pageUrl })}`);
    const takenRow = page.locator(`[data-job="${taken.pageUrl}"]`);
    await takenRow.getByLabel('Reason').selectOption('Other');
    const message = 'Please name the city and the salary range, then send it again.';
    await takenRow.getByLabel('Message to the employer').fill(message);
    const other = await asOperator(browser);
    await other.page.goto(`${paths.admin}?${new URLSearchParams({ q: taken.pageUrl })}`);
    const otherRow = other.page.locator(`[data-job="${taken.pageUrl}"]`);
    await otherRow.getByLabel('Reason').selectOption('Not a real job opening');
    await otherRow.getByRole('button', { name: 'Reject' }).click();
    await expect(other.page.getByRole('status')).toContainText(`Rejected “${taken.title}”`);
    await other.context.close();
    await takenRow.getByRole('button', { name: 'Reject' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(
      `“${taken.title}” was rejected already, for another reason: Not a real job opening. The employer was not e-mailed again.`,
    );
    await expect(alert.getByLabel('Your message to the employer, to copy')).toHaveValue(message);
    await expect(alert.getByRole('link', { name: 'Go to the form' })).toHaveCount(0);
    await expect(takenRow.getByRole('button', { name: 'Reject' })).toHaveCount(0);
    // The button pressed went with its form: the focus is on what was refused, not on the page.
    if (javaScriptEnabled) await expect(alert).toBeFocused();

    // Another operator unpublishes a job this console still shows live: Unpublish pressed here
    // says what happened to it, in words, and takes the focus the same way.
    const stale = ownJobs[javaScriptEnabled ? 5 : 4]!;
    const staleSearch = `${paths.admin}?${new URLSearchParams({ q: stale.pageUrl })}`;
    await page.goto(staleSearch);
    const staleRow = page.locator(`[data-job="${stale.pageUrl}"]`);
    const first = await asOperator(browser);
    await first.page.goto(staleSearch);
    const firstRow = first.page.locator(`[data-job="${stale.pageUrl}"]`);
    await firstRow.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await firstRow.getByRole('button', { name: 'Unpublish for good' }).click();
    await expect(
      first.page.getByRole('status').filter({ hasText: `Unpublished “${stale.title}”` }),
    ).toBeVisible();
    await first.context.close();
    await staleRow.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await expect(alert).toHaveText(
      `“${stale.title}” was unpublished already by an operator, so it is not on the board. Nothing was changed.`,
    );
    await expect(staleRow).toContainText('(closed, unpublished by an operator)');
    await expect(staleRow.getByRole('button', { name: 'Unpublish', exact: true })).toHaveCount(0);
    if (javaScriptEnabled) await expect(alert).toBeFocused();
    // Nothing new sticks out sideways at a phone's width.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await context.close();
  });
}

test('a job past its closing date answers 410 and is gone from the listing, sitemap and counts', async ({
  request,
  page,
}) => {
  const past = demoJobs.find(
    (j) => j.isActive !== false && j.validThrough != null && j.validThrough.getTime() < Date.now(),
  );
  expect(past, 'the demo data has a job past its closing date').toBeDefined();
  const job = past!;
  npmRun('src/server/cli/tasks.ts', 'run', 'expire-jobs');
  const response = await page.goto(paths.job(job.pageUrl));
  expect(response?.status()).toBe(410);
  expect(await page.locator('script[type="application/ld+json"]').count()).toBe(0);
  const sitemap = await (await request.get(paths.sitemap)).text();
  expect(sitemap).not.toContain(job.pageUrl);
  // The company's count is the number of jobs its listing shows (all on one page), without it.
  const listing = await request.get(
    `${apiPaths.currentOpenings}?company=${job.companyId}&pageSize=50`,
  );
  const body = (await listing.json()) as {
    content: { noofJobs: number; jobs: { pageUrl: string }[]; nextCursor: string | null };
  };
  expect(body.content.nextCursor).toBeNull();
  expect(body.content.jobs.length).toBeGreaterThan(0);
  expect(body.content.noofJobs).toBe(body.content.jobs.length);
  expect(body.content.jobs.map((j) => j.pageUrl)).not.toContain(job.pageUrl);
});

test('the reminder’s extend link works once and only once', async ({ page }) => {
  const soon = activeJobs.find(
    (j) =>
      j.validThrough != null &&
      j.validThrough.getTime() > Date.now() + DAY + 3_600_000 &&
      j.validThrough.getTime() < Date.now() + 6 * DAY,
  );
  expect(soon, 'the demo data has a job closing within a week').toBeDefined();
  const job = soon!;
  const company = companyOf(job);
  const email = demoEmail(company.companyWebsite ?? null, company.id);
  npmRun('src/server/cli/tasks.ts', 'run', 'expiry-reminders');
  const mail = mailsTo(outbox, email).find(
    (m) => m.includes(job.title) && m.includes('/job-link/'),
  );
  expect(mail, `a reminder to ${email}`).toBeDefined();
  const extend = mail!.match(/https?:\/\/[^\s"<>]+\/job-link\/[\w-]+/)![0];
  const link = new URL(extend).pathname;
  await page.goto(link);
  await page.getByRole('button', { name: 'Extend by 30 days' }).click();
  await expect(page.getByRole('status')).toContainText('Done:');
  const again = await page.goto(link);
  expect(again?.status()).toBe(410);
  await expect(page.getByText('This link was used already')).toBeVisible();
  // What the job is now is a link away.
  await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
    'href',
    '/employer',
  );
});

test('a job closed for a broken apply link is reopened by its employer once the link works', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const other = companies[1]!;
  const job = openWithApplyLink(other, 30)[0]!;
  const company = companyOf(job);
  const email = demoEmail(company.companyWebsite ?? null, company.id);
  await signIn(page, email);
  // The employer moves the link to an address that never resolves (.invalid, RFC 2606).
  await page.goto(paths.employerJobEdit(job.id));
  await page.getByLabel('Apply link').fill('https://careers.openings-e2e.invalid/apply');
  await page.getByRole('button', { name: 'Save changes' }).click();
  // Demo companies are unverified: a new apply link sends the live job back to review, off the
  // board, until an operator approves it (it is in the console's review queue).
  await expect(page).toHaveURL(/\/employer\?done=changes-in_review/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your changes were sent for review' }),
  ).toBeVisible();
  expect((await request.get(paths.job(job.pageUrl))).status()).not.toBe(200);
  const reviewer = await asOperator(browser);
  await reviewer.page.goto(paths.admin);
  // The queue's title opens the operator's preview (its public page answers no): the job as its
  // page shows it, with the new apply link as text, and the Approve that goes back to the queue.
  await reviewer.page
    .locator(`[data-review="${job.pageUrl}"]`)
    .getByRole('link', { name: job.title, exact: true })
    .click();
  await expect(reviewer.page).toHaveURL(paths.adminJob(job.id));
  await expect(reviewer.page.getByRole('heading', { level: 1 })).toHaveText(job.title);
  await expect(reviewer.page.locator('[data-apply-link]')).toHaveText(
    'https://careers.openings-e2e.invalid/apply',
  );
  await expectNoAxeViolations(reviewer.page);
  await reviewer.page.getByRole('button', { name: 'Approve' }).click();
  await expect(reviewer.page.getByRole('status')).toContainText(`Approved “${job.title}”`);
  await reviewer.context.close();
  // Two checks in a row fail (a manual run checks every link now): the job closes.
  npmRun('src/server/cli/tasks.ts', 'run', 'apply-link-checks');
  expect((await request.get(paths.job(job.pageUrl))).status()).toBe(200);
  npmRun('src/server/cli/tasks.ts', 'run', 'apply-link-checks');
  expect((await request.get(paths.job(job.pageUrl))).status()).toBe(410);
  expect(mailsTo(outbox, email).find((m) => m.includes(job.title))).toContain(
    'apply link did not work',
  );

  await page.goto(paths.employerFiltered('closed'));
  const row = page.locator(`[data-link-closed="${job.id}"]`);
  await expect(row).toContainText('Closed because its apply link did not work');
  // Checked again on demand: still broken, and the page says so.
  await page.getByRole('button', { name: `Check the link again: ${job.title}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'still does not work' })).toBeVisible();
  await page.getByRole('button', { name: `Reopen: ${job.title}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'still does not work' })).toBeVisible();
  expect((await request.get(paths.job(job.pageUrl))).status()).toBe(410);

  // The employer corrects the link (this server's own page answers 200), then reopens the job.
  await page.goto(paths.employerJobEdit(job.id));
  await page.getByLabel('Apply link').fill(`${journeys.baseURL}${paths.about}`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.goto(paths.employerFiltered('closed'));
  await page.getByRole('button', { name: `Reopen: ${job.title}` }).click();
  // Demo companies are unverified: the job waits in the queue until an operator approves it.
  await expect(page.getByRole('status')).toContainText('goes live once our team has checked it');
  expect((await request.get(paths.job(job.pageUrl))).status()).toBe(410);
  const { context, page: admin } = await asOperator(browser);
  await admin.goto(paths.admin);
  await admin
    .locator(`[data-review="${job.pageUrl}"]`)
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(admin.getByRole('status')).toContainText(`Approved “${job.title}”`);
  await context.close();
  expect((await request.get(paths.job(job.pageUrl))).status()).toBe(200);
});
