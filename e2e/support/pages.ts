// The pages of the web app shell and what each must answer, shared by the shell specs.
import { type ConsoleMessage, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo-accounts.ts';
import { paths } from '../../src/web/lib/paths.ts';

export interface ShellPage {
  path: string;
  status: number;
  /** The document title (Home and Jobs are the listing's pages: only the site's name is sure). */
  title: string | RegExp;
  /** Text the page's content must show (its main heading or a key sentence). */
  text: string | RegExp;
  /** The menu entry marked active, if any. */
  active?: string;
}

export const SHELL_PAGES: ShellPage[] = [
  { path: '/', status: 200, title: /Openings/, text: /./, active: 'Home' },
  { path: '/jobs', status: 200, title: /Openings/, text: /./, active: 'Jobs' },
  {
    path: '/learn',
    status: 200,
    title: 'Learn · Openings',
    text: 'Guides for a better job search',
    active: 'Learn',
  },
  {
    path: '/learn/reading-a-job-description',
    status: 200,
    title: 'How to read a job description · Openings',
    text: 'Separate the must-haves from the wish list',
    active: 'Learn',
  },
  {
    path: '/learn/a-resume-that-gets-read',
    status: 200,
    title: 'A résumé that gets read · Openings',
    text: 'Write achievements, not duties',
    active: 'Learn',
  },
  {
    path: '/learn/preparing-for-interviews',
    status: 200,
    title: 'Preparing for interviews · Openings',
    text: 'Prepare five stories with the STAR method',
    active: 'Learn',
  },
  {
    path: '/about',
    status: 200,
    title: 'About · Openings',
    text: 'A calm, honest place to find your next job',
    active: 'About',
  },
  {
    path: '/contact',
    status: 200,
    title: 'Contact · Openings',
    text: 'Employers: log in, sign in or sign up',
    active: 'Contact',
  },
  {
    path: '/not-an-active-job',
    status: 410,
    title: 'No longer active · Openings',
    text: 'Looks like this job is no longer active.',
  },
  {
    path: '/404',
    status: 404,
    title: 'Page not found · Openings',
    text: 'Oh dear, we can’t find that page.',
  },
  {
    path: '/no/such/page',
    status: 404,
    title: 'Page not found · Openings',
    text: 'Oh dear, we can’t find that page.',
  },
  {
    path: '/learn/no-such-guide',
    status: 404,
    title: 'Page not found · Openings',
    text: 'Oh dear, we can’t find that page.',
    // Still in the Learn section, so its menu entry stays marked.
    active: 'Learn',
  },
];

/**
 * Collects console errors of a page. The browser logs a document's own error status (404, 410,
 * 503) as a console error; that status is what those pages are for, so it is not counted.
 */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  const isOwnStatus = (m: ConsoleMessage) =>
    /Failed to load resource: the server responded with a status of (404|410|500|503)/.test(
      m.text(),
    ) && new URL(m.location().url).pathname === new URL(page.url()).pathname;
  page.on('console', (m) => {
    if (m.type() === 'error' && !isOwnStatus(m)) errors.push(`${m.location().url}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return errors;
}

/** Resolves once React has hydrated the header (the menu button exists only after hydration). */
export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** In the job form, Role and City chosen from their suggestions: a software role in Bengaluru. */
export async function chooseSoftwareInBengaluru(page: Page) {
  await page.getByRole('combobox', { name: 'Role' }).fill('Software');
  await page
    .getByRole('listbox')
    .getByRole('option', { name: /Software/ })
    .first()
    .click();
  await page.getByRole('combobox', { name: 'City' }).fill('Bengal');
  await page
    .getByRole('listbox')
    .getByRole('option', { name: /Bengaluru/ })
    .first()
    .click();
}

/** Signs in with the demo password (a demo company's owner, or the operator the run made). */
export async function signIn(page: Page, email: string) {
  await page.goto(paths.login);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}
