import { expect, test } from '@playwright/test';

test('the home page is served by the production build', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find the job that fits you');
});
