// Bundles the server (src/server/main.ts and what it imports, packages left external) into one
// plain JavaScript file, so `npm start` runs it with `node` instead of the tsx loader: the loader
// and its per-module source maps cost ~90 MB of the server's memory (issue 7: < 300 MB).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

const outdir = path.resolve(root, process.env.BUILD_DIR ?? 'build');

/**
 * Where the bundle goes: `<BUILD_DIR>/server-main.js`, with `pglite-worker.js` beside it (the
 * embedded database's thread, started by src/server/db/pglite-thread.ts).
 */
export const serverBundle = path.join(outdir, 'server-main.js');

/**
 * Node flags the server runs with (`npm start` repeats them; bench/api and bench/web use these):
 * a 192 MB old generation, three times the ~50–60 MB the server keeps alive under load, so V8
 * collects before the heap sprawls (without a bound: ~400 MB resident under load, against the
 * 300 MB budget; with it: ~270–285 MB with PGlite's ~140 MB). `--optimize-for-size` kept it at
 * ~245 MB but cost the API a third of its throughput and doubled its p99 (A/B runs of bench/api).
 * No allocation-site pretenuring: once V8 decided that objects made at a busy site would live
 * long (after a warm-up of the listing), it made them in the old generation from then on, and
 * short-lived request objects cost a full mark-compact every ~250 ms (64 in a run of bench/api
 * against 8; the trivial route at 16–18k req/s against 27–31k, the listing ~20% slower).
 */
export const serverNodeFlags = ['--max-old-space-size=192', '--no-allocation-site-pretenuring'];

// Modules find files next to their source (`import.meta.dirname`): point each at its own source
// folder, relative to the bundle, so the bundle needs no machine paths.
const keepDirname = {
  name: 'openings:keep-dirname',
  setup(b) {
    b.onLoad({ filter: /\/src\/.*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.dirname')) return undefined;
      const rel = path.relative(path.dirname(serverBundle), path.dirname(args.path));
      const dir = `(import.meta.dirname + ${JSON.stringify(`/${rel}`)})`;
      return { contents: source.replaceAll('import.meta.dirname', dir), loader: 'ts' };
    });
  },
};

export async function buildServer() {
  await build({
    entryPoints: {
      'server-main': path.join(root, 'src/server/main.ts'),
      'pglite-worker': path.join(root, 'src/server/db/pglite-worker.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [keepDirname],
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
