// The "Get these jobs by e-mail" form of a search (/alerts/new) in Chromium with JavaScript.
import { expect, test } from '@playwright/test';
import { paths } from '../src/web/lib/paths.ts';
import { waitForHydration } from './support/pages.ts';

test('a refused address keeps the focus in its box, with the reason', async ({ page }) => {
  await page.goto(`${paths.alertNew}?q=engineer&workMode=remote`);
  await waitForHydration(page);
  await expect(page.getByText('Remote jobs matching “engineer”')).toBeVisible();
  const box = page.getByLabel('Your e-mail address');
  await box.fill('name@');
  await page.getByRole('button', { name: 'Send me a confirmation link' }).click();
  await expect(page.getByText('Enter an e-mail address like name@example.com.')).toBeVisible();
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('name@');
});
