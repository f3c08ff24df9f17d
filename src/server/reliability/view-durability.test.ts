// No accepted view is lost (issue 15): 10 views answered counted reach jobs.views after the server
// is killed with -9 before its flusher ran, and (on PostgreSQL) after the database stopped and the
// server got SIGTERM during the outage — each time once a server runs again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../shared/api-paths.ts';
import { type Database, openDatabase, queryRows } from '../db/client.ts';
import { seedDemoIfEmpty } from '../db/seed/demo.ts';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.ts';
import {
  BROWSER_UA,
  type RunningServer,
  sleep,
  startServer,
  stopServer,
} from '../../../test/support/server-process.ts';
import { startTcpProxy, type TcpProxy } from '../../../test/support/tcp-proxy.ts';

const VIEWS = 10;
const serverUrl = process.env.TEST_DATABASE_URL;

/** Ten views by one visitor of ten active jobs, each answered counted. */
async function postTenViews(server: RunningServer, pageUrls: string[]) {
  // The view endpoint hands out the visitor cookie with its first answer (401: send again).
  const first = await fetch(`${server.base}${apiPaths.addView}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA, origin: server.base },
    body: JSON.stringify({ pageUrl: pageUrls[0] }),
  });
  expect(first.status).toBe(401);
  const cookie = first.headers
    .getSetCookie()
    .find((c) => c.startsWith('visitor='))!
    .split(';')[0]!;
  for (const pageUrl of pageUrls.slice(0, VIEWS)) {
    const res = await fetch(`${server.base}${apiPaths.addView}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': BROWSER_UA,
        origin: server.base,
        cookie,
      },
      body: JSON.stringify({ pageUrl }),
    });
    expect(await res.json()).toMatchObject({ content: { counted: true } });
  }
}

async function totalViews(database: Database) {
  const [row] = await queryRows<{ views: number }>(
    database.db,
    sql`select coalesce(sum(views), 0)::int as views from jobs`,
  );
  return row!.views;
}

async function activePageUrls(database: Database) {
  const rows = await queryRows<{ page_url: string }>(
    database.db,
    sql`select page_url from jobs
        where is_active and (valid_through is null or valid_through > now())
        order by id limit ${VIEWS}`,
  );
  return rows.map((r) => r.page_url);
}

/** Polls (through a server's own connection) until jobs.views reaches the total. */
async function waitForViews(read: () => Promise<number>, expected: number) {
  const deadline = Date.now() + 20_000;
  let seen = await read();
  while (seen !== expected && Date.now() < deadline) {
    await sleep(250);
    seen = await read();
  }
  return seen;
}

if (serverUrl)
  describe('accepted views on PostgreSQL', () => {
    let real: TestDatabase;
    let proxy: TcpProxy;
    let env: Record<string, string>;
    let pageUrls: string[];
    const dataDir = mkdtempSync(path.join(tmpdir(), 'openings-views-pg-'));

    beforeAll(async () => {
      real = await openTestDatabase();
      await seedDemoIfEmpty(real.db);
      pageUrls = await activePageUrls(real);
      const url = new URL(real.url!);
      proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
    }, 120_000);
    /** Starts a server again and answers jobs.views once its flusher brought it to the total. */
    async function viewsAfterRestart(expected: number) {
      const second = await startServer(env);
      try {
        return await waitForViews(() => totalViews(real), expected);
      } finally {
        await stopServer(second);
      }
    }
    // A failed test must not leave the next one without its database.
    afterEach(async () => {
      await proxy?.restore();
    });
    afterAll(async () => {
      await proxy?.close();
      await real?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('reach jobs.views after the database stopped and the server got SIGTERM', async () => {
      const before = await totalViews(real);
      const first = await startServer(env);
      // The database stops, then the server is told to stop. The flusher (every 2 s) may move
      // views between the last answer and the stop: those are not under test, the ones still
      // pending are. When it moved all ten (a loaded machine), the database comes back and ten
      // more views by a new visitor are posted, up to three times.
      let posted = 0;
      let flushed = VIEWS;
      for (let attempt = 0; attempt < 3 && flushed === VIEWS; attempt += 1) {
        await proxy.restore();
        const start = await totalViews(real);
        await postTenViews(first, pageUrls);
        posted += VIEWS;
        await proxy.refuse();
        flushed = (await totalViews(real)) - start;
      }
      expect(flushed).toBeLessThan(VIEWS);
      const written = (await totalViews(real)) - before;
      const stoppedAt = Date.now();
      first.child.kill('SIGTERM');
      const code = await first.exited;
      expect(Date.now() - stoppedAt).toBeLessThan(10_000);
      expect(code, first.stderr()).toBe(0);
      expect(first.stderr()).not.toMatch(/views not written/);
      await proxy.restore();
      expect(await totalViews(real)).toBe(before + written);

      expect(await viewsAfterRestart(before + posted)).toBe(before + posted);
    }, 120_000);

    it('reach jobs.views after the server was killed with -9', async () => {
      await real.db.execute(sql`delete from job_views`);
      const before = await totalViews(real);
      const first = await startServer(env);
      await postTenViews(first, pageUrls);
      first.child.kill('SIGKILL');
      await first.exited;
      expect(await viewsAfterRestart(before + VIEWS)).toBe(before + VIEWS);
    }, 120_000);
  });
else
  describe('accepted views on the embedded database', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'openings-views-'));
    let pageUrls: string[];
    let before: number;

    beforeAll(async () => {
      const database = await openDatabase({ dataDir });
      await database.migrate();
      await seedDemoIfEmpty(database.db);
      pageUrls = await activePageUrls(database);
      before = await totalViews(database);
      await database.close();
    }, 120_000);
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('reach jobs.views after the server was killed with -9', async () => {
      const first = await startServer({ DATA_DIR: dataDir });
      await postTenViews(first, pageUrls);
      first.child.kill('SIGKILL');
      await first.exited;
      // The embedded database has one owner, so the count is read once the restarted server,
      // whose flusher has run by then, stopped again.
      const second = await startServer({ DATA_DIR: dataDir });
      await sleep(3_000);
      second.child.kill('SIGTERM');
      expect(await second.exited, second.stderr()).toBe(0);
      const database = await openDatabase({ dataDir });
      try {
        expect(await totalViews(database)).toBe(before + VIEWS);
      } finally {
        await database.close();
      }
    }, 180_000);
  });
