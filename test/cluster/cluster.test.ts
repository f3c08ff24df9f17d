// Several servers, proven (issue 15, items 9 and 10): two production servers, started as
// `npm start` starts them, on one PostgreSQL primary with a streaming replica, behind HAProxy.
// Through the balancer: listing, detail and counts agree whichever server answers; a view counts
// once and shows through the other server; maintenance reaches both; reads are served by the
// replica and fall back to the primary while it is stopped; the counts refresh runs once per
// period across both; a server stopped with SIGTERM under load loses no request.
// Needs PostgreSQL's programs and HAProxy; skipped with the reason printed elsewhere.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Cluster,
  createPrimary,
  createReplica,
  freePorts,
  Gone,
  makeDir,
  missingPrerequisite,
  type Proc,
  root,
  sleep,
  startHaproxy,
  startServer,
  stopAll,
  stopLeftovers,
  waitFor,
} from './cluster.ts';

const skip = missingPrerequisite();
if (skip) console.log(`\nCluster test skipped: ${skip}.\n`);

/**
 * Ports of the balancer, the two servers, the primary and the replica: free ones, or
 * CLUSTER_PORT_BASE, +1, +2, +10 and +11 when it is set.
 */
async function pickPorts() {
  const base = process.env.CLUSTER_PORT_BASE;
  const [balancer, s1, s2, primary, replica] = base
    ? [0, 1, 2, 10, 11].map((offset) => Number(base) + offset)
    : await freePorts(5);
  return { balancer: balancer!, s1: s1!, s2: s2!, primary: primary!, replica: replica! };
}
let ports: Awaited<ReturnType<typeof pickPorts>>;
/** The balancer's address (PUBLIC_URL): set with the ports. */
let site: string;
const JOBS = 1_500;
/** The counts refresh period for this test (COUNTS_REFRESH_MS), short so a few pass. */
const REFRESH_MS = 2_000;
const COOKIE_SECRET = 'cluster-test-cookie-secret-0123456789abcdef';

const RUN_PREFIX = 'openings-cluster-';
const base = process.env.CLUSTER_DIR ?? path.join(os.tmpdir(), `${RUN_PREFIX}${process.pid}`);
let primary: Cluster;
let replica: Cluster;
const servers: Record<'s1' | 's2', Proc | undefined> = { s1: undefined, s2: undefined };

function serverEnv(name: 's1' | 's2') {
  return {
    PORT: String(ports[name]),
    HOST: '127.0.0.1',
    DATABASE_URL: primary.url(),
    DATABASE_READ_URL: replica.url(),
    PUBLIC_URL: site,
    DATA_DIR: path.join(base, name),
    // Every server must sign visitor cookies with the same secret.
    COOKIE_SECRET,
    COUNTS_REFRESH_MS: String(REFRESH_MS),
    // All of the test's requests come from one address, through the balancer: the API's
    // per-client limits (which the rate-limit tests cover) would answer 429 part way.
    RATE_LIMIT_SCALE: '100',
    // Behind the balancer, as the README says: the client's address is the one it adds.
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'info',
    ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
  };
}

const ready = (port: number, proc?: Proc) => async () => {
  if (proc?.child.exitCode != null) throw new Gone(`the server on port ${port} exited`);
  return (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.status === 200;
};

async function get(pathAndQuery: string, init: RequestInit = {}) {
  const res = await fetch(`${site}${pathAndQuery}`, { redirect: 'manual', ...init });
  const text = await res.text();
  return { status: res.status, by: res.headers.get('x-served-by'), text, headers: res.headers };
}

/** Asks through the balancer until both servers have answered; the answers by server. */
async function fromBoth(pathAndQuery: string) {
  const answers = new Map<string, { status: number; text: string }>();
  for (let i = 0; i < 20 && answers.size < 2; i++) {
    const r = await get(pathAndQuery);
    if (r.by) answers.set(r.by, r);
  }
  expect([...answers.keys()].sort()).toEqual(['s1', 's2']);
  return { s1: answers.get('s1')!, s2: answers.get('s2')! };
}

/** A visitor cookie from the endpoint that hands it out (pages, shared by caches, set none). */
async function visitorCookie() {
  const visitor = await get('/api/v1/auth/visitor', {
    method: 'POST',
    headers: { origin: site, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) cluster-test' },
  });
  return visitor.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0])
    .filter((c) => c!.startsWith('visitor='))
    .join('; ');
}

const json = (text: string) => JSON.parse(text) as { content: Record<string, unknown> };
const listing = (query = '') => `/api/v1/jobs/current-openings?pageSize=5${query}`;
const detail = (pageUrl: string) =>
  `/api/v1/jobs/job-description?pageUrl=${encodeURIComponent(pageUrl)}`;

async function maintenanceCli(on: boolean) {
  execFileSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['src/server/cli/maintenance.ts', on ? 'on' : 'off'],
    { cwd: root, env: { ...process.env, DATABASE_URL: primary.url() }, stdio: 'pipe' },
  );
}

/** Milliseconds until both servers, asked directly, answer pages with `status`. */
async function untilBothPages(status: number) {
  const started = Date.now();
  await waitFor(
    `both servers to answer ${status}`,
    async () => {
      const answers = await Promise.all(
        [ports.s1, ports.s2].map(
          async (port) => (await fetch(`http://127.0.0.1:${port}/jobs`)).status,
        ),
      );
      return answers.every((s) => s === status);
    },
    5_000,
  );
  return Date.now() - started;
}

const logLines = (proc: Proc | undefined, msg: string) =>
  (proc?.output() ?? '').split('\n').filter((line) => line.startsWith('{') && line.includes(msg))
    .length;

const replicaTransactions = async () =>
  Number(
    (
      await replica.query<{ n: string }>(
        `SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = 'openings'`,
      )
    )[0]!.n,
  );

describe.skipIf(skip !== undefined)('two servers, a primary and a replica, behind HAProxy', () => {
  let someJob: { pageUrl: string; title: string };

  beforeAll(async () => {
    const started = Date.now();
    stopLeftovers(os.tmpdir(), RUN_PREFIX, base);
    ports = await pickPorts();
    site = `http://127.0.0.1:${ports.balancer}`;
    makeDir(base);
    const sockets = makeDir(path.join(base, 'sockets'));
    execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
    primary = createPrimary(path.join(base, 'primary'), ports.primary, sockets);
    await primary.query('CREATE DATABASE openings', [], 'postgres');
    replica = createReplica(primary, path.join(base, 'replica'), ports.replica, sockets);
    // Both servers at once on the new, empty database: each migrates and seeds it if empty.
    servers.s1 = startServer(serverEnv('s1'));
    servers.s2 = startServer(serverEnv('s2'));
    await Promise.all([
      waitFor('server s1', ready(ports.s1, servers.s1), 60_000),
      waitFor('server s2', ready(ports.s2, servers.s2), 60_000),
    ]).catch((err: unknown) => {
      for (const name of ['s1', 's2'] as const)
        console.error(`--- ${name} output ---\n${servers[name]?.output().slice(-3000)}`);
      throw err;
    });
    // They took turns: the demo data is there once.
    const [demo] = await primary.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs');
    // The demo data's 450 jobs, once.
    expect(demo?.n).toBe(450);
    // More jobs than the exact-count limit (1,000), so listings use and refresh the counts table.
    execFileSync(
      path.join(root, 'node_modules/.bin/tsx'),
      ['src/server/cli/seed.ts', '--jobs', String(JOBS)],
      { cwd: root, env: { ...process.env, DATABASE_URL: primary.url() }, stdio: 'pipe' },
    );
    startHaproxy(base, ports.balancer, [
      { name: 's1', port: ports.s1 },
      { name: 's2', port: ports.s2 },
    ]);
    // Both servers up in HAProxy's eyes (rise 2 at 1 s intervals).
    await waitFor('HAProxy to see both servers', async () => {
      const seen = new Set<string | null>();
      for (let i = 0; i < 4; i++) seen.add((await get('/healthz')).by);
      return seen.has('s1') && seen.has('s2');
    });
    const [row] = await primary.query<{ page_url: string; title: string }>(
      `SELECT page_url, title FROM jobs WHERE is_active AND (valid_through IS NULL OR valid_through > now()) ORDER BY id LIMIT 1`,
    );
    someJob = { pageUrl: row!.page_url, title: row!.title };
    console.log(`cluster up in ${Date.now() - started} ms`);
  }, 180_000);

  afterAll(async () => {
    await stopAll();
  }, 60_000);

  it('answers listing, detail and counts alike whichever server answers', async () => {
    const [{ n: active }] = (await primary.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM jobs WHERE is_active AND (valid_through IS NULL OR valid_through > now())',
    )) as [{ n: number }];
    expect(active).toBeGreaterThan(1_000);
    // The servers' copies of the counts table follow the bulk load within a refresh period.
    await waitFor(
      'both servers to count the bulk-loaded jobs',
      async () => {
        const { s1, s2 } = await fromBoth(listing());
        return (
          json(s1.text).content.noofJobs === active && json(s2.text).content.noofJobs === active
        );
      },
      4 * REFRESH_MS,
    );
    for (const query of [
      listing(),
      listing('&sortBy=true'),
      listing('&experienceLevel=2'),
      detail(someJob.pageUrl),
      '/api/v1/app-details/our-app-details',
      '/api/v1/settings/roles-filter?name=eng',
    ]) {
      const { s1, s2 } = await fromBoth(query);
      expect(s1.status, query).toBe(200);
      expect(s1.text, query).toBe(s2.text);
    }
    const { s1, s2 } = await fromBoth(listing());
    expect(json(s1.text).content.noofJobs).toBe(active);
    expect(json(s2.text).content.noofJobs).toBe(active);
    // Pages too (their HTML differs only by the CSP nonce).
    const pages = await fromBoth(`/job-description/${someJob.pageUrl}`);
    // Each answer has a nonce of its own (CSP), in attributes and in the streamed data, and the
    // moment it was rendered (the loader's `now`, which relative times such as "Posted 3 hours
    // ago" are counted from) in the streamed data.
    const strip = (html: string) => {
      const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
      const same = nonce ? html.replaceAll(nonce, 'NONCE') : html;
      return same.replace(/\\"now\\",\d+/g, '\\"now\\",NOW');
    };
    expect(pages.s1.status).toBe(200);
    expect(strip(pages.s1.text)).toBe(strip(pages.s2.text));
  });

  /**
   * Pauses the replica's replay, changes a job's title on the primary, and checks that both
   * servers' API and pages still show the old title (they read the replica); then the new one
   * once replay resumes.
   */
  async function expectReadsFromReplica() {
    await replica.query('SELECT pg_wal_replay_pause()');
    try {
      await primary.query(
        `UPDATE jobs SET title = title || ' (on the primary only)' WHERE page_url = $1`,
        [someJob.pageUrl],
      );
      const api = await fromBoth(detail(someJob.pageUrl));
      const pages = await fromBoth(`/job-description/${someJob.pageUrl}`);
      for (const answer of [api.s1, api.s2, pages.s1, pages.s2]) {
        expect(answer.status).toBe(200);
        expect(answer.text).toContain(someJob.title);
        expect(answer.text).not.toContain('(on the primary only)');
      }
    } finally {
      await replica.query('SELECT pg_wal_replay_resume()');
    }
    await waitFor(
      'the replica to replay the change',
      async () => (await get(detail(someJob.pageUrl))).text.includes('(on the primary only)'),
      5_000,
    );
    await primary.query(`UPDATE jobs SET title = $2 WHERE page_url = $1`, [
      someJob.pageUrl,
      someJob.title,
    ]);
    await waitFor(
      'the replica to replay the title put back',
      async () => !(await get(detail(someJob.pageUrl))).text.includes('(on the primary only)'),
      5_000,
    );
  }

  it('serves pages and the API from the replica (a change the replica has not replayed is not seen)', async () => {
    const before = await replicaTransactions();
    await expectReadsFromReplica();
    // Statistics reach pg_stat_database within a second or so: a figure for the report.
    await sleep(1_500);
    console.log(
      `replica transactions (pg_stat_database): ${before} before, ${await replicaTransactions()} after`,
    );
  });

  it('counts a view posted through one server once, and shows it through the other', async () => {
    await sleep(300);
    // Pages, shared by caches, set no cookie: the visitor endpoint hands out the view's cookie.
    const cookie = await visitorCookie();
    expect(cookie).not.toBe('');
    const [{ views: before }] = (await primary.query<{ views: number }>(
      'SELECT views FROM jobs WHERE page_url = $1',
      [someJob.pageUrl],
    )) as [{ views: number }];
    const post = () =>
      get('/api/v1/auth/jobs/add-one-view-to-a-view-jd', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: site,
          cookie,
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) cluster-test',
        },
        body: JSON.stringify({ pageUrl: someJob.pageUrl }),
      });
    const first = await post();
    expect(first.status, first.text).toBe(200);
    expect(json(first.text).content.counted).toBe(true);
    // The same visitor through the other server (round robin alternates): not counted again.
    const second = await post();
    expect(second.by).not.toBe(first.by);
    expect(json(second.text).content.counted).toBe(false);
    const other = first.by === 's1' ? 's2' : 's1';
    await waitFor(
      `the view to show through ${other}`,
      async () => {
        const r = await get(detail(someJob.pageUrl));
        return (
          r.by === other && (json(r.text).content.jobs as { views: number }).views === before + 1
        );
      },
      10_000,
    );
    await sleep(3_000);
    const [{ views: after }] = (await primary.query<{ views: number }>(
      'SELECT views FROM jobs WHERE page_url = $1',
      [someJob.pageUrl],
    )) as [{ views: number }];
    expect(after).toBe(before + 1);
  });

  it("keys a report on the client's address the balancer adds, not one the client made up", async () => {
    const cookie = await visitorCookie();
    const sent = await get(`/job-description/${someJob.pageUrl}/report`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: site,
        cookie,
        // Three such reports from "three networks" would hide any job.
        'x-forwarded-for': '198.51.100.7',
      },
      body: new URLSearchParams({ reason: 'wrong_information', details: '' }).toString(),
    });
    expect(sent.status, sent.text).toBe(302);
    const network = (n: string) => createHash('sha256').update(`network:${n}`).digest('hex');
    const rows = await primary.query<{ address_hash: string }>(
      `SELECT r.address_hash FROM job_reports r JOIN jobs j ON j.id = r.job_id
       WHERE j.page_url = $1`,
      [someJob.pageUrl],
    );
    expect(rows.map((r) => r.address_hash)).toEqual([network('127.0.0.0/24')]);
  });

  it('switches maintenance on both servers within two seconds (npm run maintenance on PostgreSQL)', async () => {
    let onMs: number;
    try {
      await maintenanceCli(true);
      onMs = await untilBothPages(503);
    } finally {
      await maintenanceCli(false);
    }
    const offMs = await untilBothPages(200);
    console.log(`maintenance reached both servers: on in ${onMs} ms, off in ${offMs} ms`);
    expect(onMs).toBeLessThan(2_000);
    expect(offMs).toBeLessThan(2_000);
  });

  it('recomputes the counts once per period across both servers', async () => {
    const runs = async () =>
      (await primary.query<{ runs: number }>('SELECT runs FROM job_counts_refresh'))[0]!.runs;
    const before = await runs();
    const started = Date.now();
    let requests = 0;
    while (Date.now() - started < 6 * REFRESH_MS) {
      const r = await get(listing());
      expect(r.status).toBe(200);
      requests += 1;
      await sleep(50);
    }
    const elapsed = Date.now() - started;
    const ran = (await runs()) - before;
    console.log(
      `counts refresh: ${ran} runs in ${elapsed} ms (${requests} listings, period ${REFRESH_MS} ms)`,
    );
    // Each server alone would refresh about once a period: twice as many runs between them.
    expect(ran).toBeGreaterThanOrEqual(Math.floor(elapsed / REFRESH_MS) - 1);
    expect(ran).toBeLessThanOrEqual(Math.ceil(elapsed / REFRESH_MS) + 1);
  });

  it('keeps serving reads from the primary while the replica is stopped, and goes back to it', async () => {
    replica.stop('fast');
    let failed = 0;
    let total = 0;
    const started = Date.now();
    while (Date.now() - started < 3_000) {
      for (const p of [
        listing(),
        detail(someJob.pageUrl),
        `/job-description/${someJob.pageUrl}`,
        '/jobs',
      ]) {
        const r = await get(p);
        total += 1;
        if (r.status !== 200) failed += 1;
      }
    }
    const msg = 'read replica unreachable';
    console.log(
      `replica stopped: ${total} requests, ${failed} failed; fallback log lines s1=${logLines(servers.s1, msg)} s2=${logLines(servers.s2, msg)}`,
    );
    expect(failed).toBe(0);
    expect(logLines(servers.s1, msg)).toBe(1);
    expect(logLines(servers.s2, msg)).toBe(1);
    replica.start();
    await waitFor(
      'both servers to read from the replica again',
      async () => {
        await get(listing());
        await get(listing());
        return (
          logLines(servers.s1, 'read replica is back') === 1 &&
          logLines(servers.s2, 'read replica is back') === 1
        );
      },
      15_000,
    );
    await expectReadsFromReplica();
  });

  it('loses no request when a server is stopped with SIGTERM under load', async () => {
    const statuses = new Map<string, number>();
    const by = new Map<string, number>();
    let total = 0;
    const paths = [
      listing(),
      detail(someJob.pageUrl),
      `/job-description/${someJob.pageUrl}`,
      '/jobs',
      '/api/v1/app-details/our-app-details',
    ];
    const started = Date.now();
    const duration = 8_000;
    const worker = async (w: number) => {
      for (let i = w; Date.now() - started < duration; i++) {
        let key: string;
        try {
          const r = await get(paths[i % paths.length]!);
          key = String(r.status);
          by.set(r.by ?? '-', (by.get(r.by ?? '-') ?? 0) + 1);
        } catch (err) {
          key = `error ${(err as Error).message}`;
        }
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        total += 1;
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(worker));
    await sleep(2_000);
    const stoppedAt = Date.now() - started;
    servers.s2!.child.kill('SIGTERM');
    const code = await servers.s2!.exited;
    const exitedAt = Date.now() - started;
    await load;
    console.log(
      `SIGTERM at ${stoppedAt} ms, s2 exited ${code} at ${exitedAt} ms; ${total} requests in ${duration} ms: ${JSON.stringify(Object.fromEntries(statuses))}, by ${JSON.stringify(Object.fromEntries(by))}`,
    );
    if (code !== 0) console.error(`s2's last output:\n${servers.s2!.output().slice(-4000)}`);
    expect(code).toBe(0);
    expect(Object.fromEntries(statuses)).toEqual({ '200': total });
    expect(by.get('s2')).toBeGreaterThan(0);
    expect(by.get('s1')).toBeGreaterThan(by.get('s2')!);
  }, 30_000);
});
