// The web app shell: every route's status, head and content; header menu by keyboard on narrow
// and wide screens; footer links; the error page; reading without JavaScript.
import { expect, test, type Page } from '@playwright/test';
import { apiPaths } from '../src/shared/api-paths.ts';
import type { AppDetails } from '../src/shared/contract/app-details.ts';
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL } from '../src/web/lib/deferred-scripts.ts';
import { paths } from '../src/web/lib/paths.ts';
import { baseURL } from '../playwright.config.ts';
import { collectConsoleErrors, SHELL_PAGES, waitForHydration } from './support/pages.ts';

async function appDetails(page: Page): Promise<AppDetails> {
  const response = await page.request.get(apiPaths.appDetails);
  return ((await response.json()) as { content: AppDetails }).content;
}

test.describe('every page', () => {
  for (const p of SHELL_PAGES) {
    test(`${p.path} answers ${p.status} with its content, head and frame`, async ({ page }) => {
      const errors = collectConsoleErrors(page);
      const response = await page.goto(p.path);
      expect(response?.status()).toBe(p.status);
      await waitForHydration(page);
      await expect(page).toHaveTitle(p.title);
      await expect(page.locator('main#main')).toContainText(p.text);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      const head = page.locator('head');
      await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
      await expect(head.locator('meta[property="og:title"]')).toHaveAttribute(
        'content',
        /Openings/,
      );
      await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', /summary/);
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        p.status === 200 ? `${baseURL}${p.path === '/' ? '/' : p.path}` : /^http/,
      );
      // The page's own menu entry is marked, and no other (none on pages outside the menu).
      const current = page
        .getByRole('navigation', { name: 'Main' })
        .locator('a[aria-current="page"]');
      await expect(current).toHaveText(p.active ? [new RegExp(p.active)] : []);
      expect(errors).toEqual([]);
    });
  }

  test('the document has lang, viewport, favicon and theme colours', async ({ page }) => {
    await page.goto(paths.about);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('meta[name="viewport"]')).toHaveAttribute(
      'content',
      /width=device-width/,
    );
    await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);
    for (const href of ['/favicon.ico', '/favicon.svg', '/apple-touch-icon.png', '/og-image.png']) {
      expect((await page.request.get(href)).status(), href).toBe(200);
    }
  });

  test('the JavaScript is asked for only after the first frame, then the page hydrates', async ({
    page,
  }) => {
    // The HTML carries React Router's module script and preloads inert (lib/deferred-scripts.ts).
    const html = await (await page.request.get(paths.about)).text();
    expect(html).toContain(`type="${DEFERRED_MODULE_TYPE}"`);
    expect(html).toContain(`rel="${DEFERRED_PRELOAD_REL}"`);
    expect(html).not.toMatch(/rel="modulepreload"|type="module"/);
    const errors = collectConsoleErrors(page);
    // The first animation frame runs just before the first paint: no script may be asked for
    // before it (without the deferral, the preloads start while the head is parsed).
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        (window as unknown as { firstFrameAt: number }).firstFrameAt = performance.now();
      });
    });
    await page.goto(paths.about);
    await waitForHydration(page);
    const { firstFrameAt, scripts } = await page.evaluate(() => ({
      firstFrameAt: (window as unknown as { firstFrameAt: number }).firstFrameAt,
      scripts: performance
        .getEntriesByType('resource')
        .filter((e) => /\/assets\/.*\.js$/.test(e.name))
        .map((e) => ({ name: e.name, start: e.startTime })),
    }));
    expect(scripts.some((s) => s.name.includes('/assets/entry.client-'))).toBe(true);
    for (const script of scripts) expect(script.start, script.name).toBeGreaterThan(firstFrameAt);
    expect(errors).toEqual([]);
  });

  test('inactive job and not-found pages are never indexed', async ({ page }) => {
    const response = await page.goto(paths.notActiveJob);
    expect(response?.headers()['x-robots-tag']).toBe('noindex');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(
      page.getByText('But don’t worry, explore current openings and find your dream job!'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Explore current openings' }).click();
    await expect(page).toHaveURL(/\/jobs$/);

    await page.goto('/nowhere');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  test('/job-description leads to /jobs with a permanent redirect', async ({ request }) => {
    const response = await request.get(paths.jobDescriptionBase, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(paths.jobs);
  });

  test('/under-maintenance leads home while maintenance is off', async ({ page }) => {
    const response = await page.request.get(paths.underMaintenance, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    await page.goto(paths.underMaintenance);
    await expect(page).toHaveURL(`${baseURL}/`);
  });

  test('a page that fails shows the friendly error page with HTTP 500 and a way home', async ({
    page,
  }) => {
    const response = await page.goto(paths.testError);
    expect(response?.status()).toBe(500);
    await expect(page).toHaveTitle('Something went wrong · Openings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Sorry, this page failed to load.',
    );
    await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
  });

  test('the 404 page offers a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await page.getByRole('link', { name: 'Search jobs' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
  });
});

test.describe('header menu', () => {
  test('wide screen: the menu is in the bar and works by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(paths.learn);
    await waitForHydration(page);
    await expect(page.locator('button[aria-expanded]')).toBeHidden();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Home', 'Jobs', 'Learn', 'About', 'Contact']);
    // Skip link, logo, then the menu entries in order.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'About' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/about$/);
    await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    // Each leads back to this page afterwards.
    const targets = {
      'Log in': paths.loginNext(paths.about),
      'Sign in': paths.loginNext(paths.about),
      'Sign up': `${paths.signup}?next=${encodeURIComponent(paths.about)}`,
    };
    for (const [name, href] of Object.entries(targets)) {
      await expect(page.getByRole('banner').getByRole('link', { name })).toHaveAttribute(
        'href',
        href,
      );
    }
  });

  test('narrow screen: the three-bar button opens and closes the menu by keyboard', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(paths.about);
    await waitForHydration(page);
    const button = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();

    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    await expect(button).toBeFocused();

    await page.keyboard.press('Space');
    await expect(nav).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Learn' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/learn$/);
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    // And by mouse.
    await button.click();
    await nav.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/signup\?next=%2Flearn$/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  });
});

test.describe('footer', () => {
  test('shows the logo, description and social links that open in a new tab', async ({ page }) => {
    await page.goto(paths.about);
    const details = await appDetails(page);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(details.appDescription);
    const expected = [
      ['Twitter', details.twitter],
      ['LinkedIn', details.linkedIn],
      ['YouTube', details.youtube],
      ['WhatsApp', details.whatsApp],
    ] as const;
    for (const [name, href] of expected) {
      const link = footer.getByRole('link', { name: new RegExp(`^${name}`) });
      if (!href) {
        await expect(link).toHaveCount(0);
        continue;
      }
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });
});

test.describe('pages with content', () => {
  test('About shows the live figures from our-app-details', async ({ page }) => {
    const response = await page.request.get(apiPaths.ourAppDetails);
    const figures = ((await response.json()) as { content: { totalCurrentOpenings: number } })
      .content;
    await page.goto(paths.about);
    const openings = page.getByText('current openings', { exact: true }).locator('..');
    await expect(openings.locator('dd')).toHaveText(
      new Intl.NumberFormat('en').format(figures.totalCurrentOpenings),
    );
  });

  test('Contact gives the support address and a Send mail action', async ({ page }) => {
    await page.goto(paths.contact);
    const details = await appDetails(page);
    await expect(page.getByRole('link', { name: details.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${details.supportEmail}`,
    );
    await expect(page.getByRole('link', { name: 'Send mail' })).toHaveAttribute(
      'href',
      new RegExp(`^mailto:${details.supportEmail}`),
    );
  });

  test('Learn links to each guide', async ({ page }) => {
    await page.goto(paths.learn);
    const cards = page.locator('main a[href^="/learn/"]');
    expect(await cards.count()).toBeGreaterThanOrEqual(3);
    await cards.first().click();
    await expect(page).toHaveURL(/\/learn\/[a-z-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const p of SHELL_PAGES) {
    test(`${p.path} is readable`, async ({ page }) => {
      const response = await page.goto(p.path);
      expect(response?.status()).toBe(p.status);
      await expect(page.locator('main#main')).toContainText(p.text);
      await expect(page.getByRole('contentinfo')).toBeVisible();
    });
  }

  test('the narrow menu still opens', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(paths.about);
    const panel = page.locator('header details nav');
    await expect(panel).toBeHidden();
    await page.locator('header summary').click();
    await expect(panel.getByRole('link', { name: 'Contact' })).toBeVisible();
    await panel.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});
