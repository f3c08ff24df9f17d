// `npm test`: the whole suite. Unit, component and API tests (Vitest) on the embedded database;
// then the browser tests (Playwright in Debian's Chromium against the production build) and,
// beside them at a lower CPU priority, the server's data and API tests again on PostgreSQL when
// TEST_DATABASE_URL is set, followed by the cluster test (two servers, a replica, HAProxy;
// PostgreSQL only). The browser tests are a chain of page loads that mostly wait: at equal
// priority the tests beside them slowed every load, and the suite took ~25 minutes on two cores;
// niced, those fill the waits instead. Their output is held and printed whole when they end. Last,
// the bundle budgets (size-limit on the production build, one test per budget). Ends with one
// line `N passed, N failed` over everything that ran.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

mkdirSync(results, { recursive: true });
const totals = { passed: 0, failed: 0 };
let exitCode = 0;

/**
 * Runs one step and counts its report. `held`: its output is kept and printed when it ends, so
 * it can run beside another step.
 */
async function run(label, command, commandArgs, env, reportFile, count, { held = false } = {}) {
  if (!held) console.log(`\n=== ${label} ===`);
  rmSync(reportFile, { force: true });
  const started = Date.now();
  // Held steps run beside the browser tests: niced (coreutils' nice), they take the CPU those
  // leave idle rather than slowing each page load.
  const [program, programArgs] = held
    ? ['nice', ['-n', '10', command, ...commandArgs]]
    : [command, commandArgs];
  const child = spawn(program, programArgs, {
    cwd: root,
    stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  const status = await new Promise((resolve) => child.on('close', resolve));
  if (held) {
    console.log(`\n=== ${label} (ran beside the browser tests) ===`);
    process.stdout.write(Buffer.concat(output));
  }
  settle(label, status, reportFile, count, Date.now() - started);
}

function settle(label, status, reportFile, count, elapsed) {
  if (status !== 0) exitCode = 1;
  if (!existsSync(reportFile)) {
    console.error(
      `${label}: no report was written (${path.relative(root, reportFile)}); counted as failed.`,
    );
    totals.failed += 1;
    exitCode = 1;
    return;
  }
  const { passed, failed } = count(JSON.parse(readFileSync(reportFile, 'utf8')));
  const minutes = (elapsed / 60_000).toFixed(1);
  console.log(`${label}: ${passed} passed, ${failed} failed (${minutes} min)`);
  totals.passed += passed;
  totals.failed += failed;
}

const vitestCount = (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests });
const playwrightCount = (r) => ({
  passed: r.stats.expected + (r.stats.flaky ?? 0),
  failed: r.stats.unexpected,
});

if (!only || only === 'unit') {
  const report = path.join(results, 'vitest-pglite.json');
  // Vitest's default is one fork per core but one, a single fork on a two-core machine; many
  // files wait on servers and child processes they start, so two forks take ~30% off this step.
  const workers = Math.max(2, availableParallelism() - 1);
  await run(
    'Vitest (embedded PGlite)',
    'npx',
    [
      'vitest',
      'run',
      `--maxWorkers=${workers}`,
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${report}`,
    ],
    { TEST_DATABASE_URL: '' },
    report,
    vitestCount,
  );
}

/** The PostgreSQL run, then the cluster test: beside the browser tests in a whole run. */
async function beside() {
  await postgresTests();
  await clusterTest();
}

/**
 * Server test files that open only the embedded database whatever TEST_DATABASE_URL says (a data
 * directory of their own, or PGlite's thread itself): the first step ran them, so the PostgreSQL
 * run leaves them out.
 */
const embeddedOnly = [
  'src/server/cli/backup.test.ts',
  'src/server/db/data-dir-lock.test.ts',
  'src/server/db/pglite-thread.test.ts',
  'src/server/reliability/sigterm.test.ts',
];

async function postgresTests() {
  if ((only && only !== 'unit') || !process.env.TEST_DATABASE_URL) return;
  const report = path.join(results, 'vitest-postgres.json');
  await run(
    'Vitest data and API tests (PostgreSQL)',
    'npx',
    [
      'vitest',
      'run',
      'src/server',
      ...embeddedOnly.flatMap((file) => ['--exclude', file]),
      // One module graph per fork rather than per file: importing the server afresh for each of
      // ~100 files was a third of this step (5.6 → 3.8 min alone). The server's tests mock no
      // module and start each app from its own options, so nothing a file leaves in a module
      // reaches the next; the first step keeps isolation for the whole suite.
      '--isolate=false',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${report}`,
    ],
    {},
    report,
    vitestCount,
    { held: !only },
  );
}

// Two production servers on a PostgreSQL primary and a streaming replica behind HAProxy
// (test/cluster): its own clusters and ports; skipped, with the reason printed, without
// TEST_DATABASE_URL, PostgreSQL's programs or HAProxy.
async function clusterTest() {
  if (only && only !== 'cluster') return;
  const report = path.join(results, 'vitest-cluster.json');
  await run(
    'Cluster: two servers, a replica, HAProxy (PostgreSQL)',
    'npx',
    [
      'vitest',
      'run',
      '--config',
      'test/cluster/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${report}`,
    ],
    {},
    report,
    vitestCount,
    { held: !only },
  );
}

const besideBrowser = beside();

if (!only || only === 'e2e') {
  if (!existsSync(chromium)) {
    console.error(
      `\nBrowser tests need Chromium at ${chromium}.\n` +
        'Install it with: sudo apt-get update && sudo apt-get install -y chromium\n' +
        '(or point CHROMIUM_PATH at a Chromium binary).',
    );
    totals.failed += 1;
    exitCode = 1;
  } else {
    const report = path.join(results, 'e2e.json');
    await run(
      'Playwright (Chromium, production build)',
      'npx',
      ['playwright', 'test'],
      { CI: 'true' },
      report,
      playwrightCount,
    );
  }
}
await besideBrowser;

if (!only || only === 'size') {
  // One test per budget of .size-limit.mjs, on a build that matches the sources.
  console.log('\n=== Bundle budgets (size-limit) ===');
  const build = spawnSync('node', ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
  const check = spawnSync('npx', ['size-limit', '--json'], { cwd: root, encoding: 'utf8' });
  let budgets;
  try {
    budgets = build.status === 0 ? JSON.parse(check.stdout) : undefined;
  } catch {
    budgets = undefined;
  }
  if (!Array.isArray(budgets)) {
    console.error(`size-limit did not run:\n${check.stdout ?? ''}${check.stderr ?? ''}`);
    totals.failed += 1;
    exitCode = 1;
  } else {
    writeFileSync(path.join(results, 'size-limit.json'), JSON.stringify(budgets, null, 2));
    for (const b of budgets) {
      const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
      console.log(
        `${b.passed ? 'ok  ' : 'FAIL'} ${b.name}: ${kB(b.size)} gzip (limit ${kB(b.sizeLimit)})`,
      );
      totals[b.passed ? 'passed' : 'failed'] += 1;
      if (!b.passed) exitCode = 1;
    }
  }
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(exitCode);
