import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { waitForHydration } from './support/pages.ts';

const cards = (page: Page) =>
  page.locator('section[aria-labelledby="results-heading"] ul > li > a');
const count = (page: Page) => page.getByText(/^\d+(\.\d)?[km]? jobs?$/);

/** Fails the test on any console error the page logs. */
function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} ${m.location().url}`);
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

async function choose(page: Page, label: string, text: string, option: RegExp) {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(text);
  await page.getByRole('option', { name: option }).first().click();
}

/** Opens a page and waits until it has hydrated (the panel toggle needs JavaScript). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

/** The Filters disclosure (a <details>, so it works before and without JavaScript). */
const filtersToggle = (page: Page) => page.locator('summary', { hasText: 'Filters' });
const filtersOpen = (page: Page) =>
  page
    .getByRole('search', { name: 'Jobs' })
    .locator('details')
    .evaluate((d) => (d as HTMLDetailsElement).open);

async function openFilters(page: Page) {
  if (!(await filtersOpen(page))) await filtersToggle(page).click();
}

test('the first page arrives server-rendered with ten cards and the count', async ({ page }) => {
  const response = await page.request.get('/');
  const html = await response.text();
  expect(response.status()).toBe(200);
  expect(html).toContain('Find the job that fits you');
  expect(html.match(/href="\/job-description\//g)?.length).toBe(10);
  expect(html).toMatch(/\d+ jobs/);
  expect(html).toContain('<title>Home · Openings</title>');
  const jobs = await (await page.request.get('/jobs')).text();
  expect(jobs).toContain('<title>Jobs · Openings</title>');
  expect(jobs.match(/href="\/job-description\//g)?.length).toBe(10);
});

/** Counts the forms (or elements holding one) taken out of the page from its first byte on. */
async function countRemovedForms(page: Page) {
  await page.addInitScript(() => {
    const state = window as unknown as { removedForms: number };
    state.removedForms = 0;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (node instanceof Element && (node.matches('form') || node.querySelector('form')))
            state.removedForms++;
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { removedForms: number }).removedForms);
}

// React throws a Suspense boundary's server HTML away and draws it anew when the boundary gets an
// update before it has hydrated. The cards' save and hide controls wait for their chunk, and the
// marks store, starting just after hydration, re-rendered every card: the controls blinked, and
// the page's hydration grew a long task.
test("hydration keeps the cards' save and hide controls the server drew", async ({ page }) => {
  const removedForms = await countRemovedForms(page);
  await open(page, '/');
  // The controls are live, their chunk loaded and the store started: a click presses Save.
  const save = page.getByRole('button', { name: /^Save / }).first();
  await save.click();
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  expect(await removedForms()).toBe(0);
});

test("a job hidden in this browser leaves the list; the other cards' controls stay", async ({
  page,
}) => {
  await open(page, '/');
  const first = page
    .locator('main li')
    .filter({ has: page.locator('form') })
    .first();
  const id = Number(await first.locator('input[name="id"]').first().getAttribute('value'));
  const href = await first.locator('a[href^="/job-description/"]').first().getAttribute('href');
  await page.evaluate(
    (hidden) =>
      localStorage.setItem(
        'openings:marks',
        JSON.stringify({ saved: [], 'hidden-job': [hidden], 'hidden-company': [] }),
      ),
    id,
  );
  const removedForms = await countRemovedForms(page);
  await open(page, '/');
  await expect(page.getByText('1 hidden —')).toBeVisible();
  await expect(page.locator(`main a[href="${href}"]`)).toHaveCount(0);
  await expect(page.locator('main li').filter({ has: page.locator('form') })).toHaveCount(9);
  // Only the hidden card left the page: the nine others kept the controls the server drew.
  expect(await removedForms()).toBe(1);
});

test('hiding a job by keyboard moves the focus to the next card, not the top of the page', async ({
  page,
}) => {
  await open(page, '/');
  const next = await cards(page).nth(1).getAttribute('href');
  await page.locator('summary[aria-label^="More for"]').first().focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Hide this job' }).first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('1 hidden —')).toBeVisible();
  await expect(page.locator(`main a[href="${next}"]`)).toBeFocused();
});

test('filters by typing and choosing, mirrors the address, and clears', async ({ page }) => {
  const errors = watchConsole(page);
  // The page reads through its own routes: suggestions too, none of it through the JSON API.
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (/^\/(api|suggest)\//.test(url.pathname)) asked.push(url.pathname + url.search);
  });
  await open(page, '/');
  await openFilters(page);
  const total = await count(page).textContent();

  await choose(page, 'Location', 'benga', /Bengaluru/);
  await expect(page).toHaveURL(/[?&]location=\d+/);
  await expect(count(page)).not.toHaveText(total ?? '');
  const cities = await cards(page).allTextContents();
  expect(cities.length).toBeGreaterThan(0);
  for (const text of cities) expect(text).toContain('Bengaluru');

  await page.getByLabel('Experience level').selectOption({ label: 'Fresher' });
  await expect(page).toHaveURL(/experienceLevel=0/);
  for (const text of await cards(page).allTextContents()) expect(text).toContain('Fresher');

  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(count(page)).toHaveText(total ?? '');
  await expect(page.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
  expect(errors).toEqual([]);
  expect(asked).toEqual(['/suggest/locations?name=benga']);
});

test('role and company filters combine with the keyword', async ({ page }) => {
  await open(page, '/');
  await openFilters(page);
  const role = page.getByRole('combobox', { name: 'Role' });
  await role.fill('zzzzzz');
  await expect(page.getByText('Role not found...')).toBeVisible();
  await choose(page, 'Role', 'engineer', /engineer/i);
  await expect(page).toHaveURL(/role=\d+/);
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill('engineer');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/q=engineer/);
  await expect(page).toHaveURL(/role=\d+/);
  await expect(cards(page).first()).toBeVisible();

  await page.getByRole('combobox', { name: 'Company' }).fill('qqqqxx');
  await expect(page.getByText('Companies not found...')).toBeVisible();
});

test('a filter changed while the last choice is still loading keeps that choice', async ({
  page,
}) => {
  await open(page, '/');
  await openFilters(page);
  // The listing's answer for the chosen location is held back, so the next change comes first.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/[?&]location=\d+/, async (route) => {
    await held;
    await route.continue();
  });
  await choose(page, 'Location', 'benga', /Bengaluru/);
  await page.getByLabel('Work mode').selectOption({ label: 'Hybrid' });
  release();
  await expect(page).toHaveURL(/workMode=hybrid/);
  await expect(page).toHaveURL(/[?&]location=\d+/);
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue(/Bengaluru/);
});

test('a shared address opens with the labels, and back/forward restore the list', async ({
  page,
}) => {
  await open(page, '/');
  const firstTitle = await cards(page).first().locator('h3').textContent();
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Popular');
  await expect(page).toHaveURL(/sortBy=true/);
  await openFilters(page);
  await choose(page, 'Location', 'berlin', /Berlin/);
  await expect(page).toHaveURL(/location=\d+/);
  const shared = page.url();

  await page.goBack();
  await expect(page).not.toHaveURL(/location=/);
  await page.goBack();
  await expect(page).not.toHaveURL(/sortBy/);
  await expect(cards(page).first().locator('h3')).toHaveText(firstTitle ?? '');
  await page.goForward();
  await expect(page).toHaveURL(/sortBy=true/);

  await open(page, shared);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('true');
  // The boxes of a page opened with filters are read-only until used; the first one focused
  // becomes the working combobox and keeps the focus.
  const location = page.getByLabel('Location', { exact: true });
  await expect(location).toHaveValue(/Berlin/);
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveCount(0);
  await location.focus();
  const box = page.getByRole('combobox', { name: 'Location' });
  await expect(box).toBeFocused();
  await expect(box).toHaveValue(/Berlin/);
  await page.keyboard.press('Control+a');
  await page.keyboard.type('mumb');
  await page
    .getByRole('option', { name: /Mumbai/ })
    .first()
    .click();
  await expect(page).toHaveURL(/location=\d+/);
  await expect(box).toHaveValue(/Mumbai/);
});

// That a deep page costs what the first does is measured on the statements themselves
// (src/server/modules/jobs/listing-cost.test.ts), not through a browser.
/** The posting dates of the cards shown, in order. */
const postedDates = (page: Page) =>
  cards(page)
    .locator('time')
    .evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''));

test('a keyword search puts the best matches first, and Newest puts them in date order', async ({
  page,
}) => {
  await open(page, '/');
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  // Without a keyword there is no best match to offer.
  await expect(sort.locator('option')).toHaveText(['Newest', 'Popular']);
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill('react');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/\?q=react$/);
  await expect(sort.locator('option')).toHaveText(['Best match', 'Newest', 'Popular']);
  await expect(sort.locator('option:checked')).toHaveText('Best match');
  // Jobs with React in the title come before newer ones with it among their skills.
  const bestFirst = await postedDates(page);
  expect(bestFirst).not.toEqual(bestFirst.toSorted().reverse());

  await sort.selectOption('Newest');
  await expect(page).toHaveURL(/\/\?q=react&sortBy=false$/);
  await expect.poll(() => postedDates(page)).not.toEqual(bestFirst);
  const newest = await postedDates(page);
  expect(newest).toHaveLength(10);
  expect(newest).toEqual(newest.toSorted().reverse());
  await expect(sort.locator('option:checked')).toHaveText('Newest');

  // Back to the best match; and with the keyword gone, Newest is the default again.
  await sort.selectOption('Best match');
  await expect(page).toHaveURL(/\/\?q=react$/);
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill('');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(sort.locator('option')).toHaveText(['Newest', 'Popular']);
  await expect(sort.locator('option:checked')).toHaveText('Newest');
});

test('Browse more appends ten at a time to the end', async ({ page }) => {
  await open(page, '/?experienceLevel=1');
  const more = page.getByRole('link', { name: /Browse more jobs/ });
  let shown = 10;
  await expect(cards(page)).toHaveCount(10);
  const seen = new Set(
    await cards(page).evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
  );
  while (await more.isVisible()) {
    await more.click();
    await expect(cards(page)).not.toHaveCount(shown);
    shown = await cards(page).count();
  }
  const hrefs = await cards(page).evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(new Set(hrefs).size).toBe(hrefs.length);
  for (const href of seen) expect(hrefs).toContain(href);
  await expect(page.getByText('You are reached end of the jobs list...')).toBeVisible();
  const total = Number((await count(page).textContent())?.split(' ')[0]);
  expect(hrefs.length).toBe(total);
});

test('no matching jobs shows the message and a way back', async ({ page }) => {
  await open(page, '/?q=zzqxnothingmatches');
  await expect(page.getByText('No jobs match these words right now.')).toBeVisible();
  // A keyword is no filter: the way out is the jobs without it.
  await page.getByRole('link', { name: 'Show all jobs' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(cards(page)).toHaveCount(10);
});

test('a location typed but not chosen is searched when the form is sent, as without JavaScript', async ({
  page,
}) => {
  await open(page, '/');
  await openFilters(page);
  const location = page.getByRole('combobox', { name: 'Location' });
  await location.click();
  await page.keyboard.type('Mumbai');
  // Search takes the focus from the box, which Headless UI then empties: the text is kept.
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/\?location=\d+$/);
  await expect(location).toHaveValue(/^Mumbai, /);
  // Text naming several places asks which one was meant.
  await location.fill('an');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Several locations match “an”' }),
  ).toBeVisible();
  await expect(page).not.toHaveURL(/location=\d/);
});

test('after "did you mean" the box shows the text the form sends again, until it is changed', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await open(page, '/');
  await openFilters(page);
  const location = page.getByRole('combobox', { name: 'Location' });
  const level = page.getByLabel('Experience level');
  const several = page.getByRole('status').filter({ hasText: 'Several locations match “an”' });
  await location.click();
  await page.keyboard.type('an');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(several).toBeVisible();
  await expect(location).toHaveValue('an');
  // Another filter sends the form: the text goes with it, and the box says so.
  await level.selectOption({ label: 'Fresher' });
  await expect(page).toHaveURL(/experienceLevel=0/);
  await expect(page).toHaveURL(/locationText=an/);
  await expect(several).toBeVisible();
  await expect(location).toHaveValue('an');
  // Emptied, the box sends nothing more.
  await location.fill('');
  await page.getByLabel('Salary stated').check();
  await expect(page).toHaveURL(/salaryStated=true/);
  await expect(page).not.toHaveURL(/locationText/);
  await expect(several).toHaveCount(0);
  await expect(location).toHaveValue('');
  await location.fill('an');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(several).toBeVisible();
  // By keyboard: Enter in the closed box sends the form again and leaves the focus in the box.
  await location.press('Enter');
  await expect(page).toHaveURL(/locationText=an/);
  await expect(several).toBeVisible();
  await expect(location).toBeFocused();
  await expect(location).toHaveValue('an');
  // Clear filters empties the box too: a filter changed next does not bring the question back.
  await page.getByRole('link', { name: 'Clear filters', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(location).toHaveValue('');
  await level.selectOption({ label: 'Fresher' });
  await expect(page).toHaveURL(/\/\?experienceLevel=0$/);
  await expect(several).toHaveCount(0);
  // Choosing one of the places offered sets the filter and shows its name.
  await location.fill('an');
  await page.getByRole('button', { name: 'Search' }).click();
  const offered = several.getByRole('link').first();
  const place = (await offered.textContent()) ?? '';
  await offered.click();
  await expect(page).toHaveURL(/[?&]location=\d+/);
  await expect(page).not.toHaveURL(/locationText/);
  await expect(location).toHaveValue(place);
  await level.selectOption({ label: 'Any' });
  await expect(page).toHaveURL(/\/\?location=\d+$/);
  await expect(location).toHaveValue(place);
  expect(errors).toEqual([]);
});

test('Apply filters sends the panel in place, with the keyword and a text typed but not chosen', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await open(page, '/');
  // A full reload would lose this.
  await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
  const keyword = page.getByRole('searchbox', { name: 'Search jobs' });
  await keyword.fill('engineer');
  await openFilters(page);
  const location = page.getByRole('combobox', { name: 'Location' });
  await location.click();
  await page.keyboard.type('Mumbai');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/\/\?location=\d+&q=engineer$/);
  await expect(location).toHaveValue(/^Mumbai, /);
  await expect(keyword).toHaveValue('engineer');
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
  expect(errors).toEqual([]);
});

test('a "did you mean" choice for one box keeps the other box\'s misspelling and its question', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await open(page, '/');
  await openFilters(page);
  const role = page.getByRole('combobox', { name: 'Role' });
  const location = page.getByRole('combobox', { name: 'Location' });
  await role.click();
  await page.keyboard.type('sofware');
  await location.click();
  await page.keyboard.type('Berln');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const roleAsked = page.getByText('No role matches “sofware”. Did you mean');
  const placeAsked = page.getByText('No location matches “Berln”. Did you mean');
  await expect(roleAsked).toBeVisible();
  await expect(placeAsked).toBeVisible();
  await page.getByRole('link', { name: /^Software Engineering/ }).click();
  await expect(page).toHaveURL(/\/\?role=\d+&locationText=Berln$/);
  await expect(roleAsked).toHaveCount(0);
  await expect(placeAsked).toBeVisible();
  await expect(role).toHaveValue(/^Software Engineering/);
  await expect(location).toHaveValue('Berln');
  await page
    .getByRole('link', { name: /^Berlin, / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/\?role=\d+&location=\d+$/);
  await expect(location).toHaveValue(/^Berlin, /);
  await expect(role).toHaveValue(/^Software Engineering/);
  expect(errors).toEqual([]);
});

test('leaving a box with its suggestions open keeps the typing, sends nothing and says so', async ({
  page,
}) => {
  await open(page, '/');
  await openFilters(page);
  const location = page.getByRole('combobox', { name: 'Location' });
  const suggestions = page.getByRole('listbox');
  const follow = page.locator('[data-follow-menu]');
  const notApplied = page.getByText('Not applied yet: choose a suggestion, or press Search.');
  await expect(follow).toBeVisible();
  await location.click();
  await page.keyboard.type('Mum');
  await expect(suggestions).toBeVisible();
  const before = page.url();
  let navigations = 0;
  page.on('framenavigated', () => (navigations += 1));
  page.on('request', (r) => {
    if (r.url().includes('.data')) navigations += 1;
  });
  // Escape closes the list; the text stays and no search is sent.
  await page.keyboard.press('Escape');
  await expect(suggestions).toBeHidden();
  await expect(location).toHaveValue('Mum');
  // ArrowDown opens it again with the text's suggestions.
  await page.keyboard.press('ArrowDown');
  await expect(suggestions.getByRole('option').first()).toBeVisible();
  // Out of the box with the list open: the text stays, said to be not applied yet; Clear filters
  // can take it away, and "Follow this search" (which would follow every job) is not offered.
  await page.keyboard.type('b');
  await expect(suggestions).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(suggestions).toBeHidden();
  await expect(location).toHaveValue('Mumb');
  await expect(notApplied).toBeVisible();
  await expect(follow).toBeHidden();
  await expect(page.getByRole('link', { name: 'Clear filters', exact: true })).toBeVisible();
  expect(page.url()).toBe(before);
  expect(navigations).toBe(0);
  // Search then sends what was typed.
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/\?location=\d+$/);
  await expect(location).toHaveValue(/^Mumbai, /);
  await expect(notApplied).toHaveCount(0);
  await expect(follow).toBeVisible();
  // Text that found nothing is cleared on leaving the box (spec §4).
  await location.fill('zzzz');
  await expect(page.getByText('Location not found...')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(location).toHaveValue('');
  await expect(notApplied).toHaveCount(0);
});

test('the small menus close with Escape, a press outside, or another menu opening', async ({
  page,
}) => {
  await open(page, '/');
  const follow = page.locator('details[data-follow-menu]');
  const followButton = follow.locator('summary');
  const isOpen = (menu: typeof follow) => menu.evaluate((d) => (d as HTMLDetailsElement).open);
  // By keyboard: into the menu, then Escape gives the focus back to its button.
  await followButton.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Get these jobs by e-mail' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect.poll(() => isOpen(follow)).toBe(false);
  await expect(followButton).toBeFocused();
  // A press outside.
  await followButton.click();
  await expect.poll(() => isOpen(follow)).toBe(true);
  await page.getByRole('heading', { level: 1 }).click();
  await expect.poll(() => isOpen(follow)).toBe(false);
  // Opening a card's ⋯ closes the follow menu; Escape closes the ⋯ too.
  await followButton.click();
  const more = page.getByRole('listitem').locator('details[data-menu]').first();
  await more.locator('summary').click();
  await expect.poll(() => isOpen(more)).toBe(true);
  await expect.poll(() => isOpen(follow)).toBe(false);
  await page.keyboard.press('Escape');
  await expect.poll(() => isOpen(more)).toBe(false);
});

test('a keyword with characters search does not take runs on the rest, without an error', async ({
  page,
}) => {
  await open(page, '/');
  const box = page.getByRole('searchbox', { name: 'Search jobs' });
  await box.fill('manager 100% 💼');
  await box.press('Enter');
  // The server's canonical address keeps the words; the page follows it, no "could not load".
  await expect(page).toHaveURL(/\/\?q=manager\+100$/);
  await expect(box).toHaveValue('manager 100');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('No jobs match these words right now.')).toBeVisible();
  await box.fill('manager');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/\?q=manager$/);
  await expect(cards(page).first()).toBeVisible();
});

test('a keyword of symbols alone stays in the box, said to have nothing to search for', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await open(page, '/');
  const box = page.getByRole('searchbox', { name: 'Search jobs' });
  await box.fill('!!');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/\?q=%21%21$/);
  const note = page.getByText(
    'The keyword “!!” has no letters or digits to search for: showing jobs without it.',
  );
  await expect(note).toBeVisible();
  await expect(box).toHaveValue('!!');
  await expect(page.getByText(/could not be used/)).toHaveCount(0);
  await expect(cards(page)).toHaveCount(10);
  await box.fill('manager');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/\?q=manager$/);
  await expect(note).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a failed request shows a retry and keeps the cards', async ({ page }) => {
  await open(page, '/');
  // Browse more loads the next page through the route's loader (its .data request).
  const nextPage = (url: URL) => url.pathname.endsWith('.data') && url.searchParams.has('cursor');
  await page.route(nextPage, (route) => route.abort());
  await page.getByRole('link', { name: /Browse more jobs/ }).click();
  await expect(page.getByRole('alert')).toContainText('Could not load the jobs');
  await expect(cards(page)).toHaveCount(10);
  await page.unroute(nextPage);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(cards(page)).toHaveCount(20);

  // Only the listing's own loader fails here; the root loader's failure is the root's error page.
  await page.route(
    (url) =>
      url.pathname.endsWith('.data') && (url.searchParams.get('_routes') ?? '').includes('home'),
    (route) => route.abort(),
  );
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Popular');
  await expect(page.getByRole('alert')).toContainText('Could not load the jobs');
  await expect(cards(page).first()).toBeVisible();
});

test('every control works by keyboard alone', async ({ page }) => {
  await open(page, '/');
  const more = page.getByRole('link', { name: /Browse more jobs/ });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(cards(page).nth(10)).toBeFocused();

  const toggle = filtersToggle(page);
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => filtersOpen(page)).toBe(true);
  const location = page.getByRole('combobox', { name: 'Location' });
  await location.focus();
  await page.keyboard.type('mumb');
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/location=\d+/);
  await expect(location).toHaveValue(/Mumbai/);

  await cards(page).first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/job-description\//);
});

/**
 * Waits until the page shows the listing's answer to the address (the count no longer pending):
 * the address changes before React draws the answer.
 */
const answered = (page: Page) => expect(page.getByText('Counting jobs…')).toHaveCount(0);

test('a filter changed by keyboard keeps the focus, and typing after Enter is kept', async ({
  page,
}) => {
  await open(page, '/jobs');
  await openFilters(page);
  // Each control stays the element the visitor is on after the listing's answer (it used to be
  // made anew, the focus dropped to the page).
  const level = page.getByLabel('Experience level');
  await level.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/experienceLevel=0/);
  await answered(page);
  await expect(level).toBeFocused();
  await expect(level).toHaveValue('0');
  const mode = page.getByLabel('Work mode');
  await mode.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/workMode=/);
  await answered(page);
  await expect(mode).toBeFocused();
  const salary = page.getByLabel('Salary stated');
  await salary.focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/salaryStated=true/);
  await answered(page);
  await expect(salary).toBeFocused();
  await expect(salary).toBeChecked();
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await sort.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/sortBy=true/);
  await answered(page);
  await expect(sort).toBeFocused();

  // The answer to the first Enter comes only once the visitor has typed on.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/[?&]q=react(&|$)/, async (route) => {
    await held;
    await route.continue();
  });
  const keyword = page.getByRole('searchbox', { name: 'Search jobs' });
  await keyword.focus();
  await page.keyboard.type('react');
  await page.keyboard.press('Enter');
  await page.keyboard.type(' nat');
  release();
  await expect(page).toHaveURL(/[?&]q=react(&|$)/);
  await answered(page);
  await page.keyboard.type('ive');
  await expect(keyword).toBeFocused();
  await expect(keyword).toHaveValue('react native');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]q=react(\+|%20)native/);
  await expect(keyword).toHaveValue('react native');

  // Back puts each earlier value into the same controls.
  await page.goBack();
  await expect(page).toHaveURL(/[?&]q=react(&|$)/);
  await expect(keyword).toHaveValue('react');
  await page.goBack();
  await expect(page).not.toHaveURL(/q=/);
  await expect(keyword).toHaveValue('');
  await page.goBack();
  await expect(page).not.toHaveURL(/sortBy/);
  await expect(sort.locator('option:checked')).toHaveText('Newest');
  await page.goBack();
  await expect(salary).not.toBeChecked();
  await page.goBack();
  await expect(mode).toHaveValue('');
  await expect(level).toHaveValue('0');
  await page.goBack();
  await expect(level).toHaveValue('');

  // A clear button goes with its choice: the focus goes to its box.
  const role = page.getByRole('combobox', { name: 'Role' });
  await role.focus();
  await page.keyboard.type('engineer');
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/role=\d+/);
  await answered(page);
  await page.getByRole('button', { name: 'Clear Role' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/role=/);
  await answered(page);
  await expect(role).toBeFocused();
});

test('a card click records a view and opens the job without a reload', async ({ page }) => {
  await open(page, '/');
  const view = page.waitForRequest(
    (r) => r.url().includes('add-one-view') && r.method() === 'POST',
  );
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  const href = await cards(page).first().getAttribute('href');
  await cards(page).first().click();
  expect((await view).postDataJSON()).toEqual({ pageUrl: href?.split('/').pop() });
  await expect(page).toHaveURL(href ?? '');
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  // The focus is on the new page's heading, which a screen reader reads out, not on the document.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await page.goBack();
  await expect(page.locator(`a[href="${href}"]`)).toHaveAttribute('data-selected', 'true');
  // Back on the list, the keyboard carries on from the card that was opened.
  await expect(page.locator(`a[href="${href}"]`)).toBeFocused();
});

test('a link that changes only the query, followed by keyboard, leaves the focus on the results', async ({
  page,
}) => {
  // "Did you mean" and Back to the first page are links the new list takes away: the focus would fall to
  // the document, and a screen reader would say nothing of the new results.
  await open(page, '/?roleText=engin');
  await waitForHydration(page);
  const suggestion = page.getByRole('link', { name: /^Software Engineering/ });
  await suggestion.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]role=\d+/);
  await expect(page.locator('#results-heading')).toBeFocused();
  await open(page, '/?experienceLevel=0&page=2');
  await waitForHydration(page);
  const previous = page.getByRole('link', { name: 'Back to the first page' }).first();
  await previous.focus();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.locator('#results-heading')).toBeFocused();
});

test('the focus reaches the new page heading when the footer code comes after the click', async ({
  page,
}) => {
  // The focus move lives in the footer's chunk, loaded after the first paint; on a slow machine it
  // can arrive after the visitor's first click. Hold it back until the job page is shown.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/site-footer-body-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await waitForHydration(page);
  const href = await cards(page).first().getAttribute('href');
  await cards(page).first().click();
  await expect(page).toHaveURL(href ?? '');
  release();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('Back from a job returns to the same place in a list Browse more lengthened', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await open(page, '/');
  const more = page.getByRole('link', { name: /Browse more jobs/ });
  await more.click();
  await expect(cards(page)).toHaveCount(20);
  await more.click();
  await expect(cards(page)).toHaveCount(30);
  const target = cards(page).nth(24);
  const href = (await target.getAttribute('href')) ?? '';
  await target.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(800);
  const title = (await target.locator('h3').textContent()) ?? '';
  await target.click();
  await expect(page).toHaveURL(href);
  // A new page starts at its top at once (no scroll animation from the list's position): as soon
  // as it has rendered (the address can change a frame before the scroll is reset).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(cards(page)).toHaveCount(30);
  await expect(page.locator(`a[href="${href}"]`)).toBeInViewport();
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(50);
  // Going on from there still continues after the thirtieth job, without repeats.
  await more.click();
  await expect(cards(page)).toHaveCount(40);
  const hrefs = await cards(page).evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(new Set(hrefs).size).toBe(40);
  // A new visit to the list (a link, not Back) starts again from the first page.
  await page.getByRole('banner').getByRole('link', { name: 'Openings home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(cards(page)).toHaveCount(10);
  expect(errors).toEqual([]);
});

test('narrow screens get one column', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await open(page, '/');
  const [a, b] = [await cards(page).nth(0).boundingBox(), await cards(page).nth(1).boundingBox()];
  expect(a!.x).toBe(b!.x);
  expect(b!.y).toBeGreaterThan(a!.y);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
  expect(overflow).toBe(false);
});

test('at 375 px the keyword box shows its whole placeholder and cards their whole place', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await open(page, '/');
  const box = page.getByRole('searchbox', { name: 'Search jobs' });
  const placeholder = (await box.getAttribute('placeholder')) ?? '';
  expect(placeholder).toBe('Ex: Company / Roles / Locations');
  // The same words typed in take the placeholder's room: none is cut off.
  await box.fill(placeholder);
  expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeInViewport();
  // A card's place wraps rather than ending in "…".
  const places = await cards(page)
    .locator('h3 + p')
    .evaluateAll((ps) => ps.map((p) => getComputedStyle(p).textOverflow));
  expect(places).toHaveLength(10);
  expect(places.filter((overflow) => overflow === 'ellipsis')).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
  expect(overflow).toBe(false);
});

for (const path of ['/', '/jobs']) {
  test(`axe finds nothing on ${path} with the panel and a dropdown open`, async ({ page }) => {
    await open(page, path);
    await expectNoAxeViolations(page, 'all');
    await openFilters(page);
    await page.getByRole('combobox', { name: 'Location' }).fill('in');
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    await expectNoAxeViolations(page, 'all');
  });
}

test("the Location box takes a city by its other name, and offers a state's only city", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await open(page, '/');
  await openFilters(page);
  const location = page.getByRole('combobox', { name: 'Location' });
  // "Bangalore" is Bengaluru: offered first, and taken when the form is sent with the text.
  await location.fill('Bangalore');
  await expect(page.getByRole('listbox').getByRole('option').first()).toContainText(
    'Bengaluru, Karnataka, India',
  );
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/\?location=\d+$/);
  await expect(location).toHaveValue('Bengaluru, Karnataka, India');
  // Goa (a state) has one city, Panaji: offered, not taken, as without JavaScript.
  await location.fill('Goa');
  await page.getByRole('button', { name: 'Search' }).click();
  const asked = page.getByRole('status').filter({ hasText: 'Did you mean' });
  await expect(asked.getByRole('link', { name: 'Panaji, Goa, India' })).toBeVisible();
  await expect(page).toHaveURL(/locationText=Goa/);
  await expect(page).not.toHaveURL(/location=\d/);
  expect(errors).toEqual([]);
});
