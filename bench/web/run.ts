// `npm run bench:web`: builds the app, serves the production build on a fresh demo database and
// checks the web budgets of issue 7 — Lighthouse 12 (mobile, default throttling; the median of five
// runs) on four pages, the first visit's JS/CSS/total weight, SSR time to first byte (p95) and the
// server's memory.
// Prints every figure and exits non-zero when one is over its budget.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { apiPaths } from '../../src/shared/api-paths.ts';
import { paths } from '../../src/web/lib/paths.ts';
import { buildServer } from '../../scripts/build-server.mjs';
import { serverArgs, serverEnv } from '../../scripts/server-process.mjs';
import { homeAssets } from './home-assets.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const port = Number(process.env.BENCH_WEB_PORT ?? 3209);
const base = `http://127.0.0.1:${port}`;
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const skipBuild = process.argv.includes('--no-build');
const TTFB_REQUESTS = Number(process.env.BENCH_TTFB_REQUESTS ?? 200);
// Lighthouse's figures move from run to run with the machine's load; its documentation advises
// taking the median of several runs (as Lighthouse CI's `aggregationMethod: median` does).
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);

const budget = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1800,
  tbtMs: 100,
  cls: 0.02,
  jsKb: 120,
  cssKb: 20,
  totalKb: 250,
  ttfbP95Ms: 50,
  rssMb: 300,
};
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) failures.push(what);
  return ok ? 'ok' : 'OVER';
};

async function build() {
  if (skipBuild) return;
  console.log('Building the production app…');
  execFileSync('npx', ['react-router', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await buildServer();
}

async function startServer(dataDir: string) {
  // The server process `npm start` runs (scripts/start.mjs), measured on its own.
  const child = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: serverEnv({
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUBLIC_URL: base,
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}.`);
    try {
      if ((await fetch(`${base}${apiPaths.appDetails}`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error('The server did not start within 2 minutes.');
}

/** Milliseconds until the response's status line and headers arrive (the first byte). */
function firstByte(url: string) {
  return new Promise<number>((resolve, reject) => {
    const start = performance.now();
    const request = http.get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      const elapsed = performance.now() - start;
      response.resume();
      response.on('end', () => resolve(elapsed));
    });
    request.on('error', reject);
  });
}

async function ttfb(url: string) {
  for (let i = 0; i < 10; i++) await firstByte(url); // Warm-up: JIT, caches, prepared statements.
  const samples: number[] = [];
  for (let i = 0; i < TTFB_REQUESTS; i++) samples.push(await firstByte(url));
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}

interface LighthouseResult {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    {
      numericValue?: number;
      details?: { items?: { resourceType?: string; transferSize?: number }[] };
    }
  >;
}

interface Row {
  perf: number;
  a11y: number;
  bp: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
}

function rowOf(report: LighthouseResult): Row {
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    perf: score('performance'),
    a11y: score('accessibility'),
    bp: score('best-practices'),
    seo: score('seo'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

/** Each figure's median over the runs (a failed run's NaN counts as the worst value). */
function medianRow(runs: Row[]): Row {
  const median = (key: keyof Row, worst: number) => {
    const values = runs.map((r) => (Number.isNaN(r[key]) ? worst : r[key])).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)]!;
  };
  return {
    perf: median('perf', 0),
    a11y: median('a11y', 0),
    bp: median('bp', 0),
    seo: median('seo', 0),
    lcp: median('lcp', Number.POSITIVE_INFINITY),
    tbt: median('tbt', Number.POSITIVE_INFINITY),
    cls: median('cls', Number.POSITIVE_INFINITY),
  };
}

/** One Lighthouse run; a run Lighthouse itself reports as broken (e.g. NO_NAVSTART) is repeated. */
function lighthouse(url: string, out: string, attempts = 3): LighthouseResult {
  for (let attempt = 1; ; attempt++) {
    try {
      return lighthouseOnce(url, out);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(`  (Lighthouse failed on ${url}; running it again)`);
    }
  }
}

function lighthouseOnce(url: string, out: string): LighthouseResult {
  execFileSync(
    'npx',
    [
      '--yes',
      'lighthouse@12',
      url,
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      `--chrome-path=${chrome}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
      '--only-categories=performance,accessibility,best-practices,seo',
    ],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, CHROME_PATH: chrome },
    },
  );
  return JSON.parse(readFileSync(out, 'utf8')) as LighthouseResult;
}

const kb = (bytes: number) => bytes / 1000;
const gzipKb = (files: string[]) =>
  kb(files.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0));

async function main() {
  await build();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'openings-bench-web-'));
  const server = await startServer(dataDir);
  const results: string[][] = [];
  try {
    const listing = (await (await fetch(`${base}${apiPaths.currentOpenings}`)).json()) as {
      content: { jobs: { pageUrl: string }[] };
    };
    const job = listing.content.jobs[0];
    if (!job) throw new Error('The demo data has no active job.');
    const pages = {
      home: paths.home,
      'jobs (filter)': `${paths.jobs}?experienceLevel=1`,
      'job detail': paths.job(job.pageUrl),
      about: paths.about,
    };

    console.log(`\nSSR time to first byte, ${TTFB_REQUESTS} sequential requests each:`);
    for (const [name, page] of [
      ['home', pages.home],
      ['job detail', pages['job detail']],
    ] as const) {
      const { p50, p95 } = await ttfb(`${base}${page}`);
      console.log(
        `  ${name.padEnd(12)} p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  (budget ≤ ${budget.ttfbP95Ms}) ${check(p95 <= budget.ttfbP95Ms, `TTFB p95 of ${name}`)}`,
      );
    }

    console.log(
      `\nLighthouse 12, mobile, default throttling; the median of ${LIGHTHOUSE_RUNS} runs a page:`,
    );
    let homeReport: LighthouseResult | undefined;
    for (const [name, page] of Object.entries(pages)) {
      const runs: Row[] = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
        const report = lighthouse(`${base}${page}`, path.join(dataDir, 'lighthouse.json'));
        if (name === 'home') homeReport ??= report;
        runs.push(rowOf(report));
      }
      const row = medianRow(runs);
      check(row.perf >= budget.performance, `Performance of ${name}`);
      check(row.a11y >= budget.accessibility, `Accessibility of ${name}`);
      check(row.bp >= budget.bestPractices, `Best Practices of ${name}`);
      check(row.seo >= budget.seo, `SEO of ${name}`);
      check(row.lcp <= budget.lcpMs, `LCP of ${name}`);
      check(row.tbt <= budget.tbtMs, `TBT of ${name}`);
      check(row.cls <= budget.cls, `CLS of ${name}`);
      results.push([
        name,
        String(row.perf),
        String(row.a11y),
        String(row.bp),
        String(row.seo),
        `${(row.lcp / 1000).toFixed(2)} s`,
        `${Math.round(row.tbt)} ms`,
        row.cls.toFixed(3),
      ]);
      const spread = (key: 'lcp' | 'tbt') => runs.map((r) => Math.round(r[key])).join(', ');
      console.log(`  ${name}: LCP of each run ${spread('lcp')} ms; TBT ${spread('tbt')} ms`);
    }
    const header = ['page', 'Perf', 'A11y', 'BP', 'SEO', 'LCP', 'TBT', 'CLS'];
    for (const line of [header, ...results]) {
      console.log(
        `  ${line[0]!.padEnd(14)}${line
          .slice(1)
          .map((c) => c.padStart(9))
          .join('')}`,
      );
    }
    console.log(
      `  budget        ${['≥ 95', '100', '100', '100', '≤ 1.8 s', '≤ 100 ms', '≤ 0.02'].map((c) => c.padStart(9)).join('')}`,
    );

    const assets = homeAssets(path.join(root, process.env.BUILD_DIR ?? 'build', 'client'));
    const js = gzipKb(assets.js);
    const css = gzipKb(assets.css);
    const summary = homeReport?.audits['resource-summary']?.details?.items ?? [];
    const wire = (type: string) =>
      kb(summary.find((i) => i.resourceType === type)?.transferSize ?? 0);
    console.log('\nWeight of a first visit to / :');
    console.log(
      `  JS   ${js.toFixed(1).padStart(6)} kB gzip -9 (${assets.js.length} files; on the wire ${wire('script').toFixed(1)} kB)  budget ≤ ${budget.jsKb} ${check(js <= budget.jsKb, 'JS weight')}`,
    );
    console.log(
      `  CSS  ${css.toFixed(1).padStart(6)} kB gzip -9 (on the wire ${wire('stylesheet').toFixed(1)} kB)  budget ≤ ${budget.cssKb} ${check(css <= budget.cssKb, 'CSS weight')}`,
    );
    const total = wire('total');
    console.log(
      `  total ${total.toFixed(1).padStart(5)} kB transferred (Lighthouse)  budget ≤ ${budget.totalKb} ${check(total > 0 && total <= budget.totalKb, 'total transfer')}`,
    );

    const rss = serverRssMb(server.pid!);
    console.log(
      `\nServer memory (RSS, demo data, after the runs): ${rss.toFixed(0)} MB  budget < ${budget.rssMb} ${check(rss < budget.rssMb, 'server RSS')}`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }

  if (failures.length > 0) {
    console.error(`\nOver budget: ${failures.join(', ')}`);
    process.exit(1);
  }
  console.log('\nEvery web budget holds.');
}

function serverRssMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kib / 1024;
}

// Unused import guard for platforms without /proc: fail loudly instead of printing NaN.
if (!statSync('/proc', { throwIfNoEntry: false })) {
  console.error('bench:web reads the server memory from /proc (Linux).');
  process.exit(2);
}
await main();
