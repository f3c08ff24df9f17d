// The listing before and without JavaScript (issue 21): every filter, paging, Clear filters and a
// job by links and forms alone; with JavaScript on a slow machine, nothing typed or clicked before or
// during hydration is lost, and a job opened before hydration counts its view exactly once.
import { type BrowserContext, type Page, expect, test } from '@playwright/test';
import { collectConsoleErrors, waitForHydration } from './support/pages.ts';

const cards = (page: Page) =>
  page.locator('section[aria-labelledby="results-heading"] ul > li > a');
const hrefs = (page: Page) =>
  cards(page).evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));

test.describe('without JavaScript', () => {
  let context: BrowserContext;
  let page: Page;
  test.beforeEach(async ({ browser }) => {
    context = await browser.newContext({ javaScriptEnabled: false });
    page = await context.newPage();
  });
  test.afterEach(() => context.close());

  test('a keyword search is in best-match order, and Newest by date, through the form', async () => {
    await page.goto('/jobs');
    await page.getByRole('searchbox', { name: 'Search jobs' }).fill('react');
    await page.getByRole('searchbox', { name: 'Search jobs' }).press('Enter');
    // Newest, the default without a keyword, is not sent: the new search is by best match.
    await expect(page).toHaveURL(/\/jobs\?q=react$/);
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await expect(sort.locator('option:checked')).toHaveText('Best match');
    await sort.selectOption('Newest');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/jobs\?q=react&sortBy=false$/);
    const dates = await cards(page)
      .locator('time')
      .evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''));
    expect(dates).toHaveLength(10);
    expect(dates).toEqual(dates.toSorted().reverse());
    await expect(sort.locator('option:checked')).toHaveText('Newest');
  });

  test('a keyword of symbols alone stays in the box, said to have nothing to search for', async () => {
    await page.goto('/jobs');
    const box = page.getByRole('searchbox', { name: 'Search jobs' });
    await box.fill('!!');
    await box.press('Enter');
    // The form's empty fields tidied away, the keyword kept; every job listed without it.
    await expect(page).toHaveURL(/\/jobs\?q=%21%21$/);
    await expect(box).toHaveValue('!!');
    await expect(
      page.getByText(
        'The keyword “!!” has no letters or digits to search for: showing jobs without it.',
      ),
    ).toBeVisible();
    await expect(page.getByText(/could not be used/)).toHaveCount(0);
    await expect(cards(page)).toHaveCount(10);
  });

  test('filters by location, role, company and level through the form', async () => {
    await page.goto('/jobs');
    await page.locator('summary', { hasText: 'Filters' }).click();
    // A text box the server resolves: one city matches, so the address becomes its id.
    await page.getByRole('textbox', { name: 'Location' }).fill('benga');
    await page.getByRole('textbox', { name: 'Location' }).press('Enter');
    await expect(page).toHaveURL(/\/jobs\?location=\d+$/);
    const inCity = await cards(page).allTextContents();
    expect(inCity.length).toBeGreaterThan(0);
    for (const text of inCity) expect(text).toContain('Bengaluru');
    await expect(page.getByRole('textbox', { name: 'Location' })).toHaveValue(/^Bengaluru, /);

    // Several roles match "engineer": the page offers them as links instead of guessing.
    await page.getByRole('textbox', { name: 'Role' }).fill('engineer');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText(/Several roles match “engineer”/)).toBeVisible();
    await expect(page).toHaveURL(/roleText=engineer/);
    // The count and the cards are not filtered by the text yet, and the page says so.
    await expect(
      page.getByText(
        'Not filtered by role yet: choose what “engineer” means under “Did you mean”.',
      ),
    ).toBeVisible();
    const meant = page.getByRole('status').getByRole('link').first();
    const roleName = (await meant.textContent()) ?? '';
    await meant.click();
    await expect(page).toHaveURL(/[?&]role=\d+/);
    await expect(page).toHaveURL(/[?&]location=\d+/);
    await expect(page.getByRole('textbox', { name: 'Role' })).toHaveValue(roleName.split(' (')[0]!);

    // Nothing known by that name: said so, and the other filters still hold.
    await page.getByRole('textbox', { name: 'Company' }).fill('qqqzzzxx');
    await page.getByRole('textbox', { name: 'Company' }).press('Enter');
    await expect(page.getByText('No company matches “qqqzzzxx”.')).toBeVisible();
    await expect(page.getByText('Not filtered by company: “qqqzzzxx” matches none.')).toBeVisible();

    // A company typed as a card shows it, and a level from the select.
    await page.goto('/jobs');
    const company = (await page.locator('section ul > li > p a').first().textContent()) ?? '';
    await page.locator('summary', { hasText: 'Filters' }).click();
    await page.getByRole('textbox', { name: 'Company' }).fill(company);
    await page.getByLabel('Experience level').selectOption({ label: 'Fresher' });
    await page.getByRole('textbox', { name: 'Company' }).press('Enter');
    await expect(page).toHaveURL(/\/jobs\?company=\d+&experienceLevel=0$/);
    const matching = await cards(page).allTextContents();
    expect(matching.length).toBeGreaterThan(0);
    for (const text of matching) {
      expect(text).toContain(company);
      expect(text).toContain('Fresher');
    }

    // Clear filters is a link back to the whole list.
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/jobs$/);
    await expect(cards(page)).toHaveCount(10);
  });

  test('Apply filters sends the selects and the checkbox, which apply nothing by themselves', async () => {
    await page.goto('/jobs');
    const total = await page.getByText(/^[\d.]+k? jobs$/).textContent();
    await page.locator('summary', { hasText: 'Filters' }).click();
    await page.getByRole('combobox', { name: 'Work mode' }).selectOption('Remote');
    await page.getByRole('checkbox', { name: 'Salary stated' }).check();
    // The panel's own submit follows its last control, for the keyboard too.
    await page.keyboard.press('Tab');
    const apply = page.getByRole('button', { name: 'Apply filters' });
    await expect(apply).toBeFocused();
    await apply.click();
    await expect(page).toHaveURL(/\/jobs\?workMode=remote&salaryStated=true$/);
    await expect(page.getByText(/^[\d.]+k? jobs?$/)).not.toHaveText(total ?? '');
    const found = await cards(page).allTextContents();
    expect(found.length).toBeGreaterThan(0);
    for (const text of found) expect(text).toContain('Remote');
    await expect(page.getByRole('combobox', { name: 'Work mode' })).toHaveValue('remote');
    await expect(page.getByRole('checkbox', { name: 'Salary stated' })).toBeChecked();
  });

  test('a "did you mean" link keeps the other box\'s misspelling and its question', async () => {
    // With a level chosen, the Filters disclosure arrives open.
    await page.goto('/jobs?experienceLevel=2');
    await page.getByRole('textbox', { name: 'Role' }).fill('sofware');
    await page.getByRole('textbox', { name: 'Location' }).fill('Berln');
    await page.getByRole('textbox', { name: 'Location' }).press('Enter');
    const roleAsked = page.getByText('No role matches “sofware”. Did you mean');
    const placeAsked = page.getByText('No location matches “Berln”. Did you mean');
    await expect(roleAsked).toBeVisible();
    await expect(placeAsked).toBeVisible();
    // The role chosen, the place still asked about: "Berln" stays in its box and in the address.
    await page.getByRole('link', { name: /^Software Engineering/ }).click();
    await expect(page).toHaveURL(/\/jobs\?role=\d+&experienceLevel=2&locationText=Berln$/);
    await expect(roleAsked).toHaveCount(0);
    await expect(placeAsked).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Location' })).toHaveValue('Berln');
    await page
      .getByRole('link', { name: /^Berlin, / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/jobs\?role=\d+&location=\d+&experienceLevel=2$/);
    await expect(page.getByRole('textbox', { name: 'Role' })).toHaveValue(/^Software Engineering/);
    await expect(page.getByRole('textbox', { name: 'Location' })).toHaveValue(/^Berlin, /);
  });

  test('pages to the third page and back, keeping the filters, then opens a job', async () => {
    await page.goto('/?sortBy=true');
    const first = await hrefs(page);
    expect(first).toHaveLength(10);
    await page.getByRole('link', { name: 'Browse more jobs' }).click();
    await expect(page).toHaveURL(/\/\?sortBy=true&page=2&cursor=[\w-]+$/);
    const second = await hrefs(page);
    expect(second).toHaveLength(10);
    await page.getByRole('link', { name: 'Browse more jobs' }).click();
    await expect(page).toHaveURL(/page=3&cursor=/);
    await expect(page.getByText('Page 3 of the list.')).toBeVisible();
    const third = await hrefs(page);
    expect(third).toHaveLength(10);
    // Three different pages: no job twice.
    expect(new Set([...first, ...second, ...third]).size).toBe(30);
    await expect(page.getByLabel('Sort by')).toHaveValue('true');

    // Beside Browse more, where the reader is: the previous page, by its number, and the first.
    const more = page.getByRole('link', { name: 'Browse more jobs' });
    const below = more.locator('xpath=..');
    await below.getByRole('link', { name: 'Previous page' }).click();
    await expect(page).toHaveURL(/\/\?sortBy=true&page=2$/);
    expect(await hrefs(page)).toEqual(second);
    await expect(page.getByRole('link', { name: 'Previous page' })).toHaveCount(0);
    await page.goBack();
    await page.goBack();
    expect(await hrefs(page)).toEqual(second);
    await page.getByRole('link', { name: 'Back to the first page' }).first().click();
    await expect(page).toHaveURL(/\/\?sortBy=true$/);
    expect(await hrefs(page)).toEqual(first);

    const href = first[0]!;
    await cards(page).first().click();
    await expect(page).toHaveURL(href);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test("a company page's Browse more stays on the company page, with a way back", async () => {
    // The demo company with the most open jobs (13): two pages of them.
    const company = '/companies/vajra-precision-engineering';
    const jobs = () =>
      page
        .locator('section[aria-labelledby="company-jobs"] ul > li > a')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    await page.goto(company);
    const first = await jobs();
    expect(first).toHaveLength(10);
    await page.getByRole('link', { name: 'Browse more jobs' }).click();
    await expect(page).toHaveURL(new RegExp(`${company}\\?page=2&cursor=[\\w-]+$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vajra Precision Engineering');
    const second = await jobs();
    expect(second).toHaveLength(3);
    expect(new Set([...first, ...second]).size).toBe(13);
    await expect(page.getByText('You are reached end of the jobs list...')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the first page' }).last().click();
    await expect(page).toHaveURL(new RegExp(`${company}$`));
    expect(await jobs()).toEqual(first);
  });

  test('Clear filters clears the filters and keeps the keyword and the sort', async () => {
    await page.goto('/jobs?q=engineer&sortBy=false');
    await page.locator('summary', { hasText: 'Filters' }).click();
    // A keyword alone is no filter: nothing to clear.
    await expect(page.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
    await page.getByLabel('Experience level').selectOption({ label: 'Fresher' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/\/jobs\?experienceLevel=0&q=engineer&sortBy=false$/);
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/jobs\?q=engineer&sortBy=false$/);
    await expect(page.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('engineer');
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('false');
    await expect(page.getByLabel('Experience level')).toHaveValue('');
  });

  test('Share job shows the address to copy', async () => {
    await page.goto('/');
    const href = (await hrefs(page))[0]!;
    await page.goto(href);
    await expect(page.getByRole('textbox', { name: 'Copy this address' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Share job' }).click();
    await expect(page).toHaveURL(`${href}?share=`);
    const address = page.getByRole('textbox', { name: 'Copy this address' });
    await expect(address).toHaveValue(new URL(href, page.url()).href);
  });

  test('Save, signed out, stays on the job and says it needs JavaScript or an account', async () => {
    await page.goto('/');
    const href = (await hrefs(page))[0]!;
    await page.goto(href);
    // The note beside the job's own Save (the similar jobs' cards have theirs).
    const note = page.locator('p[id^="save-note-"]').filter({ hasText: /^Not done:/ });
    await expect(note).toBeHidden();
    await page
      .getByRole('button', { name: /^Save / })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`${href}#save-note-\\d+$`));
    await expect(note).toBeVisible();
    await expect(note).toHaveText(
      'Not done: saving and hiding jobs need JavaScript or an account. Sign in',
    );
    await expect(note.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(href)}`,
    );
  });

  test('Hide on a card, signed out, goes back to the listing, filters kept, saying why not', async () => {
    const listing = '/jobs?q=engineer&sortBy=true';
    await page.goto(listing);
    const first = cards(page).first();
    const title = (await first.locator('h3').textContent()) ?? '';
    await page.locator(`summary[aria-label="More for ${title}"]`).first().click();
    await page.getByRole('button', { name: 'Hide this job' }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/jobs\?q=engineer&sortBy=true#mark-note-\d+$/);
    const note = page.locator('p').filter({ hasText: /^Not done:/ });
    // The card's note only: every other card's stays hidden.
    await expect(note.filter({ visible: true })).toHaveCount(1);
    await expect(note.filter({ visible: true })).toContainText(
      'saving and hiding jobs need JavaScript or an account',
    );
    await expect(
      note.filter({ visible: true }).getByRole('link', { name: 'Sign in', exact: true }),
    ).toHaveAttribute('href', `/login?next=${encodeURIComponent(listing)}`);
    await expect(page.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('engineer');
    await expect(cards(page).filter({ hasText: title }).first()).toBeVisible();
  });
});

/** Chromium at a quarter of its speed on a slow connection (CDP). */
async function slowDown(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/** Holds the page's scripts back until `release` is called, so the test acts before hydration. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const hydrated = (page: Page) => page.locator('html[data-hydrated]').count();

test.describe('with JavaScript, slowed 4×', () => {
  test('what a visitor types into a filter before hydration carries into the combobox', async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    await slowDown(page);
    const release = await holdScripts(page);
    await page.goto('/?experienceLevel=1', { waitUntil: 'commit' });
    const role = page.getByRole('textbox', { name: 'Role' });
    await role.click();
    await page.keyboard.type('engin');
    expect(await hydrated(page)).toBe(0);
    release();
    await waitForHydration(page);
    // The plain box becomes the combobox when its code arrives, with the text, focus and caret.
    const box = page.getByRole('combobox', { name: 'Role' });
    await expect(box).toBeFocused({ timeout: 15_000 });
    await expect(box).toHaveValue('engin');
    await page.keyboard.type('eer');
    await expect(box).toHaveValue('engineer');
    await page
      .getByRole('option', { name: /engineer/i })
      .first()
      .click();
    await expect(page).toHaveURL(/[?&]role=\d+/);
    await expect(page).toHaveURL(/experienceLevel=1/);
    expect(errors).toEqual([]);
  });

  test('a deep link with a filter: click Role and type while the comboboxes load', async ({
    page,
    request,
  }) => {
    const cities = await request.get('/api/v1/settings/locations-filter?name=benga');
    const city = ((await cities.json()) as { content: { cities: { id: string }[] } }).content
      .cities[0]!.id;
    await slowDown(page);
    await page.goto(`/?location=${city}`);
    await waitForHydration(page);
    // Hydrated, but the comboboxes' code not yet loaded: the click starts it, typing goes on.
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Role' }).click();
    await page.keyboard.type('engin', { delay: 30 });
    const box = page.getByRole('combobox', { name: 'Role' });
    await expect(box).toHaveValue('engin', { timeout: 15_000 });
    await expect(box).toBeFocused();
    await expect(page.getByRole('option', { name: /engin/i }).first()).toBeVisible();
  });

  test('a sort, level, work mode or salary chosen before hydration is applied once it hydrates', async ({
    page,
  }) => {
    await slowDown(page);
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Popular');
    await page.locator('summary', { hasText: 'Filters' }).click();
    await page.getByRole('combobox', { name: 'Experience level' }).selectOption('1 year');
    await page.getByRole('combobox', { name: 'Work mode' }).selectOption('Remote');
    await page.getByRole('checkbox', { name: 'Salary stated' }).check();
    expect(await hydrated(page)).toBe(0);
    release();
    await waitForHydration(page);
    await expect(page).toHaveURL(/[?&]experienceLevel=1(&|$)/, { timeout: 15_000 });
    await expect(page).toHaveURL(/[?&]workMode=remote(&|$)/);
    await expect(page).toHaveURL(/[?&]salaryStated=true(&|$)/);
    await expect(page).toHaveURL(/[?&]sortBy=true(&|$)/);
    // The list is the one the controls show, and Clear filters can undo it.
    await expect(page.getByRole('link', { name: 'Clear filters' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Salary stated' })).toBeChecked();
    // After hydration a change is sent as before.
    await page.getByRole('combobox', { name: 'Work mode' }).selectOption('Any');
    await expect(page).not.toHaveURL(/workMode=/);
    await expect(page).toHaveURL(/[?&]salaryStated=true(&|$)/);
  });

  test('a keyword typed and a card clicked before hydration are not lost', async ({ page }) => {
    await slowDown(page);
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const search = page.getByRole('searchbox', { name: 'Search jobs' });
    await search.click();
    await page.keyboard.type('developer');
    release();
    await waitForHydration(page);
    await expect(search).toHaveValue('developer');
    await search.press('Enter');
    await expect(page).toHaveURL(/\?q=developer$/);
  });
});

test('a card opened before the listing hydrated counts its view exactly once', async ({
  page,
  request,
}) => {
  const release = await holdScripts(page);
  const views: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes('add-one-view') && r.request().method() === 'POST') views.push(r.status());
  });
  await page.goto('/?sortBy=true', { waitUntil: 'commit' });
  const card = cards(page).nth(3);
  const href = (await card.getAttribute('href')) ?? '';
  const pageUrl = decodeURIComponent(href.split('/').pop() ?? '');
  const countNow = async () => {
    const res = await request.get(`/api/v1/jobs/job-description?pageUrl=${pageUrl}`);
    return ((await res.json()) as { content: { jobs: { views: number } } }).content.jobs.views;
  };
  const before = await countNow();
  expect(await hydrated(page)).toBe(0);
  await card.click();
  await expect(page).toHaveURL(href);
  release();
  await waitForHydration(page);
  // The first view asks for the visitor cookie first; one counted answer, no refusal.
  await expect.poll(() => views.filter((s) => s === 200).length).toBe(1);
  expect(views).toEqual([200]);
  await expect.poll(countNow, { timeout: 20_000 }).toBe(before + 1);
  // Inside the app: a card on the job's page is opened by the router, and counts once too.
  await page.waitForTimeout(500);
  expect(views.filter((s) => s === 200)).toHaveLength(1);
  await page.goBack();
  await waitForHydration(page);
  await cards(page).nth(4).click();
  await expect(page).toHaveURL(/\/job-description\//);
  await expect.poll(() => views.filter((s) => s === 200).length).toBe(2);
  await page.waitForTimeout(500);
  expect(views.filter((s) => s === 200)).toHaveLength(2);
});

test('a job saved and one hidden before the page hydrated are kept, on the page, with the typing', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const release = await holdScripts(page);
  await page.goto('/?sortBy=true', { waitUntil: 'commit' });
  const search = page.getByRole('searchbox', { name: 'Search jobs' });
  await search.fill('develop');
  const title = (await cards(page).nth(2).locator('h3').textContent()) ?? '';
  const hiddenTitle = (await cards(page).nth(4).locator('h3').textContent()) ?? '';
  expect(await hydrated(page)).toBe(0);
  const save = page.getByRole('button', { name: `Save ${title}`, exact: true }).first();
  await save.click();
  // Shown saved at once, before the page's code runs.
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  const more = page.getByText(`More for ${hiddenTitle}`, { exact: true }).first();
  // The menu's summary carries its name as aria-label; open it and hide the job.
  await page.locator(`summary[aria-label="More for ${hiddenTitle}"]`).first().click();
  await page.getByRole('button', { name: 'Hide this job' }).filter({ visible: true }).click();
  // Kept, not posted: the visitor stays on the listing with what they typed.
  await expect(page).toHaveURL(/\/\?sortBy=true$/);
  await expect(search).toHaveValue('develop');
  await expect(page.locator('details[data-menu][open]')).toHaveCount(0);
  expect(await hydrated(page)).toBe(0);
  release();
  await waitForHydration(page);
  await expect(
    page.getByRole('button', { name: `Save ${title}`, exact: true }).first(),
  ).toHaveAttribute('aria-pressed', 'true', { timeout: 15_000 });
  await expect(cards(page).filter({ hasText: hiddenTitle })).toHaveCount(0);
  await expect(search).toHaveValue('develop');
  await expect(more).toHaveCount(0);
  // Kept in the browser, so the saved list has it.
  await page.goto('/saved');
  await expect(page.getByRole('list', { name: 'Saved jobs' })).toContainText(title);
  expect(errors).toEqual([]);
});

test("a job saved and hidden on its own page before the page hydrated is kept, and the button's word follows", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/?sortBy=true');
  const href = (await cards(page).nth(1).getAttribute('href')) ?? '';
  const title = (await cards(page).nth(1).locator('h3').textContent()) ?? '';
  const release = await holdScripts(page);
  await page.goto(href, { waitUntil: 'commit' });
  const save = page.getByRole('button', { name: `Save ${title}`, exact: true }).first();
  await save.click();
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  await expect(save).toHaveText('Saved', { useInnerText: true });
  await page.getByText('Hide…', { exact: true }).click();
  await page.getByRole('button', { name: 'Hide this job' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(href);
  expect(await hydrated(page)).toBe(0);
  release();
  await waitForHydration(page);
  // The store applies both presses once the controls load; the word stays as shown.
  await page.getByText('Hide…', { exact: true }).click();
  await expect(
    page.getByRole('button', { name: 'Show this job again' }).filter({ visible: true }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  await expect(save).toHaveText('Saved', { useInnerText: true });
  await page.goto('/saved');
  await expect(page.getByRole('list', { name: 'Saved jobs' })).toContainText(title);
  // No hydration error: the server's text is what the page still shows.
  expect(errors).toEqual([]);
});
