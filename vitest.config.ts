import { defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts: the React Router plugin must not run under Vitest.
export default defineConfig({
  resolve: {
    alias: { '~': new URL('./src/web', import.meta.url).pathname },
  },
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'scripts/**/*.test.ts',
      'test/support/**/*.test.ts',
    ],
    environment: 'node',
    globalSetup: ['scripts/vitest-global-setup.ts'],
    // A test fails on console.error / console.warn it did not expect (test/support/console.ts).
    setupFiles: ['test/support/console.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite and the PostgreSQL test database are shared per file; files run in parallel forks.
    pool: 'forks',
  },
});
