import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot, type App } from '../app.ts';
import { buildTestApp } from '../../../test/support/app.ts';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.ts';

describe('an error in one request', () => {
  let database: TestDatabase;
  let app: App;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildTestApp(database, { web: false });
    app.get('/api/v1/test-throws', () => {
      throw new TypeError("Cannot read properties of undefined (reading 'secret')");
    });
    app.get('/api/v1/test-rejects', async () => {
      await Promise.resolve();
      throw Object.assign(new Error('password=hunter2 at db.internal:5432'), { code: 'XX000' });
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it.each(['/api/v1/test-throws', '/api/v1/test-rejects'])(
    '%s answers a 500 that reveals nothing, and the server carries on',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        success: false,
        message: 'Something went wrong on our side. Please try again.',
        content: null,
      });
      expect(res.body).not.toMatch(/secret|hunter2|db\.internal|at /);
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    },
  );
});

describe('installProcessGuards', () => {
  /** A child process with the guards; its close() logs and takes `closeMs`; answers what it did. */
  function runGuarded(fault: string, closeMs = 50) {
    const script = `
      import { installProcessGuards } from './src/server/reliability/process-guards.ts';
      const log = (msg) => console.log(msg);
      installProcessGuards(
        { error: (obj, msg) => log('logged ' + msg + ': ' + (obj.err?.message ?? '')) },
        {
          deadlineMs: 1500,
          close: async () => {
            log('closing');
            await new Promise((resolve) => setTimeout(resolve, ${closeMs}));
            log('closed');
          },
        },
      );
      // Keeps the process alive, as a listening server does.
      setInterval(() => {}, 1000);
      ${fault}`;
    const started = Date.now();
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: projectRoot, encoding: 'utf8', timeout: 20_000 },
    );
    return { lines: run.stdout.trim().split('\n'), status: run.status, ms: Date.now() - started };
  }

  // The fault, code that causes it, and the line logged before the process closes and exits.
  it.each([
    [
      'an uncaught exception',
      `setTimeout(() => { throw new Error('thrown in a timer'); }, 10);`,
      'logged uncaught exception: closing and exiting: thrown in a timer',
    ],
    [
      'an unhandled rejection',
      `void Promise.reject(new Error('rejected, never awaited'));`,
      'logged unhandled promise rejection: closing and exiting: rejected, never awaited',
    ],
  ])('ends the process (exit 1) after %s, once it closed what it could', (_fault, code, logged) => {
    const run = runGuarded(code);
    expect(run.status).toBe(1);
    expect(run.lines).toEqual([logged, 'closing', 'closed']);
  });

  it('exits within its deadline when closing hangs', () => {
    const run = runGuarded(`setTimeout(() => { throw new Error('stuck'); }, 10);`, 60_000);
    expect(run.status).toBe(1);
    expect(run.lines).toEqual([
      'logged uncaught exception: closing and exiting: stuck',
      'closing',
      'logged closing after a fault took too long; exiting:',
    ]);
    expect(run.ms).toBeLessThan(10_000);
  });
});
