// The machinery of the cluster test: throw-away PostgreSQL clusters (a primary and a streaming
// replica made with pg_basebackup -R), production servers started as `npm start` starts them, and
// HAProxy in front. Everything started here is recorded and stopped by stopAll(), on failure too.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer, type Server } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { startScript } from '../../scripts/server-process.mjs';

export const root = path.resolve(import.meta.dirname, '../..');

/** PostgreSQL's programs: PG_BIN, else the newest of Debian's /usr/lib/postgresql/N/bin. */
export function postgresBin(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : undefined;
}

export const HAPROXY = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';

/** Why the test cannot run here, or undefined when it can. */
export function missingPrerequisite(): string | undefined {
  if (!process.env.TEST_DATABASE_URL)
    return 'TEST_DATABASE_URL is not set (the cluster test runs where PostgreSQL is installed, as on CI)';
  if (!postgresBin()) return 'PostgreSQL programs not found (set PG_BIN to their directory)';
  if (!existsSync(HAPROXY)) return `HAProxy not found at ${HAPROXY} (apt-get install haproxy)`;
  return undefined;
}

const children = new Set<ChildProcess>();
const clusters = new Set<string>();
const dirs = new Set<string>();

/** As root, PostgreSQL's programs run as the postgres user (initdb refuses root). */
const asPostgres = (command: string, args: string[]): [string, string[]] =>
  process.getuid?.() === 0
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];

function runPg(program: string, args: string[]) {
  const [command, all] = asPostgres(path.join(postgresBin()!, program), args);
  return execFileSync(command, all, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export function makeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  dirs.add(dir);
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  return dir;
}

export interface Cluster {
  dir: string;
  port: number;
  url(database?: string): string;
  start(): void;
  stop(mode?: 'fast' | 'immediate'): void;
  query<T extends pg.QueryResultRow>(
    text: string,
    values?: unknown[],
    database?: string,
  ): Promise<T[]>;
}

function cluster(dir: string, port: number, socketDir: string): Cluster {
  clusters.add(dir);
  const options = [
    `-p ${port}`,
    `-k ${socketDir}`,
    '-c listen_addresses=127.0.0.1',
    // A throw-away cluster: no need to survive a power cut.
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c shared_buffers=32MB',
    '-c max_connections=60',
  ].join(' ');
  const url = (database = 'openings') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    dir,
    port,
    url,
    start: () =>
      void runPg('pg_ctl', [
        '-D',
        dir,
        '-o',
        options,
        '-l',
        `${dir}.log`,
        '-w',
        '-t',
        '30',
        'start',
      ]),
    stop: (mode = 'fast') =>
      void runPg('pg_ctl', ['-D', dir, '-m', mode, '-w', '-t', '30', 'stop']),
    async query<T extends pg.QueryResultRow>(
      text: string,
      values: unknown[] = [],
      database?: string,
    ) {
      const client = new pg.Client({ connectionString: url(database) });
      await client.connect();
      try {
        return (await client.query<T>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
  };
}

/** A new cluster in `dir` (initdb, trust, replication allowed from 127.0.0.1), started. */
export function createPrimary(dir: string, port: number, socketDir: string): Cluster {
  makeDir(dir);
  runPg('initdb', ['-D', dir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const primary = cluster(dir, port, socketDir);
  primary.start();
  return primary;
}

/** A streaming replica of `primary` (pg_basebackup -R: standby.signal and primary_conninfo). */
export function createReplica(primary: Cluster, dir: string, port: number, socketDir: string) {
  makeDir(dir);
  runPg('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    dir,
    '-R',
    '-X',
    'stream',
    '--no-sync',
    '-c',
    'fast',
  ]);
  const replica = cluster(dir, port, socketDir);
  replica.start();
  return replica;
}

export interface Proc {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  exited: Promise<number | null>;
}

export function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  // A process group of its own: stopAll ends a server together with the process it runs in.
  const child = spawn(command, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.add(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => out, exited };
}

/** The production server exactly as `npm start` runs it (scripts/start.mjs). */
export function startServer(env: Record<string, string>): Proc {
  return startProcess(process.execPath, [startScript], {
    ...process.env,
    NODE_ENV: 'production',
    ...env,
  });
}

export interface Balanced {
  port: number;
  name: string;
}

/** The HAProxy configuration the README shows: round robin, health checks, retries. */
export function haproxyConfig(port: number, servers: Balanced[]): string {
  return `global
    maxconn 512

defaults
    mode http
    timeout connect 2s
    timeout client 30s
    timeout server 15s
    # A request the chosen server refused, dropped unanswered or left unanswered is sent again,
    # to another server (only idempotent ones after the request reached a server).
    retries 3
    option redispatch 1
    retry-on conn-failure empty-response response-timeout
    # The client's address, added last to X-Forwarded-For, which the servers believe from this
    # one hop (TRUST_PROXY=true): without it every visitor shares the balancer's address, and a
    # header the client made up would name any address it likes.
    option forwardfor

frontend openings
    bind 127.0.0.1:${port}
    default_backend servers

backend servers
    balance roundrobin
    option httpchk GET /readyz
    http-check expect status 200
    default-server inter 1s fall 2 rise 2
    # Which server answered (for the test; harmless in production).
    http-response set-header X-Served-By %s
${servers.map((s) => `    server ${s.name} 127.0.0.1:${s.port} check`).join('\n')}
`;
}

export function startHaproxy(dir: string, port: number, servers: Balanced[]): Proc {
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(port, servers));
  execFileSync(HAPROXY, ['-c', '-q', '-f', file]);
  return startProcess(HAPROXY, ['-db', '-f', file], process.env);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export { sleep };

/** Thrown by a check that can never pass (a process it waits on has exited). */
export class Gone extends Error {}

/** Polls until `check` resolves true, or throws after `ms`. */
export async function waitFor(what: string, check: () => Promise<boolean>, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    const done = await check().catch((err: unknown) => {
      if (err instanceof Gone) throw err;
      return false;
    });
    if (done) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/**
 * `n` distinct ports nothing listens on now (held open together while they are picked). Fixed
 * ports failed the next run whenever a killed one left its PostgreSQL listening on them.
 */
export async function freePorts(n: number): Promise<number[]> {
  const probes = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<Server>((resolve, reject) => {
          const probe = createServer();
          probe.once('error', reject);
          probe.listen(0, '127.0.0.1', () => resolve(probe));
        }),
    ),
  );
  const ports = probes.map((probe) => (probe.address() as AddressInfo).port);
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}

/** Whether a process with this id runs (one of another user's answers EPERM). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Stops the PostgreSQL clusters a killed run left behind and removes its directory: those under
 * `parent` named `<prefix><pid>` whose test process is gone, and `reused` (this run's directory,
 * when CLUSTER_DIR names a fixed one). A run that still goes on is left alone.
 */
export function stopLeftovers(parent: string, prefix: string, reused: string) {
  const gone = readdirSync(parent)
    .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
    .filter((name) => !isRunning(Number(name.slice(prefix.length))))
    .map((name) => path.join(parent, name));
  for (const dir of new Set([...gone, reused])) {
    for (const node of ['primary', 'replica']) {
      const data = path.join(dir, node);
      if (!existsSync(path.join(data, 'postmaster.pid'))) continue;
      try {
        runPg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
        console.log(`Stopped a PostgreSQL left running in ${data} by an earlier run.`);
      } catch {
        // Not running after all (a stale postmaster.pid).
      }
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Stops every process and cluster this module started, and removes their directories. */
export async function stopAll() {
  for (const child of children) if (child.pid) process.kill(-child.pid, 'SIGKILL');
  await sleep(children.size ? 200 : 0);
  for (const dir of clusters) {
    try {
      if (existsSync(path.join(dir, 'postmaster.pid')))
        runPg('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Already stopped.
    }
  }
  clusters.clear();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs.clear();
}
