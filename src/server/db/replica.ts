// A read replica (DATABASE_READ_URL) as a pg pool that falls back to the primary: while the
// replica cannot be reached, its reads run on the primary, and the replica is tried again every
// few seconds. Each change of state is logged once, as one JSON line. It is a pg.Pool itself, so
// Drizzle and the statement runner (db/statements.ts) use it like any pool.
import pg from 'pg';
import { isDatabaseUnavailable } from '../reliability/database-unavailable.ts';

/** How long reads stay on the primary after the replica failed, before it is tried again. */
export const REPLICA_RETRY_MS = 2_000;

export type ReplicaLog = (
  level: 'warn' | 'info',
  fields: Record<string, unknown>,
  msg: string,
) => void;

/** One pino-shaped JSON line on stdout, like the server's own log (levels 30 info, 40 warn). */
export const jsonLineLog: ReplicaLog = (level, fields, msg) => {
  process.stdout.write(
    `${JSON.stringify({ level: level === 'warn' ? 40 : 30, time: Date.now(), pid: process.pid, ...fields, msg })}\n`,
  );
};

/** host:port of a connection string, for log lines (never the password). */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}`;
  } catch {
    return 'the replica';
  }
}

/** Whether one replica is away, shared by the pools on it so that each change is logged once. */
export class ReplicaHealth {
  down = false;
  /** While down, reads go to the primary until this time, then the replica is tried again. */
  downUntil = 0;
  constructor(
    readonly name: string,
    readonly log: ReplicaLog = jsonLineLog,
  ) {}

  failed(err: unknown) {
    this.downUntil = Date.now() + REPLICA_RETRY_MS;
    if (this.down) return;
    this.down = true;
    this.log(
      'warn',
      { replica: this.name, err: err instanceof Error ? err.message : String(err) },
      'read replica unreachable; reading from the primary',
    );
  }

  answered() {
    if (!this.down) return;
    this.down = false;
    this.log('info', { replica: this.name }, 'read replica is back; reads go to it again');
  }
}

export class ReplicaPool extends pg.Pool {
  #primary: pg.Pool;
  #health: ReplicaHealth;

  constructor(config: pg.PoolConfig, primary: pg.Pool, health: ReplicaHealth) {
    super(config);
    this.#primary = primary;
    this.#health = health;
  }

  // Overloads of pg.Pool.query are many; this one keeps its signature and picks the pool.
  override query(...args: unknown[]): never {
    const call = (pool: pg.Pool) =>
      (pg.Pool.prototype.query as (...a: unknown[]) => unknown).apply(pool, args);
    // A callback or a stream (not used by this app) goes to the replica as given, without fallback.
    if (
      typeof args.at(-1) === 'function' ||
      typeof (args[0] as { submit?: unknown })?.submit === 'function'
    )
      return call(this) as never;
    const health = this.#health;
    if (health.down && Date.now() < health.downUntil) return call(this.#primary) as never;
    return (call(this) as Promise<unknown>).then(
      (result) => {
        health.answered();
        return result;
      },
      (err: unknown) => {
        if (!isDatabaseUnavailable(err)) throw err;
        health.failed(err);
        return call(this.#primary);
      },
    ) as never;
  }
}
