import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

// react-router's package exports point every condition at its development build
// (remix-run/react-router#14102), which keeps dev-only warnings in the browser bundle and runs
// their checks on every server render. Both builds get the production files instead. The browser
// bundles them; the server build imports them as files (relative to each chunk) and bundles
// @react-router/node, whose own import of react-router is redirected the same way, so the server
// process loads one instance of react-router, the production one, which the server bundle
// (scripts/build-server.mjs) imports by the same path.
function reactRouterProductionBuild(): Plugin {
  const require = createRequire(import.meta.url);
  const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist');
  const files: Record<string, string> = {
    'react-router': path.join(dist, 'production/index.mjs'),
    'react-router/dom': path.join(dist, 'production/dom-export.mjs'),
  };
  return {
    name: 'openings:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      const file = files[source];
      if (!file) return null;
      if (this.environment.name === 'client') return file;
      return { id: file, external: true };
    },
    // The server build's imports of those files, relative to each chunk: the build holds no
    // machine paths and runs wherever it sits beside node_modules.
    generateBundle(output, bundle) {
      if (this.environment.name === 'client' || !output.dir) return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const from = path.dirname(path.join(output.dir, chunk.fileName));
        for (const file of Object.values(files)) {
          const rel = path.relative(from, file).split(path.sep).join('/');
          chunk.code = chunk.code.replaceAll(JSON.stringify(file), JSON.stringify(rel));
        }
      }
    },
  };
}

// Vite wraps every dynamic import in a helper that preloads the imported chunk's own imports.
// The one lazy chunk (the filter comboboxes) only imports chunks the page has already loaded, so
// the browser's own import() is enough and the home page ships ~0.5 kB (gzip) less.
function plainDynamicImports(): Plugin {
  const helper = '\0vite/preload-helper.js';
  return {
    name: 'openings:plain-dynamic-imports',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (id !== helper || this.environment.name !== 'client') return null;
      return 'export const __vitePreload = (load) => load();';
    },
  };
}

// React Router's production files name their contexts and components for the developer tools
// (`NavLink.displayName = "NavLink"`). Rollup keeps any component so named, used or not (the
// assignment might have effects), so NavLink, which no page uses, would ship to every first
// visit; the browser build has no use for the names.
function dropReactRouterDisplayNames(): Plugin {
  return {
    name: 'openings:drop-react-router-display-names',
    apply: 'build',
    transform(code, id) {
      if (this.environment.name !== 'client' || !/\/react-router\/dist\/production\//.test(id))
        return null;
      return { code: code.replace(/^\w+\.displayName = "[^"]*";$/gm, ''), map: null };
    },
  };
}

// Every text file of the client build gets brotli (quality 11) and gzip (level 9) twins, which the
// server sends as they are (@fastify/static `preCompressed`): ~10% fewer bytes than compressing per
// request at a speed a server can afford, and no compression work while a page loads.
function precompressAssets(): Plugin {
  const compressible = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|html)$/;
  const minBytes = 1024; // The server's own compression threshold (src/server/compression.ts).
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? files(full) : [full];
    });
  return {
    name: 'openings:precompress-assets',
    apply: 'build',
    writeBundle(options) {
      if (this.environment.name !== 'client' || !options.dir) return;
      for (const file of files(options.dir)) {
        if (!compressible.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < minBytes) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

// Components and helpers of only some pages stay out of the app chunk every page loads.
// The footer's inside, its social links and the focus it moves to a new page's heading load after
// the first paint (components/site-footer.tsx); the button and form-field components serve other
// pages (the first visit uses button-classes.ts).
const pagesOwn =
  /\/(page\.tsx|status-pages\.tsx|status-icons\.ts|skeleton\.tsx|root-data\.ts|api\.ts|site-footer-body\.tsx|page-change-focus\.ts|social-links\.tsx|button\.tsx|fields\.tsx|menus\.ts)$/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    plainDynamicImports(),
    dropReactRouterDisplayNames(),
    reactRouterProductionBuild(),
    tailwindcss(),
    reactRouter(),
    precompressAssets(),
  ],
  build: {
    // Terser ships ~4 kB (gzip) less framework code than esbuild's minifier, which the 120 kB
    // first-visit budget needs (issue 7); a third pass saves 0.13 kB more, further ones nothing.
    // The framework chunk holds every React Router export any page uses (Form, useFetcher on the
    // signed-in pages too), so each new one costs the first visit. The server bundle stays
    // unminified.
    ...(isSsrBuild
      ? {}
      : {
          minify: 'terser' as const,
          terserOptions: {
            compress: { passes: 3, pure_getters: true },
            // Vite turns on Safari 10's workarounds, 0.25 kB of the framework chunk; the build
            // targets browsers years newer (Vite's baseline: Safari 16.4).
            safari10: false,
            ecma: 2020 as const,
            module: true,
          },
        }),
    rollupOptions: {
      output: {
        // Fewer, larger chunks compress better: React, React DOM and React Router ship together as
        // the framework, and the shared components and helpers every page uses as one app chunk.
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id))
            return 'framework';
          // The owners' and operators' addresses: a chunk of their own, or the app chunk would take
          // them in as the dependency of path-list.ts (lib/owner-path-list.ts).
          if (/src\/web\/lib\/owner-path-list\.ts$/.test(id)) return 'owner-paths';
          if (/src\/web\/(components|lib)\//.test(id) && !pagesOwn.test(id)) return 'app';
          // The shared constants (never the zod contract) ride along with it; the API's paths do
          // not: only the job page uses one in the browser.
          if (/src\/shared\/constants\.ts$/.test(id)) return 'app';
          // The listing, but not its Filters disclosure's inside (features/jobs/filter-panel.tsx).
          if (/src\/web\/features\/(jobs\/(?!filter-panel-body)|filters\/filter-state)/.test(id))
            return 'app';
          return undefined;
        },
      },
    },
  },
  resolve: {
    alias: { '~': new URL('./src/web', import.meta.url).pathname },
  },
  // Bundled so that its import of react-router reaches the production build too (above).
  ssr: { noExternal: ['@react-router/node'] },
}));
