// The real server process for the end-to-end tests, started as `npm start` starts it: the
// production bundle on plain node with the server's flags (scripts/server-process.mjs), in
// production mode. Vitest's global setup (scripts/ensure-build.mjs) rebuilds the bundle before any
// test file runs whenever its sources changed, so these tests never run a stale build.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { projectRoot, serverArgs, serverEnv, startScript } from '../../scripts/server-process.mjs';

/** A browser's user agent: the view endpoint counts only views that look like a browser's. */
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  /** What the process wrote to stdout and stderr so far. */
  stdout: () => string;
  stderr: () => string;
  /** Its exit code (null when a signal ended it), once its output is read to the end. */
  exited: Promise<number | null>;
}

export interface SpawnOptions {
  /**
   * `bundle` (the default) runs the bundle itself, as scripts/start.mjs does; `npm start` runs
   * scripts/start.mjs, for the tests of how it passes signals on. A SIGKILL reaches only the
   * process it is sent to, so a test that kills the server with -9 needs `bundle`.
   */
  via?: 'bundle' | 'npm start';
  /** SIGTERM the server once its stdout matches this (for a test that only needs it to start). */
  stopWhen?: RegExp;
}

/**
 * Starts the server with `env` over the mode `npm start` gives it (production, not Vitest's test
 * mode) and none of the test's own database settings: the server under test uses only the
 * database `env` names (DATA_DIR, or DATABASE_URL).
 */
export function spawnServer(env: Record<string, string>, options: SpawnOptions = {}) {
  const { DATABASE_URL: _database, NODE_ENV: _mode, ...inherited } = process.env;
  const args = options.via === 'npm start' ? [startScript] : serverArgs();
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: serverEnv({ ...inherited, NODE_ENV: 'production', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (options.stopWhen?.test(stdout)) child.kill('SIGTERM');
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // 'close', not 'exit': by then everything it wrote has been read.
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => resolve(code)),
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exited } satisfies ServerProcess;
}

export interface RunningServer extends ServerProcess {
  /** http://127.0.0.1:<port> */
  base: string;
}

/**
 * Starts the server on a free port of 127.0.0.1 (quiet but for warnings, unless `env` says
 * otherwise) and waits until /readyz answers 200.
 */
export async function startServer(
  env: Record<string, string>,
  options: Omit<SpawnOptions, 'stopWhen'> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawnServer(
    { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, LOG_LEVEL: 'warn', ...env },
    options,
  );
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(`server exited early (${server.child.exitCode}): ${server.stderr()}`);
    if (Date.now() > deadline) throw new Error(`server did not become ready: ${server.stderr()}`);
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { ...server, base };
    await sleep(250);
  }
}

/** SIGTERMs the server (when it still runs) and answers its exit code. */
export async function stopServer(server: ServerProcess) {
  if (server.child.exitCode === null && server.child.signalCode === null)
    server.child.kill('SIGTERM');
  return server.exited;
}
