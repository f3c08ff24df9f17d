// A test fails when something writes to console.error or console.warn that the test did not
// expect: React's warnings (keys, hydration mismatches, act), jsdom's "not implemented" errors and
// errors code logged instead of throwing all go there, and would otherwise scroll past unread.
// A test that means to provoke one says so with allowConsole(pattern): called inside a test it
// allows the pattern for that test, at the top of a file or in beforeAll for the whole file.
// Loaded for every file by vitest.config.ts (setupFiles).
import { format } from 'node:util';
import { afterAll, afterEach, beforeEach } from 'vitest';

type Method = 'error' | 'warn';
const METHODS: Method[] = ['error', 'warn'];

const fileAllowed: RegExp[] = [];
const testAllowed: RegExp[] = [];
let inTest = false;
let unexpected: string[] = [];

/** Lets console.error / console.warn output matching `pattern` through without failing. */
export function allowConsole(...patterns: RegExp[]) {
  (inTest ? testAllowed : fileAllowed).push(...patterns);
}

for (const method of METHODS) {
  const original = console[method].bind(console);
  console[method] = (...args: unknown[]) => {
    const text = format(...args);
    original(...args);
    if ([...fileAllowed, ...testAllowed].some((p) => p.test(text))) return;
    unexpected.push(`console.${method}: ${text.split('\n').slice(0, 5).join('\n')}`);
  };
}

function takeUnexpected(when: string) {
  if (unexpected.length === 0) return;
  const found = unexpected;
  unexpected = [];
  throw new Error(
    `Unexpected console output ${when} (allow it with allowConsole(/…/) from ` +
      `test/support/console.ts if the test provokes it):\n${found.join('\n---\n')}`,
  );
}

beforeEach(() => {
  inTest = true;
});

afterEach(() => {
  inTest = false;
  testAllowed.length = 0;
  takeUnexpected('during this test or the set-up before it');
});

afterAll(() => {
  takeUnexpected('after the last test of this file');
});
