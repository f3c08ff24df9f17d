// axe (WCAG 2 A and AA, and 2.2 AA's touch-target size, which Lighthouse scores too) on every page of
// the shell, wide and narrow, each in the light and the dark scheme.
import { test } from '@playwright/test';
import { paths } from '../src/web/lib/paths.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { SHELL_PAGES, waitForHydration } from './support/pages.ts';

for (const width of [1280, 360]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    for (const path of [...SHELL_PAGES.map((p) => p.path), paths.testError]) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        await waitForHydration(page);
        await expectNoAxeViolations(page, ['wcag2a', 'wcag2aa', 'wcag22aa']);
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
