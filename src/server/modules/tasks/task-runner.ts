// Scheduled background tasks (DESIGN.md §11) that run exactly once per period across any number of
// servers sharing one PostgreSQL database, and the same way in the one process on PGlite. Each
// server ticks every few seconds: it inserts the current period's row of every task (the unique
// (name, period_key) lets only the first insert win), then claims one due row with
// FOR UPDATE SKIP LOCKED and a lease. A failure is logged and retried with exponential back-off; a
// server that dies mid-run leaves its row to another server once the lease ends. Time comes from
// an injected clock, so tests move it.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

export interface TaskContext {
  /** The clock's time when the run started. */
  now: Date;
  periodKey: string;
  attempt: number;
}

export interface TaskDefinition {
  name: string;
  /** One run per period of this length, periods aligned to the epoch (UTC). */
  periodMs: number;
  /** Runs in total before a period's run is given up (failed); default 5. */
  maxAttempts?: number;
  /** First retry after this; doubles per attempt up to maxBackoffMs. Default 30 s. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How long a claim holds before another server may take the run over; default 10 min. */
  leaseMs?: number;
  /** What it did, for `npm run tasks -- list` (e.g. { expired: 3 }). */
  run(context: TaskContext): Promise<Record<string, unknown> | void>;
}

export interface TaskRunRow {
  id: number;
  name: string;
  periodKey: string;
  status: 'pending' | 'running' | 'succeeded' | 'failed';
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  result: unknown;
  startedAt: string | null;
  finishedAt: string | null;
}

/** The subset of a pino logger the runner writes to: one JSON line per failure. */
export interface TaskLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface TaskRunnerOptions {
  tasks: TaskDefinition[];
  now?: () => Date;
  log?: TaskLog;
  /** How often a server looks for due runs; default 15 s. */
  tickMs?: number;
  /** Names this runner in locked_by (a server's host and process id by default). */
  runnerId?: string;
}

export interface TaskRunner {
  /** Schedules the current periods and runs what is due, one run at a time; answers how many ran. */
  tick(): Promise<number>;
  /** Runs one task now, outside its schedule (its own period key `manual:<time>`). */
  runNow(name: string): Promise<TaskRunRow>;
  /** The last runs of every task, newest first. */
  list(limit?: number): Promise<TaskRunRow[]>;
  /**
   * What an operator asks first, newest first: each task's latest run, and the last `limit` runs
   * that did not succeed (the expiry task runs every minute and would bury the others).
   */
  overview(limit?: number): Promise<TaskRunRow[]>;
  names(): string[];
  /** Ticks every tickMs until stop(); a tick's error is logged, never thrown. */
  start(): void;
  stop(): Promise<void>;
}

const DEFAULTS = { maxAttempts: 5, backoffMs: 30_000, maxBackoffMs: 60 * 60_000, leaseMs: 600_000 };

export function periodKey(periodMs: number, at: Date): string {
  return new Date(Math.floor(at.getTime() / periodMs) * periodMs).toISOString();
}

/** The wait before attempt n + 1 after n failed attempts: backoff · 2^(n-1), capped. */
export function backoffAfter(task: TaskDefinition, attempts: number): number {
  const base = task.backoffMs ?? DEFAULTS.backoffMs;
  const cap = task.maxBackoffMs ?? DEFAULTS.maxBackoffMs;
  return Math.min(cap, base * 2 ** Math.max(0, attempts - 1));
}

interface RawRow {
  id: number;
  name: string;
  period_key: string;
  status: TaskRunRow['status'];
  attempts: number;
  next_attempt_at: Date | string;
  last_error: string | null;
  result: unknown;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

const iso = (v: Date | string | null) =>
  v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString();

function toRow(r: RawRow): TaskRunRow {
  return {
    id: r.id,
    name: r.name,
    periodKey: r.period_key,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: iso(r.next_attempt_at) ?? '',
    lastError: r.last_error,
    result: typeof r.result === 'string' ? (JSON.parse(r.result) as unknown) : r.result,
    startedAt: iso(r.started_at),
    finishedAt: iso(r.finished_at),
  };
}

const COLUMNS = sql`id, name, period_key, status, attempts, next_attempt_at, last_error, result, started_at, finished_at`;

export function createTaskRunner(db: Db, options: TaskRunnerOptions): TaskRunner {
  const now = options.now ?? (() => new Date());
  const tickMs = options.tickMs ?? 15_000;
  const runnerId = options.runnerId ?? `${process.pid}-${randomBytes(4).toString('hex')}`;
  const byName = new Map(options.tasks.map((t) => [t.name, t]));
  const names = [...byName.keys()];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  async function schedule(at: Date) {
    for (const task of options.tasks) {
      await db.execute(sql`insert into task_runs (name, period_key, next_attempt_at)
        values (${task.name}, ${periodKey(task.periodMs, at)}, ${at})
        on conflict (name, period_key) do nothing`);
    }
  }

  /** Takes one due run (pending and due, or running with its lease over) for this runner. */
  async function claim(at: Date, only?: number): Promise<TaskRunRow | null> {
    if (names.length === 0) return null;
    const lease = (name: string) => byName.get(name)?.leaseMs ?? DEFAULTS.leaseMs;
    const nameList = sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    );
    const rows = await queryRows<RawRow>(
      db,
      sql`update task_runs set status = 'running', attempts = attempts + 1, locked_by = ${runnerId},
            started_at = ${at}, finished_at = null,
            locked_until = ${at}::timestamptz + (case name ${sql.join(
              names.map((n) => sql`when ${n} then ${lease(n)}::int`),
              sql` `,
            )} end) * interval '1 millisecond'
          where id = (select id from task_runs
            where name in (${nameList}) ${only === undefined ? sql`` : sql`and id = ${only}`}
              and ((status = 'pending' and next_attempt_at <= ${at})
                or (status = 'running' and locked_until <= ${at}))
            order by next_attempt_at, id limit 1 for update skip locked)
          returning ${COLUMNS}`,
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  async function execute(claimed: TaskRunRow): Promise<TaskRunRow> {
    const task = byName.get(claimed.name);
    if (!task) throw new Error(`Unknown task ${claimed.name}`);
    const startedAt = now();
    let outcome: { ok: true; result: unknown } | { ok: false; error: string };
    try {
      const result = await task.run({
        now: startedAt,
        periodKey: claimed.periodKey,
        attempt: claimed.attempts,
      });
      outcome = { ok: true, result: result ?? null };
    } catch (err) {
      const error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      outcome = { ok: false, error: error.slice(0, 2000) };
    }
    const at = now();
    const guard = sql`id = ${claimed.id} and locked_by = ${runnerId} and attempts = ${claimed.attempts}`;
    let rows: RawRow[];
    if (outcome.ok) {
      rows = await queryRows<RawRow>(
        db,
        sql`update task_runs set status = 'succeeded', finished_at = ${at}, locked_until = null,
              result = ${JSON.stringify(outcome.result)}::jsonb, last_error = null
            where ${guard} returning ${COLUMNS}`,
      );
      options.log?.info(
        { task: claimed.name, period: claimed.periodKey, attempt: claimed.attempts },
        'task succeeded',
      );
    } else {
      const giveUp = claimed.attempts >= (task.maxAttempts ?? DEFAULTS.maxAttempts);
      const next = new Date(at.getTime() + backoffAfter(task, claimed.attempts));
      rows = await queryRows<RawRow>(
        db,
        sql`update task_runs set status = ${giveUp ? 'failed' : 'pending'}, finished_at = ${at},
              locked_until = null, last_error = ${outcome.error}, next_attempt_at = ${next}
            where ${guard} returning ${COLUMNS}`,
      );
      options.log?.error(
        {
          task: claimed.name,
          period: claimed.periodKey,
          attempt: claimed.attempts,
          err: outcome.error,
          ...(giveUp ? { gaveUp: true } : { retryAt: next.toISOString() }),
        },
        giveUp ? 'task failed; no more retries' : 'task failed; will retry',
      );
    }
    // No row: the lease ended and another server took the run over; its outcome stands.
    return rows[0] ? toRow(rows[0]) : { ...claimed, status: 'running' };
  }

  async function tick(): Promise<number> {
    const at = now();
    await schedule(at);
    let ran = 0;
    // Bounded: a tick never runs more than one round of the registered tasks.
    for (let i = 0; i < names.length && !stopped; i++) {
      const claimed = await claim(now());
      if (!claimed) break;
      await execute(claimed);
      ran++;
    }
    return ran;
  }

  function loop() {
    running = tick()
      .catch((err: unknown) => {
        // A database outage or any other fault: logged, the next tick tries again.
        options.log?.error(
          { err: err instanceof Error ? err.message : String(err) },
          'task scheduler tick failed',
        );
      })
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(loop, tickMs);
        timer.unref();
      });
  }

  return {
    tick,
    names: () => [...names],
    async runNow(name) {
      if (!byName.has(name)) {
        throw new Error(`Unknown task "${name}"; the tasks are: ${names.join(', ')}`);
      }
      const at = now();
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into task_runs (name, period_key, next_attempt_at)
            values (${name}, ${`manual:${at.toISOString()}:${randomBytes(3).toString('hex')}`}, ${at})
            returning id`,
      );
      const claimed = row ? await claim(at, row.id) : null;
      if (!claimed) throw new Error(`Could not claim the run of ${name}`);
      return execute(claimed);
    },
    async list(limit = 50) {
      const rows = await queryRows<RawRow>(
        db,
        sql`select ${COLUMNS} from task_runs order by id desc limit ${limit}`,
      );
      return rows.map(toRow);
    },
    async overview(limit = 20) {
      const rows = await queryRows<RawRow>(
        db,
        sql`select ${COLUMNS} from task_runs
            where id in (select max(id) from task_runs group by name)
               or id in (select id from task_runs where status <> 'succeeded'
                         order by id desc limit ${limit})
            order by id desc`,
      );
      return rows.map(toRow);
    },
    start() {
      if (timer || stopped) return;
      timer = setTimeout(loop, Math.min(tickMs, 1_000));
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
