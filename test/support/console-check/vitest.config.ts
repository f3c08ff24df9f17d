import { defineConfig } from 'vitest/config';

// Runs cases.ts under the console guard for console.test.ts.
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['cases.ts'],
    setupFiles: ['../console.ts'],
  },
});
