// A stop signal to `npm start` stops every process it started: SIGTERM to scripts/start.mjs once
// the server answers, SIGTERM to it while the first start is still seeding the demo data (the
// server's seeding child), and SIGTERM to `npm start` itself (npm's shell dies of it without
// passing it on). Afterwards the port is closed and none of their processes is left.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../src/server/db/client.ts';
import { tempDirs } from '../test/support/temp-dirs.ts';
import { freePort, sleep, spawnServer } from '../test/support/server-process.ts';
import { projectRoot } from './server-process.mjs';

const tempDir = tempDirs('openings-start-signals');

/** pid → [parent pid, state] of every process, from /proc. */
function processTable(): Map<number, { ppid: number; state: string }> {
  const table = new Map<number, { ppid: number; state: string }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state = '', ppid = ''] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(entry), { ppid: Number(ppid), state });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return table;
}

/** `root` and every process below it. */
function processTree(root: number): number[] {
  const table = processTable();
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, { ppid }] of table) if (ppid === tree[i]) tree.push(pid);
  }
  return tree;
}

/** Those of `pids` still running (a zombie has ended; only its exit status is left to collect). */
function running(pids: number[]): number[] {
  const table = processTable();
  return pids.filter((pid) => {
    const state = table.get(pid)?.state;
    return state !== undefined && state !== 'Z';
  });
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(100);
  }
}

const answers = (port: number) =>
  fetch(`http://127.0.0.1:${port}/healthz`).then(
    (r) => r.ok,
    () => false,
  );

/** A server on a new embedded database in a temp folder, on a free port. */
async function serverEnv() {
  const port = await freePort();
  return {
    port,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: tempDir(), LOG_LEVEL: 'warn' },
  };
}

/** Stops `root` with SIGTERM and waits until all of `tree` has ended and the port is closed. */
async function expectAllStopped(root: number, tree: number[], port: number) {
  expect(tree.length).toBeGreaterThan(1);
  process.kill(root, 'SIGTERM');
  try {
    await until('every process has ended', () => running(tree).length === 0, 20_000);
  } finally {
    // A failing run leaves nothing behind either.
    for (const pid of running(tree)) process.kill(pid, 'SIGKILL');
  }
  expect(await answers(port)).toBe(false);
}

describe.runIf(existsSync('/proc/self/stat'))('a stop signal to npm start', () => {
  it('SIGTERM to start.mjs once the server answers: the port closes, no process is left', async () => {
    const { port, env } = await serverEnv();
    const start = spawnServer(env, { via: 'npm start' });
    await until('the server answers', () => answers(port));
    await expectAllStopped(start.child.pid!, processTree(start.child.pid!), port);
    expect(await start.exited).toBe(0);
  }, 180_000);

  it('SIGTERM to start.mjs while the first start seeds: the seeding child stops too', async () => {
    const { port, env } = await serverEnv();
    const start = spawnServer(env, { via: 'npm start' });
    // start.mjs → the server → the server bundle again with --seed-only.
    let tree: number[] = [];
    await until('the seeding child runs', () => {
      tree = processTree(start.child.pid!);
      return tree.some((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--seed-only');
        } catch {
          return false;
        }
      });
    });
    await expectAllStopped(start.child.pid!, tree, port);
    await start.exited;
    expect(start.child.signalCode).toBe('SIGTERM');
    // Stopped, not left to finish on its own: the demo data never went in.
    const database = await openDatabase({ dataDir: env.DATA_DIR });
    try {
      // The signal may come while the child still migrates: then there is no jobs table yet.
      const [table] = await queryRows<{ jobs: string | null }>(
        database.db,
        sql`select to_regclass('jobs')::text as jobs`,
      );
      const [row] = table?.jobs
        ? await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from jobs`)
        : [{ n: 0 }];
      expect(row?.n).toBe(0);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('SIGTERM to `npm start` itself: its shell dies of it, and start.mjs stops the server', async () => {
    const { port, env } = await serverEnv();
    const { DATABASE_URL: _database, NODE_ENV: _mode, ...inherited } = process.env;
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: projectRoot,
      env: { ...inherited, ...env },
      stdio: 'ignore',
    });
    await until('the server answers', () => answers(port));
    await expectAllStopped(npm.pid!, processTree(npm.pid!), port);
  }, 180_000);
});
