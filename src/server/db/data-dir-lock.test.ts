import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../app.ts';
import {
  acquireDataDirLock,
  DataDirLockedError,
  ENV_SHARE,
  lockFile,
  processStartTicks,
  readLockOwner,
} from './data-dir-lock.ts';
import { tempDirs } from '../../../test/support/temp-dirs.ts';

const tempDir = tempDirs('openings-lock');

/** Runs TypeScript in a new Node process (tsx) from the project root; answers its stdout. */
function inChild(script: string, env: NodeJS.ProcessEnv = {}) {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: projectRoot, encoding: 'utf8', env: { ...process.env, ...env } },
  );
  return { out: run.stdout.trim(), err: run.stderr.trim(), status: run.status };
}

const tryLock = (dir: string) => `
  import { acquireDataDirLock } from './src/server/db/data-dir-lock.ts';
  try {
    const lock = acquireDataDirLock(${JSON.stringify(dir)}, 'child');
    console.log(JSON.stringify({ took: lock.owner.pid === process.pid, shared: lock.owner.pid }));
  } catch (err) {
    console.log(JSON.stringify({ refused: err.message, code: err.code }));
  }`;

describe('the data directory lock', () => {
  it('refuses a second process with one line naming the owner, and frees the directory on release', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir, 'server (npm start)');
    const owner = readLockOwner(dir)!;
    expect(owner).toMatchObject({ pid: process.pid, command: 'server (npm start)' });
    expect(owner.startTicks).toBe(processStartTicks(process.pid));

    const second = JSON.parse(inChild(tryLock(dir)).out) as { refused: string; code: string };
    expect(second.code).toBe('DATA_DIR_LOCKED');
    expect(second.refused).toContain(
      `pid ${process.pid}, server (npm start), since ${owner.since}`,
    );
    expect(second.refused).toContain(`kill ${process.pid}`);
    expect(second.refused).not.toContain('\n');

    lock.release();
    expect(existsSync(lockFile(dir))).toBe(false);
    const third = JSON.parse(inChild(tryLock(dir)).out) as { took: boolean };
    expect(third.took).toBe(true);
    // The child exited: its lock went with it.
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it('is re-entrant within a process and released when the last user releases it', () => {
    const dir = tempDir();
    const a = acquireDataDirLock(dir, 'server');
    const b = acquireDataDirLock(dir, 'database');
    a.release();
    expect(readLockOwner(dir)?.pid).toBe(process.pid);
    b.release();
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it('takes over the lock of a process that is gone (kill -9)', () => {
    const dir = tempDir();
    const killed = inChild(`
      import { acquireDataDirLock } from './src/server/db/data-dir-lock.ts';
      acquireDataDirLock(${JSON.stringify(dir)}, 'crashed');
      process.kill(process.pid, 'SIGKILL');`);
    expect(killed.status).toBe(null);
    expect(readLockOwner(dir)?.command).toBe('crashed');
    const lock = acquireDataDirLock(dir, 'next');
    expect(readLockOwner(dir)).toMatchObject({ pid: process.pid, command: 'next' });
    expect(JSON.parse(readFileSync(`${lockFile(dir)}.stale`, 'utf8'))).toMatchObject({
      command: 'crashed',
    });
    lock.release();
  });

  it('takes over a lock whose pid now belongs to another process (different start time)', () => {
    const dir = tempDir();
    const ticks = processStartTicks(process.pid)!;
    writeFileSync(
      lockFile(dir),
      JSON.stringify({
        pid: process.pid,
        startTicks: ticks - 1,
        command: 'old',
        since: '2020-01-01T00:00:00Z',
        token: 'x',
      }),
    );
    const lock = acquireDataDirLock(dir, 'now');
    expect(readLockOwner(dir)).toMatchObject({ command: 'now', startTicks: ticks });
    lock.release();
  });

  it('lets a child named by the owner share the lock, and no one else', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir, 'server');
    const shared = JSON.parse(inChild(tryLock(dir), { [ENV_SHARE]: lock.owner.token }).out) as {
      shared: number;
    };
    expect(shared.shared).toBe(process.pid);
    // The child's exit did not remove its parent's lock.
    expect(readLockOwner(dir)?.pid).toBe(process.pid);
    const wrong = JSON.parse(inChild(tryLock(dir), { [ENV_SHARE]: 'not-the-token' }).out) as {
      code: string;
    };
    expect(wrong.code).toBe('DATA_DIR_LOCKED');
    lock.release();
  });

  it('guards openDatabase: a second opener of an on-disk database is refused before it opens', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir, 'server (npm start)');
    const out = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { openDatabase } from './src/server/db/client.ts';
         await openDatabase({ dataDir: ${JSON.stringify(dir)} }).then(
           () => console.log('opened'),
           (err) => console.log(err.name));`,
      ],
      { cwd: projectRoot, encoding: 'utf8' },
    );
    expect(out.trim()).toBe(DataDirLockedError.name);
    expect(existsSync(path.join(dir, 'pglite', 'PG_VERSION'))).toBe(false);
    lock.release();
  });
});
