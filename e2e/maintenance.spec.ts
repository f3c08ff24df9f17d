// Maintenance (DESIGN.md §5): while on, every page answers 503 with Retry-After and the
// maintenance page; switched off, /under-maintenance leads home. No restart in between.
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { paths } from '../src/web/lib/paths.ts';
import { setMaintenance } from './support/maintenance.ts';
import { collectConsoleErrors, SHELL_PAGES, waitForHydration } from './support/pages.ts';

const PAGES = [...SHELL_PAGES.map((p) => p.path), paths.underMaintenance];

test.afterAll(async ({ request }) => {
  await setMaintenance(request, false);
});

test('maintenance on → every page 503 with the texts → off → home', async ({ page, request }) => {
  await setMaintenance(request, true);
  const errors = collectConsoleErrors(page);
  for (const path of PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(503);
    expect(response?.headers()['retry-after'], path).toBe('300');
    await waitForHydration(page);
    await expect(page).toHaveTitle('Under maintenance · Openings');
    const main = page.locator('main#main');
    await expect(main).toContainText('Oh ohh...');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('We are in maintenance.');
    await expect(main).toContainText('We apologize for any inconvenience, please try again later.');
    await expect(main.getByRole('link', { name: 'Send mail' })).toHaveAttribute(
      'href',
      /^mailto:\S+@\S+/,
    );
  }
  expect(errors).toEqual([]);

  await setMaintenance(request, false);
  await page.goto(paths.underMaintenance);
  await expect(page).toHaveURL(`${baseURL}/`);
  expect((await page.goto(paths.about))?.status()).toBe(200);
});

test('a visitor already on the site gets the maintenance page on the next click', async ({
  page,
  request,
}) => {
  await page.goto(paths.learn);
  await waitForHydration(page);
  await setMaintenance(request, true);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We are in maintenance.');
});
