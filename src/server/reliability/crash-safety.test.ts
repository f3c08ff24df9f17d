// kill -9 of a process working on the embedded database — in the middle of a bulk seed, in the
// middle of counting and flushing views — 20 times each, on the same directory: every time it
// opens again (stale lock taken over, PostgreSQL's recovery replays its WAL) and what the process
// had reported committed before the kill is there.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { seedDemo } from '../db/seed/demo.ts';

/** 20 in CI; CRASH_KILLS sets fewer for a quick local run. */
const KILLS = Number(process.env.CRASH_KILLS ?? 20);
const worker = path.join(projectRoot, 'test/support/crash-worker.ts');
const root = mkdtempSync(path.join(tmpdir(), 'openings-crash-'));
const template = path.join(root, 'template');
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Run {
  /** Every line the worker printed before it was killed. */
  lines: string[];
}

/** When to kill: `ms` after the worker printed its `nth` line matching `after`. */
interface Trigger {
  after: RegExp;
  nth?: number;
  ms: number;
}

/**
 * Starts the worker and kills it with SIGKILL at the trigger: timed from what it reports, so the
 * kill lands mid-work however slow the machine is.
 */
function killMidWork(mode: 'seed' | 'views', dataDir: string, trigger: Trigger): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', worker, mode, dataDir], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    let matched = 0;
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      if (trigger.after.test(line) && ++matched === (trigger.nth ?? 1)) {
        setTimeout(() => child.kill('SIGKILL'), trigger.ms);
      }
    });
    child.on('exit', (_code, signal) => {
      if (signal === 'SIGKILL' && lines.length > 0) resolve({ lines });
      else reject(new Error(`the worker ended on its own (${signal}): ${stderr}`));
    });
  });
}

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
const upTo = (ms: number) => Math.random() * ms;

const figure = (line: string | undefined, name: string) =>
  Number(new RegExp(`${name}=(\\d+)`).exec(line ?? '')?.[1]);
const last = (lines: string[], prefix: string) => lines.findLast((l) => l.startsWith(prefix));

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  if (onPostgres) return;
  const database = await openDatabase({ dataDir: template });
  await database.migrate();
  await seedDemo(database.db);
  await database.close();
}, 120_000);

// The two loops run side by side (each on its own directory) to keep the file short. They test the
// embedded database only, so npm test's PostgreSQL stage leaves them to its PGlite stage.
describe.skipIf(onPostgres).concurrent('kill -9 of a process using the embedded database', () => {
  it(`loses nothing committed and always reopens, killed mid bulk seed ${KILLS} times`, async () => {
    const dataDir = path.join(root, 'seed');
    cpSync(template, dataDir, { recursive: true });
    let committed = 450;
    const endedAt = new Set<string>();
    for (let i = 0; i <= KILLS; i++) {
      // Each phase of a load in turn: making its templates, inside its transaction, its vacuum,
      // just after its commit; the last run only opens and checks.
      const trigger: Trigger =
        i === KILLS
          ? { after: /^open /, ms: 0 }
          : pick([
              { after: /^preparing /, ms: upTo(400) },
              { after: /^jobs /, ms: upTo(30) },
              { after: /^vacuum /, ms: upTo(500) },
              { after: /^committed /, ms: 0 },
            ]);
      const run = await killMidWork('seed', dataDir, trigger);
      const found = figure(run.lines[0], 'jobs');
      // A load is one transaction: all of it or none (a kill between its commit and its line).
      expect([committed, committed + 300]).toContain(found);
      committed = figure(last(run.lines, 'committed'), 'jobs') || found;
      endedAt.add(run.lines.at(-1)!.split(' ')[0]!);
    }
    expect(committed).toBeGreaterThan(450);
    // The kills did land in different phases.
    expect(endedAt.size).toBeGreaterThanOrEqual(3);
  }, 600_000);

  it(`loses no counted view and always reopens, killed mid flush ${KILLS} times`, async () => {
    const dataDir = path.join(root, 'views');
    cpSync(template, dataDir, { recursive: true });
    let counted = -1;
    let flushed = -1;
    let flushes = 0;
    for (let i = 0; i <= KILLS + 1; i++) {
      // After a few views were counted, or in the middle of a flush (most kills), or at once.
      const trigger: Trigger =
        i > KILLS
          ? { after: /^open /, ms: 0 }
          : pick([
              { after: /^counted /, nth: 1 + Math.floor(upTo(12)), ms: upTo(20) },
              { after: /^flushed /, nth: 1 + Math.floor(upTo(3)), ms: upTo(40) },
            ]);
      const run = await killMidWork('views', dataDir, trigger);
      const [opened] = run.lines;
      const total = figure(opened, 'total');
      if (i > 0) {
        // Each counted view is in jobs.views or still pending; at most the one in flight is extra.
        expect(total).toBeGreaterThanOrEqual(counted);
        expect(total).toBeLessThanOrEqual(counted + 1);
        expect(figure(opened, 'views')).toBeGreaterThanOrEqual(flushed);
      }
      counted = figure(last(run.lines, 'counted'), 'total') || total;
      const lastFlush = figure(last(run.lines, 'flushed'), 'views');
      if (lastFlush) flushes++;
      flushed = lastFlush || figure(opened, 'views');
    }
    expect(flushes).toBeGreaterThan(KILLS / 4);
  }, 600_000);
});
