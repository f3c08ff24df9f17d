// The console guard (console.ts) fails exactly the tests that write to console.error or
// console.warn without allowing it: run on cases of its own in a separate Vitest.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

it('fails the unexpected and passes the allowed', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'openings-console-'));
  const report = path.join(dir, 'report.json');
  try {
    spawnSync(
      process.execPath,
      [
        'node_modules/vitest/vitest.mjs',
        'run',
        '--config',
        'test/support/console-check/vitest.config.ts',
        '--reporter=json',
        `--outputFile=${report}`,
      ],
      { cwd: path.resolve(import.meta.dirname, '../..'), stdio: 'ignore' },
    );
    const results = JSON.parse(readFileSync(report, 'utf8')) as {
      testResults: { assertionResults: { title: string; status: string }[] }[];
    };
    const outcome = Object.fromEntries(
      results.testResults[0]!.assertionResults.map((r) => [r.title, r.status]),
    );
    expect(outcome).toEqual({
      'fails a test that logs an error it did not expect': 'failed',
      'fails a test on an unexpected warning': 'failed',
      'lets through an error the test allows': 'passed',
      'forgets a test’s allowance after the test': 'failed',
      'lets through what the file allows': 'passed',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
