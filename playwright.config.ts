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
/**
 * The journeys that post, close, report and expire jobs (accounts, employers, operators, city
 * requests) run on a server of their own, so the read-only specs always see exactly the demo data.
 */
export const journeys = {
  port: port + 1,
  baseURL: `http://127.0.0.1:${port + 1}`,
  dataDir: path.join(tmpdir(), `openings-e2e-${port + 1}`),
};
// (alerts-employer.spec.ts runs a server of its own, so it is not one of them.)
const journeySpecs =
  /[/\\](accounts|city-requests|employer|employer-api|job-sources-employer|operators|team)\.spec\.ts$/;
/**
 * The local fake ATS boards (test/fake-ats) that e2e/job-sources-employer.spec.ts starts: the
 * servers send every ATS request there and may reach it on 127.0.0.1.
 */
export const fakeAts = { port: port + 100, url: `http://127.0.0.1:${port + 100}` };
// Several runs may share a checkout (E2E_PORT apart); each builds into its own BUILD_DIR if set.

/**
 * A server on a fresh embedded database, migrated and filled with the demo data at start, run
 * exactly as `npm start` runs it: the production bundle in BUILD_DIR with the server's flags.
 */
function server(onPort: number, dir: string) {
  return {
    command: `rm -rf ${dir} && node scripts/start.mjs`,
    url: `http://127.0.0.1:${onPort}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(onPort),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      PUBLIC_URL: `http://127.0.0.1:${onPort}`,
      LOG_LEVEL: 'warn',
      // Turns on /__test/error, a page that fails on purpose (src/web/routes/test-error.tsx).
      ENABLE_TEST_ROUTES: '1',
      // The apply-link check may reach this machine (e2e/operators.spec.ts reopens a job whose
      // link points at the server itself).
      APPLY_LINK_CHECK_ALLOW_PRIVATE: 'true',
      ATS_BASE_URL_OVERRIDE: fakeAts.url,
      ATS_ALLOW_PRIVATE: 'true',
      // As behind a balancer on this machine: a test may send X-Forwarded-For to come from
      // another network (e2e/operators.spec.ts: scam reports count by network).
      TRUST_PROXY: 'true',
    },
  };
}

export default defineConfig({
  testDir: './e2e',
  // Each project's specs share one server and some switch maintenance on or post jobs, so each
  // project runs one file at a time; the two projects, on servers of their own, run side by side
  // (the browser tests mostly wait on page loads, so two at once nearly halve the run).
  workers: 2,
  fullyParallel: false,
  retries: 0,
  // A journey of many page loads (the console's, an employer's) takes 15–20 s here, and up to
  // 30 s when the machine is busy (two projects at once, the PostgreSQL run beside them): a test
  // fails on what it waits for (expect's 7 s), not on the length of its story.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'list',
  // Its own folder, which Playwright empties at start: the Vitest reports beside it stay.
  outputDir: 'test-results/playwright',
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
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: journeySpecs,
      workers: 1,
    },
    {
      name: 'journeys',
      workers: 1,
      use: { ...devices['Desktop Chrome'], baseURL: journeys.baseURL },
      testMatch: journeySpecs,
    },
  ],
  webServer: [server(port, dataDir), server(journeys.port, journeys.dataDir)],
});
