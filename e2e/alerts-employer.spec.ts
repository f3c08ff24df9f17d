// Job seekers' journeys in Chromium, at 1280 and 360 px with axe: follow a filtered search by
// e-mail (confirmed through the mail a local SMTP listener receives), the demo employer posts a
// matching job, the digest brings only that job, one-click unsubscribe; save a job, its employer
// closes it, /saved says it is closed; hide a company, its jobs leave the listing and the toggle
// brings them back. Runs its own server (mail through SMTP_URL), on journeys.port + 4.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { journeys } from '../playwright.config.ts';
import { startScript } from '../scripts/server-process.mjs';
import { DEMO_PASSWORD } from '../src/server/db/seed/demo-accounts.ts';
import { type SmtpSink, startSmtpSink } from '../test/support/smtp.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { paths } from '../src/web/lib/paths.ts';
import { chooseSoftwareInBengaluru, waitForHydration } from './support/pages.ts';

const port = journeys.port + 4;
const origin = `http://127.0.0.1:${port}`;
const dataDir = path.join(tmpdir(), `openings-e2e-${port}`);
const employerEmail = 'hiring@paysetutechnologies.example';
const companyName = 'Paysetu Technologies';

let server: ChildProcess | undefined;
let smtp: SmtpSink;
let companyId = '';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: origin });

/** An operator command against the journey server; asynchronous, so the SMTP listener in this
 * process keeps answering while the server sends the digest. */
async function cli(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('npx', ['tsx', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: origin },
    encoding: 'utf8',
  });
  return stdout;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = await startSmtpSink();
  // A server left from an earlier run would answer instead of ours.
  const stale = await fetch(`${origin}/readyz`).then(
    () => true,
    () => false,
  );
  if (stale) throw new Error(`Port ${port} is taken: stop the server on it first.`);
  rmSync(dataDir, { recursive: true, force: true });
  // Run as `npm start` runs it (scripts/start.mjs), like the other browser tests' servers.
  server = spawn(process.execPath, [startScript], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      SMTP_URL: smtp.url,
      // The demo employer and the seekers have reserved (.example) addresses.
      SMTP_ALLOW_RESERVED: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
    // Its own process group, so stopping it stops the start script and the server together.
    detached: true,
  });
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (i > 400) throw new Error('the journey server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  // The demo employer also reviews, so its own job can go live (demo companies are unverified).
  await cli('src/server/cli/operator.ts', 'add', employerEmail);
  const res = await fetch(`${origin}/api/v1/companies/our-companies?name=Paysetu`);
  const body = (await res.json()) as { content: { companies: { _id: string }[] } };
  companyId = body.content.companies[0]!._id;
});

test.afterAll(async () => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  await smtp?.close();
});

async function axe(page: Page) {
  await waitForHydration(page);
  await expectNoAxeViolations(page);
}

async function signIn(page: Page) {
  await page.goto(paths.login);
  await page.getByLabel('E-mail address').fill(employerEmail);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The demo employer posts a job (it waits for review), then approves it as an operator. */
async function postLiveJob(browser: Browser, title: string) {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await signIn(page);
  await page.goto(paths.employerJobNew);
  await waitForHydration(page);
  await page.getByLabel('Title').fill(title);
  await chooseSoftwareInBengaluru(page);
  await page.getByLabel('Job type').selectOption({ index: 1 });
  await page.getByLabel('Experience level').selectOption({ index: 1 });
  await page.getByLabel('Not mentioned').check();
  await page.getByLabel('Apply link').fill('https://paysetutechnologies.example/careers');
  await page.getByLabel('Description').fill('Build the payments ledger with a small team.');
  await page.getByRole('button', { name: 'Submit job' }).click();
  await expect(page).toHaveURL(/\/employer\?done=/);
  await page.goto(paths.admin);
  const item = page.locator('[data-review]').filter({ hasText: title });
  await item.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Approved' })).toBeVisible();
  return { context, page };
}

function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim();
}

for (const view of [
  { name: 'wide', width: 1280, height: 900 },
  { name: 'narrow', width: 360, height: 780 },
]) {
  test(`${view.name}: follow a search by e-mail, get only the new job, unsubscribe in one click`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(view);
    const email = `seeker-${view.name}-${Date.now()}@example.com`;

    // A filtered search (the demo employer's company), then its Follow menu.
    await page.goto(`${paths.jobs}?company=${companyId}`);
    await waitForHydration(page);
    await page.getByText('Follow this search').click();
    await axe(page);
    await page.getByRole('link', { name: 'Get these jobs by e-mail' }).click();
    await expect(page.getByRole('heading', { name: 'Get these jobs by e-mail' })).toBeVisible();
    await expect(page.getByText(`Jobs at ${companyName}`)).toBeVisible();
    await axe(page);
    await page.getByLabel('Your e-mail address').fill(email);
    await page.getByLabel('Weekly').check();
    await page.getByRole('button', { name: 'Send me a confirmation link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

    // Double opt-in: the link from the mail shows a button; its POST starts the alert.
    const confirmMail = await smtp.waitFor(email, /^Confirm your job alert/);
    const confirmLink = confirmMail.text.match(/https?:\/\/\S+\/alerts\/confirm\?token=\S+/)![0];
    await page.goto(confirmLink);
    await axe(page);
    await page.getByRole('button', { name: 'Start my alert' }).click();
    await expect(page.getByRole('heading', { name: 'Your alert is on' })).toBeVisible();

    // The employer posts a matching job; the digest (run as an operator would) brings only it.
    const title = `Ledger Engineer ${view.name} ${Date.now()}`;
    const employer = await postLiveJob(browser, title);
    await employer.context.close();
    await cli('src/server/cli/tasks.ts', 'run', 'alert-digests');
    const digest = await smtp.waitFor(email, /^1 new job: Jobs at Paysetu Technologies/, 15_000);
    expect(digest.text).toContain(title);
    const jobLinks = digest.text.match(/https?:\/\/\S+\/job-description\/\S+/g) ?? [];
    expect(jobLinks).toHaveLength(1);

    // One-click unsubscribe as a mail client does it: POST to List-Unsubscribe, no cookies.
    expect(header(digest.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = header(digest.raw, 'List-Unsubscribe')!.replace(/^<|>$/g, '');
    const res = await request.post(unsubscribe, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: 'List-Unsubscribe=One-Click',
    });
    expect(res.status()).toBe(200);
    const manage = digest.text.match(/https?:\/\/\S+\/alerts\/manage\?token=\S+/)![0];
    expect((await request.get(manage)).status()).toBe(404);
  });

  test(`${view.name}: save a job its employer then closes; hide a company and bring it back`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(view);
    const title = `Treasury Analyst ${view.name} ${Date.now()}`;
    const employer = await postLiveJob(browser, title);

    // Save it from its card (kept in this browser: no account).
    await page.goto(`${paths.jobs}?company=${companyId}`);
    await waitForHydration(page);
    const save = page.getByRole('button', { name: `Save ${title}` });
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    await save.click();
    await expect(save).toHaveAttribute('aria-pressed', 'true');
    await page.goto(paths.saved);
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await axe(page);

    // Its employer closes it: /saved says so, with no link to a dead page.
    await employer.page.goto(paths.employer);
    await employer.page.getByRole('button', { name: `Close: ${title}` }).click();
    await employer.page.getByRole('button', { name: `Close the job: ${title}` }).click();
    await expect(
      employer.page.getByRole('status').filter({ hasText: 'Job closed.' }),
    ).toBeVisible();
    await employer.context.close();
    await page.reload();
    const saved = page.getByRole('list', { name: 'Saved jobs' }).getByRole('listitem');
    await expect(saved.filter({ hasText: title })).toContainText('This job is closed');
    await expect(page.getByRole('link', { name: title })).toHaveCount(0);
    await axe(page);

    // Hide a company from one of its cards: all its cards leave the listing; the toggle returns them.
    await page.goto(paths.jobs);
    await waitForHydration(page);
    const cards = page
      .getByRole('list')
      .filter({ has: page.locator('li > a[href^="/job-description/"]') })
      .first()
      .locator(':scope > li');
    const firstCard = cards.first();
    await firstCard.locator('summary[aria-label^="More for"]').click();
    const hideCompany = firstCard.getByRole('button', { name: /^Hide jobs from / });
    const hiddenCompany = (await hideCompany.getAttribute('aria-label'))!.replace(
      'Hide jobs from ',
      '',
    );
    const before = await cards.filter({ hasText: hiddenCompany }).count();
    expect(before).toBeGreaterThan(0);
    await hideCompany.click();
    await expect(cards.filter({ hasText: hiddenCompany })).toHaveCount(0);
    await expect(page.getByText(`${before} hidden —`)).toBeVisible();
    await axe(page);
    await page.getByRole('button', { name: 'show', exact: true }).click();
    await expect(cards.filter({ hasText: hiddenCompany })).toHaveCount(before);
  });
}
