import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Browser tests drive the production build in Debian's Chromium; we never download a browser.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  throw new Error(
    `Chromium not found at ${chromiumPath}. Install it with: sudo apt-get install -y chromium ` +
      '(or set CHROMIUM_PATH to a Chromium binary).',
  );
}

const port = Number(process.env.E2E_PORT ?? 3199);
export const baseURL = `http://127.0.0.1:${port}`;
const dataDir = path.join(tmpdir(), `openings-e2e-${port}`);
// Several runs may share a checkout (E2E_PORT apart); each builds into its own BUILD_DIR if set.

export default defineConfig({
  testDir: './e2e',
  // Specs share one server and some switch maintenance on; one worker keeps them apart.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // A fresh embedded database each run: migrated and filled with the demo data at start.
    command: `rm -rf ${dataDir} && node scripts/ensure-build.mjs && npx tsx src/server/main.ts`,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      // React's production build, as `npm start` runs it.
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // Turns on /__test/error, a page that fails on purpose (src/web/routes/test-error.tsx).
      ENABLE_TEST_ROUTES: '1',
    },
  },
});
