// The ATS sync journey in Chromium: a demo employer (its company verified by an operator) connects
// a Greenhouse board served by the local fake ATS server, sees how many postings were found, syncs
// again, and the jobs show on the public board with "Verified on the company's site"; a posting
// with an unknown city waits for review, and the company is told why (job sources, its form, its
// preview, the dashboard); a stopped board server shows the error (there and on the dashboard)
// and closes nothing.
import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { fakeAts, journeys } from '../playwright.config.ts';
import { DEMO_PASSWORD, demoEmail } from '../src/server/db/seed/demo-accounts.ts';
import { paths } from '../src/web/lib/paths.ts';
import { type FakeAts, startFakeAts } from '../test/fake-ats/server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { activeJobs, companyOf } from './demo-jobs.ts';
import { waitForHydration } from './support/pages.ts';

// The last demo company: the operators' journey uses the first, the employer journey its own.
const companyIds = [...new Set(activeJobs.map((j) => j.companyId))];
const company = companyOf(activeJobs.find((j) => j.companyId === companyIds.at(-1))!);
const email = demoEmail(company.companyWebsite ?? null, company.id);

let fake: FakeAts;

test.beforeAll(async () => {
  fake = await startFakeAts(fakeAts.port);
  // The company must be verified for its synced jobs to go live without review: an operator
  // verifies it (this account is made one for the purpose).
  execFileSync('npx', ['tsx', 'src/server/cli/operator.ts', 'add', email], {
    env: { ...process.env, DATA_DIR: journeys.dataDir, PUBLIC_URL: journeys.baseURL },
    encoding: 'utf8',
  });
});
test.afterAll(async () => {
  await fake?.stop();
});

async function signIn(page: Page) {
  await page.goto(paths.login);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

async function axe(page: Page) {
  await waitForHydration(page);
  await expectNoAxeViolations(page);
}

test('a demo employer connects a Greenhouse board; its jobs show, verified on the company site', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);

  await page.goto(`${paths.admin}?company=${encodeURIComponent(company.companyName)}#companies`);
  const row = page.getByRole('listitem').filter({ hasText: `#${company.id}` });
  // Demo companies start unverified, and no other journey touches this one.
  await row.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Verified ${company.companyName} #${company.id}.` }),
  ).toBeVisible();

  await page.goto(paths.employer);
  await page.getByRole('link', { name: 'Job sources' }).click();
  await expect(page.getByRole('heading', { name: 'Job sources', level: 1 })).toBeVisible();
  await expect(page.getByText('No board connected yet.')).toBeVisible();
  await axe(page);
  // Before a system is chosen the hint is short, not every system's at once.
  await waitForHydration(page);
  await expect(page.locator('#field-boardId-hint')).toHaveText(
    'Choose your system first: this then says where to find the board name. Or paste the address of your job board.',
  );
  await expect(page.locator('[data-board-hints]')).toHaveCount(0);

  // A board that does not exist is named in the error; nothing is saved.
  await page.getByLabel('System').selectOption('greenhouse');
  await page.getByLabel('Board name').fill('nobody');
  await page.getByRole('button', { name: 'Connect and read the board' }).click();
  await expect(page.getByRole('alert')).toContainText('board not found (HTTP 404)');
  await expect(page.getByLabel('Board name')).toHaveAttribute('aria-invalid', 'true');

  // With JavaScript the hint is the chosen system's; the board's address may be pasted whole.
  await page.getByLabel('System').selectOption('greenhouse');
  await expect(page.locator('#field-boardId-hint')).toHaveText(
    'The word after boards.greenhouse.io/ in your job board address, e.g. acme. Or paste the address of your Greenhouse job board.',
  );
  await page.getByLabel('Board name').fill('https://boards.greenhouse.io/acme');
  await page.getByRole('button', { name: 'Connect and read the board' }).click();
  await expect(page.getByRole('status')).toContainText(
    'Found 3 postings on Greenhouse board "acme": 2 added, 0 updated, 1 held for our review. Held because we could not place them: “Frontend Engineer” (unknown city "Atlantis").',
  );
  const connection = page.getByRole('listitem').filter({ hasText: 'Greenhouse · acme' });
  await expect(connection).toContainText('Last sync succeeded');
  await expect(connection).toContainText('Live jobs from it: 2');
  await expect(connection).toContainText('Waiting for our review: 1');
  await expect(connection).toContainText('Frontend Engineer: unknown city "Atlantis"');

  // The company is told why on its dashboard, on the job's form and in its preview, and that
  // the board's next change replaces edits made here.
  await connection.getByRole('link', { name: 'Frontend Engineer' }).click();
  await expect(page.getByRole('heading', { name: 'Edit a job', level: 1 })).toBeVisible();
  await expect(page.locator('[data-from-board]')).toContainText(
    'This job comes from your Greenhouse board “acme”',
  );
  await expect(page.locator('[data-from-board]')).toContainText(
    'Held for our review: unknown city "Atlantis".',
  );
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.locator('[data-held]')).toContainText(
    'Held for our review: unknown city "Atlantis". Where we could not place it, this preview shows a stand-in',
  );
  await page.goto(paths.employer);
  const heldRow = page.getByRole('listitem').filter({ hasText: 'Frontend Engineer' });
  await expect(heldRow).toContainText('In review');
  await expect(heldRow).toContainText('Held for our review: unknown city "Atlantis".');
  await page.goto(paths.employerJobSources);

  await connection.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByRole('status')).toContainText(
    'Found 3 postings on your board: 0 added, 0 updated.',
  );
  await page.setViewportSize({ width: 360, height: 800 });
  await axe(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // On the public board: the two postings we could place; the one in "Atlantis" waits for review.
  await page.goto(`${paths.jobs}?company=${company.id}&q=Engineer`);
  await expect(page.getByRole('heading', { name: 'Senior Backend Engineer' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Frontend Engineer' })).toHaveCount(0);
  await page.getByRole('heading', { name: 'Senior Backend Engineer' }).click();
  await expect(
    page.getByRole('heading', { name: 'Senior Backend Engineer', level: 1 }),
  ).toBeVisible();
  await expect(page.getByTestId('job-freshness')).toHaveText(
    /^Verified on the company's site (just now|\d+ minutes? ago)$/,
  );
  // The description arrives as text: no markup from the board, its lists in our lists.
  await expect(page.getByText('Design and ship backend services')).toBeVisible();
  await expect(page.locator('main script:not([type="application/ld+json"])')).toHaveCount(0);

  // A stopped board server: the dashboard shows the error; the jobs stay on the board.
  await fake.stop();
  await page.goto(paths.employerJobSources);
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Greenhouse · acme' })
    .getByRole('button', { name: 'Sync now' })
    .click();
  await expect(page.getByRole('status')).toContainText('No job was changed.');
  const failed = page.getByRole('listitem').filter({ hasText: 'Greenhouse · acme' });
  await expect(failed).toContainText('Last sync failed');
  await expect(failed).toContainText('could not connect');
  await page.goto(paths.employer);
  await expect(page.locator('[data-failed-syncs]')).toContainText('A job source could not be read');
  await expect(page.locator('[data-failed-syncs]')).toContainText('Greenhouse · acme: ');
  await expect(page.locator('[data-failed-syncs]')).toContainText('could not connect');
  await page.goto(`${paths.jobs}?company=${company.id}&q=Engineer`);
  await expect(page.getByRole('heading', { name: 'Senior Backend Engineer' })).toBeVisible();
  fake = await startFakeAts(fakeAts.port);

  // Disconnecting with its jobs closed asks first, naming how many close; Escape puts the
  // question away and the focus back on Disconnect, which asks again.
  await page.goto(paths.employerJobSources);
  await waitForHydration(page);
  const board = page.getByRole('listitem').filter({ hasText: 'Greenhouse · acme' });
  await board.getByLabel('close now').check();
  const disconnect = board.getByRole('button', { name: 'Disconnect Greenhouse · acme' });
  await disconnect.click();
  const question = board.getByRole('group', { name: /^Disconnect Greenhouse · acme and close/ });
  await expect(question).toContainText(
    'Its 2 live jobs leave the board at once and their pages say they are no longer active. The 1 job waiting for our review is closed too.',
  );
  await expect(question.getByText(/^Disconnect Greenhouse · acme and close/)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(disconnect).toBeFocused();
  await expect(board).toContainText('Live jobs from it: 2');
  await disconnect.click();
  await question.getByRole('button', { name: 'Disconnect and close 3 jobs' }).click();
  await expect(page.getByRole('status')).toContainText('Disconnected; 3 jobs closed.');
  await page.goto(`${paths.jobs}?company=${company.id}&q=Engineer`);
  await expect(page.getByRole('heading', { name: 'Senior Backend Engineer' })).toHaveCount(0);
});
