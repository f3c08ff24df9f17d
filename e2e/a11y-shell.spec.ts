// axe (WCAG 2 A and AA, and 2.2 AA's touch-target size, which Lighthouse scores too) on every page of
// the shell, light and dark, wide and narrow.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { paths } from '../src/web/lib/paths.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { SHELL_PAGES, waitForHydration } from './support/pages.ts';

const VIEWS = [
  { name: 'wide, light', width: 1280, colorScheme: 'light' },
  { name: 'narrow, dark', width: 360, colorScheme: 'dark' },
] as const;

for (const view of VIEWS) {
  test.describe(view.name, () => {
    test.use({ colorScheme: view.colorScheme, viewport: { width: view.width, height: 800 } });
    for (const path of [...SHELL_PAGES.map((p) => p.path), paths.testError]) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        await waitForHydration(page);
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag22aa'])
          .analyze();
        expect(
          results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`),
        ).toEqual([]);
      });
    }
  });
}

test('the open narrow menu has no axe violations', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(paths.learn);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expectNoAxeViolations(page);
});
