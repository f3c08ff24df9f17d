// `npm start` (scripts/start.mjs) runs the server bundle with the flags of scripts/server-process.mjs
// and NODE_ENV=production, passes a stop signal on and ends with the server's exit status. A
// stand-in bundle, in a build directory stamped as up to date, reports what it was started with.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staleParts, writeStamp } from './ensure-build.mjs';
import { projectRoot, serverNodeFlags, startScript } from './server-process.mjs';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'openings-start-'));
  mkdirSync(path.join(dir, 'server'));
  writeFileSync(path.join(dir, 'server/index.js'), '');
  writeFileSync(
    path.join(dir, 'server-main.js'),
    `process.on('SIGTERM', () => process.exit(Number(process.env.EXIT_CODE)));
     process.stdout.write(JSON.stringify({ execArgv: process.execArgv, env: process.env.NODE_ENV, arenas: process.env.MALLOC_ARENA_MAX }) + '\\n');
     setTimeout(() => process.exit(9), 20_000);`,
  );
  writeStamp(dir, staleParts({ dir }).hashes);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function start(env: Record<string, string>) {
  const { NODE_ENV: _unset, MALLOC_ARENA_MAX: _arenas, ...rest } = process.env;
  const child = spawn(process.execPath, [startScript], {
    cwd: projectRoot,
    env: { ...rest, BUILD_DIR: dir, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = new Promise<{ execArgv: string[]; env: string; arenas?: string }>((resolve) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(JSON.parse(out));
    });
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  return { child, started, exited };
}

describe('npm start', () => {
  it('is scripts/start.mjs', () => {
    const pkg = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    expect(pkg.scripts.start).toBe('node scripts/start.mjs');
  });

  it('runs the bundle with the server flags in production mode, and passes SIGTERM on', async () => {
    const server = start({ EXIT_CODE: '0' });
    expect(await server.started).toEqual({
      execArgv: serverNodeFlags,
      env: 'production',
      arenas: '2',
    });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it("keeps the operator's own MALLOC_ARENA_MAX", async () => {
    const server = start({ EXIT_CODE: '0', MALLOC_ARENA_MAX: '4' });
    expect((await server.started).arenas).toBe('4');
    server.child.kill('SIGTERM');
    await server.exited;
  });

  it("ends with the server's exit code", async () => {
    const server = start({ EXIT_CODE: '3', NODE_ENV: 'production' });
    await server.started;
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(3);
  });

  it('ends by the same signal when the server is killed by one', async () => {
    const server = start({ NODE_ENV: 'production' });
    const { signal } = await new Promise<{ signal: NodeJS.Signals | null }>((resolve) => {
      void server.started.then(() => server.child.kill('SIGINT'));
      server.child.on('exit', (_code, s) => resolve({ signal: s }));
    });
    expect(signal).toBe('SIGINT');
  });
});
