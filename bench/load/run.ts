// `npm run bench:load`: mixed traffic against the production server (listing with random filters,
// sorts and cursors; job detail as API and as SSR page; suggestions; view POSTs with a real visitor
// cookie). Finds the highest rate that keeps p99 under the target with no errors by a short step
// search, then holds that rate for the full duration and prints PASS or FAIL (issue 6).
//
// The load is open-loop at a constant arrival rate (as wrk2, k6's constant-arrival-rate and
// vegeta pace it): request i is due at start + i/rate whatever the earlier ones are doing, and its
// latency counts from that moment, so a slow server cannot slow the load down and hide its own
// queueing (coordinated omission). autocannon's `overallRate` instead sends each connection's
// whole second of requests at once, every second: a burst test, not a rate.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { startScript } from '../../scripts/server-process.mjs';
import { apiPaths } from '../../src/shared/api-paths.ts';

const usage = `usage: npm run bench:load -- [options]
  --duration S      length of the final run in seconds (default 60)
  --connections N   most connections open at once (default 16); requests due while all are
                    busy wait for one, and that wait counts in their latency
  --rate R          skip the search and run at R requests/s
  --step S          seconds per step of the rate search (default 5)
  --p99 MS          the p99 latency target in ms (default 100)
  --url URL         target a running server instead of starting one
  --port P          port of the server this script starts (default 3211)
  --help            this text`;

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '16' },
    rate: { type: 'string' },
    step: { type: 'string', default: '5' },
    p99: { type: 'string', default: '100' },
    url: { type: 'string' },
    port: { type: 'string', default: '3211' },
    help: { type: 'boolean', default: false },
  },
});
if (opts.help) {
  console.log(usage);
  process.exit(0);
}
const duration = Number(opts.duration);
const connections = Number(opts.connections);
const stepSeconds = Number(opts.step);
const targetP99 = Number(opts.p99);
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';

/** Starts the production server on a fresh data dir (demo data, rate limits off). */
async function startServer(port: number): Promise<{ url: string; stop: () => void }> {
  const url = `http://127.0.0.1:${port}`;
  const taken = await fetch(`${url}/healthz`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is in use: stop that server or pass --port/--url`);
  const root = path.resolve(import.meta.dirname, '../..');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'openings-load-'));
  // What `npm start` runs, so the figures are the product's.
  const child: ChildProcess = spawn(process.execPath, [startScript], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      RATE_LIMIT_SCALE: '0',
      LOG_LEVEL: 'warn',
      // Views count only from the site's own origin (the Origin the view requests send).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  const stop = () => {
    // The whole process group: the server and the seeding child it may start.
    if (child.pid && !exited) process.kill(-child.pid, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline && !exited) {
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { url, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error(exited ? 'the server exited at start' : 'the server was not ready in 180 s');
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { 'user-agent': BROWSER } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return ((await res.json()) as { content: T }).content;
}

interface Sample {
  pageUrls: string[];
  /** Cursors are bound to the sort (and filters) they came from: reused with exactly those. */
  cursors: { sortBy: string; cursor: string }[];
  ids: Record<'company' | 'role' | 'location', string[]>;
  visitorCookie: string;
}

/** Real slugs, filter ids, cursors and a visitor cookie, so the traffic reaches the database. */
async function sampleData(base: string): Promise<Sample> {
  type Listing = { jobs: { pageUrl: string }[]; nextCursor?: string | null };
  const pageUrls: string[] = [];
  const cursors: Sample['cursors'] = [];
  for (const sortBy of ['false', 'true']) {
    let cursor: string | undefined;
    for (let i = 0; i < 5; i++) {
      const query = new URLSearchParams({ pageSize: '20', sortBy, ...(cursor ? { cursor } : {}) });
      const page = await getJson<Listing>(`${base}${apiPaths.currentOpenings}?${query}`);
      pageUrls.push(...page.jobs.map((j) => j.pageUrl));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
      cursors.push({ sortBy, cursor });
    }
  }
  const options = async (p: string, key: string, names: string[]) => {
    const found = new Set<string>();
    for (const name of names) {
      const content = await getJson<Record<string, { id?: string; _id?: string }[]>>(
        `${base}${p}?name=${encodeURIComponent(name)}`,
      );
      for (const o of content[key] ?? []) found.add(o.id ?? o._id ?? '');
    }
    found.delete('');
    return [...found];
  };
  const ids = {
    company: await options(apiPaths.ourCompanies, 'companies', ['a', 'e', 'in']),
    role: await options(apiPaths.rolesFilter, 'roles', ['en', 'an', 'de']),
    location: await options(apiPaths.locationsFilter, 'cities', ['ba', 'mu', 'an']),
  };
  // Public pages set no cookie (they are shared by caches): the page's script asks for one, as
  // this does.
  const page = await fetch(`${base}${apiPaths.visitor}`, {
    method: 'POST',
    headers: { 'user-agent': BROWSER, origin: new URL(base).origin },
  });
  const visitorCookie = page.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('visitor='));
  if (!visitorCookie || pageUrls.length === 0) throw new Error('no jobs or no visitor cookie');
  return { pageUrls, cursors, ids, visitorCookie };
}

interface Request {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const SUGGEST = ['a', 'b', 'ben', 'mu', 'eng', 'data', 'pr', 'so', 'x', 'ac'];

/** One request of the mix: 40% listing (8% of all by cursor), 15% detail API, 15% detail page, 20% suggestions, 10% views. */
function mixedRequest(sample: Sample, origin: string): Request {
  const roll = Math.random();
  const headers: Record<string, string> = { 'user-agent': BROWSER, 'accept-encoding': 'gzip' };
  if (roll < 0.08 && sample.cursors.length) {
    const query = new URLSearchParams({ pageSize: '20', ...pick(sample.cursors) });
    return { method: 'GET', path: `${apiPaths.currentOpenings}?${query}`, headers };
  }
  if (roll < 0.4) {
    const query = new URLSearchParams({ sortBy: String(Math.random() < 0.5) });
    for (const key of ['company', 'role', 'location'] as const) {
      if (Math.random() < 0.3 && sample.ids[key].length) query.set(key, pick(sample.ids[key]));
    }
    if (Math.random() < 0.3) query.set('experienceLevel', String(Math.floor(Math.random() * 6)));
    if (Math.random() < 0.2) query.set('page', String(1 + Math.floor(Math.random() * 5)));
    return { method: 'GET', path: `${apiPaths.currentOpenings}?${query}`, headers };
  }
  if (roll < 0.55) {
    const query = new URLSearchParams({ pageUrl: pick(sample.pageUrls) });
    return { method: 'GET', path: `${apiPaths.jobDescription}?${query}`, headers };
  }
  if (roll < 0.7) {
    return {
      method: 'GET',
      path: `/job-description/${pick(sample.pageUrls)}`,
      headers: { ...headers, accept: 'text/html' },
    };
  }
  if (roll < 0.9) {
    const p = pick([apiPaths.ourCompanies, apiPaths.rolesFilter, apiPaths.locationsFilter]);
    return { method: 'GET', path: `${p}?name=${pick(SUGGEST)}`, headers };
  }
  return {
    method: 'POST',
    path: apiPaths.addView,
    // As a browser on the site's pages sends it; the server counts no view from another origin.
    headers: {
      ...headers,
      'content-type': 'application/json',
      cookie: sample.visitorCookie,
      origin,
    },
    body: JSON.stringify({ pageUrl: pick(sample.pageUrls) }),
  };
}

interface Result {
  sent: number;
  seconds: number;
  /** Milliseconds from when each answered request was due to its last byte. */
  latencies: number[];
  errors: number;
  statuses: Map<number, number>;
}

const percentile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;
const summarize = (r: Result) => {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const non2xx = [...r.statuses].reduce((n, [code, c]) => (code < 300 ? n : n + c), 0);
  return {
    rate: r.sent / r.seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    non2xx,
  };
};

/** Sends one request; resolves with its status, or null when it failed or timed out (5 s). */
function send(base: URL, agent: http.Agent, req: Request): Promise<number | null> {
  return new Promise((resolve) => {
    const outgoing = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: req.method,
        path: req.path,
        headers: req.body
          ? { ...req.headers, 'content-length': Buffer.byteLength(req.body) }
          : req.headers,
        agent,
        timeout: 5_000,
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? null));
        res.on('error', () => resolve(null));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
    outgoing.on('error', () => resolve(null));
    outgoing.end(req.body);
  });
}

/** `rate` requests per second, evenly spaced, for `seconds`; rate 0: as fast as the connections go. */
async function drive(url: string, sample: Sample, rate: number, seconds: number): Promise<Result> {
  const base = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const result: Result = { sent: 0, seconds, latencies: [], errors: 0, statuses: new Map() };
  const fire = async (due: number) => {
    result.sent++;
    const status = await send(base, agent, mixedRequest(sample, base.origin));
    if (status === null) result.errors++;
    else {
      result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1);
      result.latencies.push(performance.now() - due);
    }
  };
  const start = performance.now();
  const end = start + seconds * 1000;
  const inFlight: Promise<void>[] = [];
  if (rate > 0) {
    for (let i = 0; ; i++) {
      const due = start + (i * 1000) / rate;
      if (due >= end) break;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      inFlight.push(fire(due));
    }
  } else {
    const worker = async () => {
      while (performance.now() < end) await fire(performance.now());
    };
    inFlight.push(...Array.from({ length: connections }, worker));
  }
  await Promise.all(inFlight);
  agent.destroy();
  return result;
}

const passes = (r: Result) => {
  const s = summarize(r);
  return s.p99 < targetP99 && r.errors === 0 && s.non2xx === 0;
};

function line(label: string, r: Result) {
  const s = summarize(r);
  const statuses = [...r.statuses]
    .filter(([code]) => code >= 300)
    .map(([code, count]) => `${code}×${count}`)
    .join(' ');
  console.log(
    [
      label.padEnd(14),
      s.rate.toFixed(0).padStart(7),
      s.p50.toFixed(0).padStart(6),
      s.p99.toFixed(0).padStart(6),
      String(r.errors).padStart(7),
      (statuses || '-').padEnd(16),
      passes(r) ? 'ok' : 'over',
    ].join('  '),
  );
}

const header = 'run             req/s  p50 ms  p99 ms   errors  non-2xx by status  verdict';
const server = opts.url
  ? { url: opts.url.replace(/\/$/, ''), stop: () => {} }
  : await startServer(Number(opts.port));
let exitCode = 1;
try {
  const sample = await sampleData(server.url);
  console.log(
    `mix: ${sample.pageUrls.length} jobs, ${sample.cursors.length} cursors, ` +
      `${connections} connections, p99 target ${targetP99} ms\n${header}`,
  );
  // Warm the caches and the JIT so the first step is not judged on a cold server.
  await drive(server.url, sample, 0, 3);
  let rate = opts.rate ? Number(opts.rate) : 0;
  if (!rate) {
    let good = 0;
    let bad = 0;
    const step = async (at: number) => {
      const r = await drive(server.url, sample, at, stepSeconds);
      line(`step ${at}/s`, r);
      return passes(r);
    };
    for (let at = 5; at <= 5000; at = Math.ceil(at * 1.5)) {
      if (!(await step(at))) {
        bad = at;
        break;
      }
      good = at;
    }
    // Then halve the gap between the last rate held and the first missed, to within 5%.
    while (good > 0 && bad > 0 && bad - good > Math.max(2, good * 0.05)) {
      const mid = Math.round((good + bad) / 2);
      if (await step(mid)) good = mid;
      else bad = mid;
    }
    // The final run holds the rate for much longer than a step, so keep a margin.
    rate = Math.max(5, Math.floor(good * 0.9));
  }
  const final = await drive(server.url, sample, rate, duration);
  line(`${duration} s @ ${rate}/s`, final);
  exitCode = passes(final) ? 0 : 1;
  const f = summarize(final);
  console.log(
    `${exitCode === 0 ? 'PASS' : 'FAIL'}: ${final.sent} requests in ${duration} s at ` +
      `${f.rate.toFixed(0)} req/s, p50 ${f.p50.toFixed(0)} ms, p99 ${f.p99.toFixed(0)} ms, ` +
      `${final.errors} errors, ${f.non2xx} non-2xx`,
  );
} finally {
  server.stop();
}
process.exit(exitCode);
