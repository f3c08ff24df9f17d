// The accessibility check every spec runs on the pages it reaches: axe's WCAG 2 A and AA rules,
// in the light and the dark colour scheme (the palette swaps with prefers-color-scheme, so a
// colour that passes on white can fail on the dark surface), then back to what the page had.
// Colours that ease between schemes (`transition-colors`) are measured once they have arrived.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectNoAxeViolations(
  page: Page,
  /** The rule sets to run, or every rule axe has (best practices too). */
  tags: string[] | 'all' = ['wcag2a', 'wcag2aa'],
): Promise<void> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await transitionsDone(page);
    const axe = new AxeBuilder({ page });
    const results = await (tags === 'all' ? axe : axe.withTags(tags)).analyze();
    for (const v of results.violations) {
      found.push(`${colorScheme} ${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`);
    }
  }
  await page.emulateMedia({ colorScheme: null });
  expect(found).toEqual([]);
}

/**
 * Waits for the colour transitions the new scheme started (`getAnimations` applies the pending
 * styles first). Without JavaScript a page runs no timers, so at most a second is waited for.
 */
async function transitionsDone(page: Page): Promise<void> {
  const finished = page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    ).then(() => undefined),
  );
  await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 1000))]);
}
