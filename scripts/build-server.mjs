// Bundles the server (src/server/main.ts and what it imports, packages left external) into one
// plain JavaScript file, so `npm start` runs it with `node` instead of the tsx loader: the loader
// and its per-module source maps cost ~90 MB of the server's memory (issue 7: < 300 MB).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { projectRoot, serverBundle as serverBundleIn } from './server-process.mjs';

const root = projectRoot;

/** Where the bundle goes: `<BUILD_DIR>/server-main.js` (scripts/server-process.mjs). */
export const serverBundle = serverBundleIn();

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

// react-router's package exports name only its development build (remix-run/react-router#14102):
// the bundle imports the production build's file instead, by the same path as the web app's
// server build (vite.config.ts), so the process loads that one instance.
const reactRouterProduction = {
  name: 'openings:react-router-production',
  setup(b) {
    b.onResolve({ filter: /^react-router$/ }, () => {
      const pkg = createRequire(import.meta.url).resolve('react-router/package.json');
      const dist = path.join(path.dirname(pkg), 'dist/production/index.mjs');
      const rel = path.relative(path.dirname(serverBundle), dist).split(path.sep).join('/');
      return { path: rel.startsWith('.') ? rel : `./${rel}`, external: true };
    });
  },
};

export async function buildServer() {
  await build({
    entryPoints: {
      'server-main': path.join(root, 'src/server/main.ts'),
      'pglite-worker': path.join(root, 'src/server/db/pglite-worker.ts'),
    },
    outdir: path.dirname(serverBundle),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [keepDirname, reactRouterProduction],
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
