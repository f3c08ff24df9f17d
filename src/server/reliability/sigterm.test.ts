// SIGTERM under load against the real server process: every request it had taken is answered,
// it exits 0 within 10 s, and every view it accepted is in the database afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../shared/api-paths.ts';
import { type Db, openDatabase, queryRows } from '../db/client.ts';
import { seedDemoIfEmpty } from '../db/seed/demo.ts';
import {
  BROWSER_UA,
  type RunningServer,
  sleep,
  startServer,
} from '../../../test/support/server-process.ts';

const JOBS = 60;
const VISITORS = 5;
const SOCKETS = 20;

interface ViewTotals {
  views: number;
  visits: number;
}

const viewTotals = (db: Db) =>
  queryRows<ViewTotals>(
    db,
    sql`select (select coalesce(sum(views), 0)::int from jobs) as views,
               (select count(*)::int from job_views) as visits`,
  ).then((rows) => rows[0]!);

/** The demo data set, as the server would seed it; answers active jobs and the view totals. */
async function prepareDataDir(dataDir: string) {
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await seedDemoIfEmpty(database.db);
  const jobs = await queryRows<{ page_url: string }>(
    database.db,
    sql`select page_url from jobs
        where is_active and (valid_through is null or valid_through > now())
        order by id limit ${JOBS}`,
  );
  const before = await viewTotals(database.db);
  await database.close();
  return { pageUrls: jobs.map((j) => j.page_url), before };
}

interface Outcome {
  sentAt: number;
  doneAt: number;
  /** HTTP status, or the error code when no answer came. */
  status: number | string;
  body: string;
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

function send(agent: Agent, port: number, call: Call, retried = false): Promise<Outcome> {
  const sentAt = performance.now();
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: call.method,
        path: call.path,
        headers: call.headers,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({ sentAt, doneAt: performance.now(), status: res.statusCode ?? 0, body }),
        );
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      // A kept-alive socket the server closed as idle just as we wrote to it: the request never
      // reached the server, and Node's documentation says to retry exactly this case.
      if (req.reusedSocket && err.code === 'ECONNRESET' && !retried) {
        resolve(send(agent, port, call, true));
        return;
      }
      resolve({ sentAt, doneAt: performance.now(), status: err.code ?? err.message, body: '' });
    });
    req.end(call.body);
  });
}

describe('SIGTERM under load', () => {
  let dataDir: string;
  let server: RunningServer;
  let pageUrls: string[];
  let before: ViewTotals;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'openings-sigterm-'));
    ({ pageUrls, before } = await prepareDataDir(dataDir));
    expect(pageUrls).toHaveLength(JOBS);
    // Exactly what `npm start` runs: scripts/start.mjs, which runs the bundle with the server's
    // flags and passes the signal on.
    server = await startServer(
      // The burst comes from one address; this test is about shutdown, not limits.
      { DATA_DIR: dataDir, RATE_LIMIT_SCALE: '0' },
      { via: 'npm start' },
    );
  }, 180_000);

  afterAll(() => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every request it took, exits 0 within 10 s and loses no accepted view', async () => {
    const { base, child } = server;
    const cookies: string[] = [];
    for (let i = 0; i < VISITORS; i++) {
      const res = await fetch(`${base}${apiPaths.visitor}`, {
        method: 'POST',
        headers: { 'user-agent': BROWSER_UA, origin: base },
      });
      const visitor = res.headers.getSetCookie().find((c) => c.startsWith('visitor='));
      expect(visitor, 'the visitor endpoint hands out the visitor cookie').toBeTruthy();
      cookies.push(visitor!.split(';')[0]!);
    }

    // Browsers keep a few connections open and send one request at a time on each.
    const agent = new Agent({ keepAlive: true, maxSockets: SOCKETS });
    const port = Number(new URL(base).port);
    // Open every connection first: a connection still waiting in the kernel's accept queue when
    // the listener closes was never taken by the server, and is reset by the kernel, not by us.
    const warmUp = await Promise.all(
      Array.from({ length: SOCKETS }, () => send(agent, port, { method: 'GET', path: '/healthz' })),
    );
    expect(warmUp.map((o) => o.status)).toEqual(Array(SOCKETS).fill(200));
    const requests: Promise<Outcome>[] = [];
    const views: Promise<Outcome>[] = [];
    for (const cookie of cookies) {
      for (const pageUrl of pageUrls) {
        const view = send(agent, port, {
          method: 'POST',
          path: apiPaths.addView,
          headers: {
            'content-type': 'application/json',
            cookie,
            'user-agent': BROWSER_UA,
            origin: base,
          },
          body: JSON.stringify({ pageUrl }),
        });
        views.push(view);
        requests.push(view);
        requests.push(send(agent, port, { method: 'GET', path: apiPaths.appDetails }));
      }
    }

    // Let the burst get going on every connection, then stop the server in the middle of it.
    let answered = 0;
    for (const r of requests) void r.then(() => (answered += 1));
    while (answered < 40) await sleep(20);
    const signalledAt = performance.now();
    child.kill('SIGTERM');

    const outcomes = await Promise.all(requests);
    const code = await server.exited;
    const exitedAfterMs = performance.now() - signalledAt;
    agent.destroy();

    // Otherwise the burst was over before the signal and the test would prove nothing.
    const answeredAfterSignal = outcomes.filter((o) => o.status === 200 && o.doneAt > signalledAt);
    expect(answeredAfterSignal.length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.status === 'ECONNREFUSED').length).toBeGreaterThan(0);
    // Every request either was answered 200, or never got a connection (sent after the listener
    // closed): nothing the server had taken failed, no 5xx, no reset connections.
    const failed = outcomes.filter((o) => o.status !== 200 && o.status !== 'ECONNREFUSED');
    expect(failed, server.stderr()).toEqual([]);
    expect(code, server.stderr()).toBe(0);
    expect(exitedAfterMs).toBeLessThan(10_000);

    const accepted = (await Promise.all(views)).filter(
      (o) =>
        o.status === 200 &&
        (JSON.parse(o.body) as { content: { counted: boolean } }).content.counted,
    ).length;
    expect(accepted).toBeGreaterThan(0);

    const database = await openDatabase({ dataDir });
    const after = await viewTotals(database.db);
    await database.close();
    expect(after).toEqual({ views: before.views + accepted, visits: before.visits + accepted });
  }, 120_000);
});
