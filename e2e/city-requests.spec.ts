// City requests in Chromium: an employer asks for a city the list lacks from the job form (Enter in
// its box, the answer focused); an operator adds it on /admin/city-requests by keyboard alone (the
// page opens on what was done, and passes axe before and after); the employer is e-mailed and
// finds the city in the form's city box.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { journeys } from '../playwright.config.ts';
import { demoEmail } from '../src/server/db/seed/demo-accounts.ts';
import { paths } from '../src/web/lib/paths.ts';
import { activeJobs, companyOf } from './demo-jobs.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { mailsTo } from './support/outbox.ts';
import { waitForHydration, signIn } from './support/pages.ts';

const outbox = path.join(journeys.dataDir, 'outbox');
const companies = [...new Set(activeJobs.map((j) => j.companyId))];
const emailOf = (index: number) => {
  const company = companyOf(activeJobs.find((j) => j.companyId === companies[index])!);
  return demoEmail(company.companyWebsite ?? null, company.id);
};
// The operator of e2e/operators.spec.ts; an employer no other journey uses.
const operatorEmail = emailOf(0);
const employerEmail = emailOf(21);
const CITY = `Zanzibar ${Date.now().toString(36)}`;

test.beforeAll(() => {
  execFileSync('npx', ['tsx', 'src/server/cli/operator.ts', 'add', operatorEmail], {
    env: { ...process.env, DATA_DIR: journeys.dataDir, PUBLIC_URL: journeys.baseURL },
    encoding: 'utf8',
  });
});

test('an employer asks for a city, an operator adds it by keyboard, the employer can choose it', async ({
  browser,
}) => {
  const employer = await (await browser.newContext()).newPage();
  await signIn(employer, employerEmail);
  await employer.goto(paths.employerJobNew);
  await waitForHydration(employer);
  // On a new form with a title typed, Enter in the city's box asks for it (it saved a draft, and
  // the name was lost without a word); its word takes the focus as the form becomes its draft's.
  await employer.getByLabel('Title').fill('City Request Engineer');
  await employer.getByLabel('City not in the list? Name it and ask us to add it').fill(CITY);
  await employer.getByLabel('City not in the list? Name it and ask us to add it').press('Enter');
  const asked = employer
    .getByRole('status')
    .filter({ hasText: `We have passed “${CITY}” to our team` });
  await expect(asked).toBeFocused();
  await expect(employer).toHaveURL(/\/employer\/jobs\/new\?draft=\d+$/);
  await expect(employer.getByLabel('Title')).toHaveValue('City Request Engineer');

  const operator = await (await browser.newContext()).newPage();
  await signIn(operator, operatorEmail);
  await operator.goto(paths.adminCityRequests);
  await waitForHydration(operator);
  const item = operator.locator(`[data-city-request="${CITY}"]`);
  await expect(item).toContainText('asked 1 time');
  await expect(item).toContainText(employerEmail);
  await expectNoAxeViolations(operator);

  // Keyboard only: the name as asked, Tab to the region, choose it, Tab to Add city, Enter.
  const name = item.getByLabel('City name, as the list will show it');
  await name.focus();
  await expect(name).toHaveValue(CITY);
  await operator.keyboard.press('Tab');
  const region = item.getByLabel('Region and country');
  await expect(region).toBeFocused();
  await region.selectOption({ label: 'Karnataka, India' });
  await operator.keyboard.press('Tab');
  await expect(item.getByRole('button', { name: 'Add city' })).toBeFocused();
  await operator.keyboard.press('Enter');

  const done = operator.getByRole('status').filter({ hasText: `Added ${CITY}, Karnataka, India` });
  await expect(done).toBeFocused();
  await expect(operator).toHaveURL(/\/admin\/city-requests\?done=add&item=\d+$/);
  await expect(operator.locator(`[data-city-request="${CITY}"]`)).toHaveCount(0);
  await expectNoAxeViolations(operator);

  await expect
    .poll(() =>
      mailsTo(outbox, employerEmail).some(
        (m) => m.includes(CITY) && m.includes('You can now choose it in the City box'),
      ),
    )
    .toBe(true);

  await employer.goto(paths.employerJobNew);
  await waitForHydration(employer);
  await employer.getByRole('combobox', { name: 'City' }).fill(CITY.slice(0, 12));
  await expect(
    employer.getByRole('listbox').getByRole('option', { name: `${CITY}, Karnataka, India` }),
  ).toBeVisible();
});
