// How the production server process runs, in one place: `npm start` (scripts/start.mjs), the
// browser tests, the SIGTERM test, the cluster test and the benchmarks all start it from here, so
// every one of them runs the same bundle with the same Node flags. The server itself never
// imports this file.
import path from 'node:path';

export const projectRoot = path.resolve(import.meta.dirname, '..');

/**
 * Node flags the server runs with: a 192 MB old generation, three times the ~50–60 MB the server
 * keeps alive under load, so V8 collects before the heap sprawls (without a bound: ~400 MB
 * resident under load, against the 300 MB budget; with it: ~270–285 MB with PGlite's ~140 MB).
 * `--optimize-for-size` kept it at ~245 MB but cost the API a third of its throughput and doubled
 * its p99 (A/B runs of bench/api). No allocation-site pretenuring: once V8 decided that objects
 * made at a busy site would live long (after a warm-up of the listing), it made them in the old
 * generation from then on, and short-lived request objects cost a full mark-compact every
 * ~250 ms (64 in a run of bench/api against 8; the trivial route at 16–18k req/s against
 * 27–31k, the listing ~20% slower).
 */
export const serverNodeFlags = ['--max-old-space-size=192', '--no-allocation-site-pretenuring'];

/**
 * Environment the server process gets on top of the caller's: at most two malloc arenas. Brotli
 * encoders and PGlite's thread allocate from glibc on several threads; with its default of up to
 * eight arenas a core, each libuv pool thread kept an arena of its own of 10–16 MB after a burst
 * of pages (412 MB resident after bench:pages' uncached mix; 344 MB with two arenas, the same
 * throughput). The caller's own MALLOC_ARENA_MAX wins.
 */
export function serverEnv(env = process.env) {
  return { MALLOC_ARENA_MAX: '2', ...env };
}

/**
 * The build directory: BUILD_DIR (relative to the project) or `build/`. It must lie inside the
 * project: both builds import their packages from its node_modules (`build-*` is ignored by git).
 */
export function buildDir(env = process.env) {
  return path.resolve(projectRoot, env.BUILD_DIR ?? 'build');
}

/** The server bundle scripts/build-server.mjs writes, with `pglite-worker.js` beside it. */
export function serverBundle(env = process.env) {
  return path.join(buildDir(env), 'server-main.js');
}

/** The arguments `node` gets for the server process. */
export function serverArgs(env = process.env) {
  return [...serverNodeFlags, serverBundle(env)];
}

/** What `npm start` runs with `node`: builds when stale, then runs the server process. */
export const startScript = path.join(projectRoot, 'scripts/start.mjs');
