// The database going away and coming back under a running server: with PostgreSQL (TEST_DATABASE_URL)
// through a relay the test cuts and restores; with the embedded PGlite by closing it under the app.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../shared/api-paths.ts';
import type { App } from '../app.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { seedDemoIfEmpty } from '../db/seed/demo.ts';
import { REFRESH_COUNTS_SQL } from '../modules/jobs/counts.ts';
import { createJobsService } from '../modules/jobs/jobs.service.ts';
import { buildTestApp } from '../security/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../test-support/database.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from './database-unavailable.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

async function expectOutageAnswers(app: App) {
  const health = await app.inject({ url: '/healthz' });
  expect(health.statusCode).toBe(200);

  const ready = await app.inject({ url: '/readyz' });
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toMatchObject({ database: 'down' });

  const api = await app.inject({ url: apiPaths.appDetails });
  expect(api.statusCode).toBe(503);
  expect(Number(api.headers['retry-after'])).toBeGreaterThan(0);
  expect(api.json()).toEqual({
    success: false,
    message: DATABASE_UNAVAILABLE_MESSAGE,
    content: null,
  });

  const page = await app.inject({ url: '/' });
  expect(page.statusCode).toBe(503);
  expect(page.headers['content-type']).toContain('text/html');
  expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
  expect(page.body).toContain('temporarily unavailable');
  expect(page.body).not.toMatch(/at \S+ \(|node_modules|ECONN/);
  // The friendly page lives under the same strict policy as every other page.
  const nonce = /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1];
  expect(page.body).toContain(`<style nonce="${nonce}">`);
}

async function expectHealthy(app: App) {
  expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  expect((await app.inject({ url: apiPaths.appDetails })).statusCode).toBe(200);
  expect((await app.inject({ url: '/' })).statusCode).toBe(200);
}

const serverUrl = process.env.TEST_DATABASE_URL;

// Each run exercises the database it was given: scripts/test.mjs runs this file on both.
if (serverUrl)
  describe('PostgreSQL stopped and restarted under a running server', () => {
    let real: TestDatabase;
    let proxy: TcpProxy;
    let viaProxy: Database;
    let app: App;
    beforeAll(async () => {
      real = await openTestDatabase();
      await seedDemoIfEmpty(real.db);
      const url = new URL(real.url!);
      proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      viaProxy = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
      app = await buildTestApp(viaProxy);
    });
    afterAll(async () => {
      await app?.close();
      await viaProxy?.close();
      await proxy?.close();
      await real?.close();
    });

    it('keeps answering, says 503 while the database is away, and recovers without a restart', async () => {
      await expectHealthy(app);
      proxy.cut();
      await expectOutageAnswers(app);
      // Still away on a second round: nothing recovers by accident, nothing crashed.
      await expectOutageAnswers(app);
      proxy.restore();
      const deadline = Date.now() + 10_000;
      while ((await app.inject({ url: '/readyz' })).statusCode !== 200) {
        expect(Date.now()).toBeLessThan(deadline);
        await new Promise((r) => setTimeout(r, 200));
      }
      await expectHealthy(app);
    });

    it('cancels a statement that runs past the statement timeout', async () => {
      const short = await openDatabase({
        databaseUrl: real.url,
        dataDir: 'unused',
        statementTimeoutMs: 300,
      });
      const started = Date.now();
      const error = await short.db.execute(sql`select pg_sleep(3)`).catch((err: unknown) => err);
      await short.close();
      expect(Date.now() - started).toBeLessThan(2000);
      expect(String((error as { cause?: Error }).cause ?? error)).toMatch(/statement timeout/);
    });

    it('lets the background job-count refresh run past the request statement timeout', async () => {
      const short = await openDatabase({
        databaseUrl: real.url,
        dataDir: 'unused',
        statementTimeoutMs: 300,
      });
      try {
        // The refresh's own first statement lifts the bound for its transaction only.
        await short.db.transaction(async (tx) => {
          await tx.execute(sql.raw(REFRESH_COUNTS_SQL[0]!));
          await tx.execute(sql`select pg_sleep(0.6)`);
        });
        await expect(createJobsService(short.db).refreshCounts()).resolves.toBeUndefined();
        const after = await short.db
          .execute(sql`select pg_sleep(0.6)`)
          .catch((err: unknown) => err);
        expect(String((after as { cause?: Error }).cause ?? after)).toMatch(/statement timeout/);
      } finally {
        await short.close();
      }
    });
  });
else
  describe('PGlite closed under a running server', () => {
    let database: TestDatabase;
    let app: App;
    beforeAll(async () => {
      database = await openTestDatabase();
      await seedDemoIfEmpty(database.db);
      app = await buildTestApp(database);
    });
    afterAll(async () => {
      await app.close();
    });

    it('keeps answering /healthz and says 503 everywhere else', async () => {
      await expectHealthy(app);
      await database.close();
      await expectOutageAnswers(app);
    });
  });
