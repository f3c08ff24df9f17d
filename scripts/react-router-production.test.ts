// The production server runs React Router's production build. react-router's package exports
// name only its development build (remix-run/react-router#14102), so vite.config.ts and
// scripts/build-server.mjs point the web app's server build and the server bundle at the
// production files; this checks what the build holds and what a process loading it resolves.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
// The build the global setup made (scripts/ensure-build.mjs), wherever BUILD_DIR puts it.
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return jsFiles(full);
    return entry.name.endsWith('.js') ? [full] : [];
  });
}

/** Every module specifier a file imports statically (import … from "x", import "x"). */
function specifiers(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/^\s*(?:import|export)\s[^;]*?["']([^"']+)["']/gm)].map((m) => m[1]!);
}

describe("the production server's React Router", () => {
  const serverFiles = [
    path.join(buildDir, 'server-main.js'),
    ...jsFiles(path.join(buildDir, 'server')),
  ];

  it('is imported as the production build by the server bundle and the server build', () => {
    const routerImports = serverFiles.flatMap((file) =>
      specifiers(file)
        .filter((s) => /(^|\/)react-router(\/|$)|^@react-router\//.test(s))
        .map((s) => ({ file: path.relative(buildDir, file), to: s })),
    );
    // The bundle's createRequestHandler and the pages' components alike.
    expect(routerImports.map((i) => i.file)).toContain('server-main.js');
    expect(routerImports.map((i) => i.file)).toContain(path.join('server', 'index.js'));
    for (const { file, to } of routerImports) {
      expect(to, file).toMatch(/\/node_modules\/react-router\/dist\/production\/index\.mjs$/);
    }
  });

  it('is the only react-router a process loading the server build resolves', () => {
    // A resolve hook of this test only lists every file the import of the server build reaches.
    const hook = `data:text/javascript,${encodeURIComponent(`
      export async function resolve(specifier, context, next) {
        const resolved = await next(specifier, context);
        if (resolved.url.includes('/node_modules/react-router/dist/')) console.log(resolved.url);
        return resolved;
      }`)}`;
    const register = `data:text/javascript,${encodeURIComponent(
      `import { register } from 'node:module'; register(${JSON.stringify(hook)});`,
    )}`;
    const entry = pathToFileURL(path.join(buildDir, 'server/index.js')).href;
    const output = execFileSync(
      process.execPath,
      [
        '--import',
        register,
        '--input-type=module',
        '-e',
        `await import(${JSON.stringify(entry)});`,
      ],
      { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, encoding: 'utf8' },
    );
    const urls = [...new Set(output.split('\n').filter(Boolean))];
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((u) => !u.includes('/react-router/dist/production/'))).toEqual([]);
  });
});
