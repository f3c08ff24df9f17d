import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot, type App } from '../app.ts';
import { buildTestApp } from '../security/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../test-support/database.ts';

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
  it('logs errors that escape every handler and keeps the process running', () => {
    const script = `
      import { installProcessGuards } from './src/server/reliability/process-guards.ts';
      const logged = [];
      installProcessGuards({ error: (obj, msg) => logged.push(msg + ': ' + obj.err.message) });
      setTimeout(() => { throw new Error('thrown in a timer'); }, 10);
      void Promise.reject(new Error('rejected, never awaited'));
      setTimeout(() => { console.log(JSON.stringify(logged)); }, 200);
    `;
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: projectRoot,
        encoding: 'utf8',
      },
    );
    const logged = JSON.parse(out.trim()) as string[];
    expect(logged).toHaveLength(2);
    expect(logged.join('\n')).toContain('thrown in a timer');
    expect(logged.join('\n')).toContain('rejected, never awaited');
  });
});
