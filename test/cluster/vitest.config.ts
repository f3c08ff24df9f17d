import { defineConfig } from 'vitest/config';

// The cluster test (cluster.test.ts) on its own: one file, run after the others by scripts/test.mjs.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/cluster/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
