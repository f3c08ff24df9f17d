// The task runner: once per period across two runners on one database (two servers), retries
// with back-off, a run taken over after its lease, manual runs; on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, queryRows } from '../../db/client.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { createTaskRunner, type TaskDefinition } from './task-runner.ts';

let database: TestDatabase;
let second: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  // On PostgreSQL a second connection pool stands for a second server; PGlite has one process.
  second = database.url
    ? await openDatabase({ databaseUrl: database.url, dataDir: 'unused' })
    : database;
});

afterAll(async () => {
  if (second !== database) await second.close();
  await database.close();
});

const HOUR = 3_600_000;

function clock(start: string) {
  let t = new Date(start).getTime();
  return { now: () => new Date(t), move: (ms: number) => (t += ms) };
}

describe('task runner', () => {
  it('runs a task once per period with two runners ticking at the same moments', async () => {
    const time = clock('2030-01-01T10:00:00Z');
    const ran: string[] = [];
    const task = (who: string): TaskDefinition => ({
      name: 'hourly-once',
      periodMs: HOUR,
      async run({ periodKey }) {
        ran.push(`${who}:${periodKey}`);
        await new Promise((r) => setTimeout(r, 20));
      },
    });
    const a = createTaskRunner(database.db, { tasks: [task('a')], now: time.now, runnerId: 'a' });
    const b = createTaskRunner(second.db, { tasks: [task('b')], now: time.now, runnerId: 'b' });
    for (let i = 0; i < 6; i++) {
      await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
      time.move(20 * 60_000); // three ticks per hour
    }
    const periods = ran.map((r) => r.split(':').slice(1).join(':'));
    expect(periods).toEqual(['2030-01-01T10:00:00.000Z', '2030-01-01T11:00:00.000Z']);
  });

  it("overviews each task's latest run and the runs that failed, not every minute's run", async () => {
    const time = clock('2031-01-01T00:00:00Z');
    let broken = true;
    const runner = createTaskRunner(database.db, {
      tasks: [
        { name: 'ov-minutely', periodMs: 60_000, async run() {} },
        {
          name: 'ov-daily',
          periodMs: 24 * HOUR,
          maxAttempts: 1,
          async run() {
            if (broken) throw new Error('board down');
          },
        },
      ],
      now: time.now,
      log: { info() {}, error() {} },
    });
    for (let i = 0; i < 30; i++) {
      await runner.tick();
      time.move(60_000);
    }
    broken = false;
    time.move(24 * HOUR);
    await runner.tick();
    const mine = (await runner.overview()).filter((r) => r.name.startsWith('ov-'));
    expect(mine.map((r) => `${r.name} ${r.status}`).sort()).toEqual([
      'ov-daily failed',
      'ov-daily succeeded',
      'ov-minutely succeeded',
    ]);
    expect(mine.find((r) => r.status === 'failed')?.lastError).toBe('Error: board down');
    // Newest first, as the list is.
    expect(mine.map((r) => r.id)).toEqual(mine.map((r) => r.id).sort((a, b) => b - a));
    expect((await runner.list(50)).filter((r) => r.name === 'ov-minutely').length).toBe(31);
  });

  it('retries a failing task with exponential back-off, then gives up', async () => {
    const time = clock('2030-02-01T00:00:00Z');
    let calls = 0;
    const errors: object[] = [];
    const runner = createTaskRunner(database.db, {
      tasks: [
        {
          name: 'flaky',
          periodMs: 24 * HOUR,
          maxAttempts: 3,
          backoffMs: 60_000,
          async run() {
            calls++;
            throw new Error(`broken ${calls}`);
          },
        },
      ],
      now: time.now,
      log: { info() {}, error: (obj) => errors.push(obj) },
    });
    await runner.tick();
    expect(calls).toBe(1);
    time.move(59_000);
    await runner.tick();
    expect(calls).toBe(1); // back-off 60 s not over
    time.move(1_000);
    await runner.tick();
    expect(calls).toBe(2);
    time.move(119_000);
    await runner.tick();
    expect(calls).toBe(2); // second back-off is 120 s
    time.move(1_000);
    await runner.tick();
    expect(calls).toBe(3);
    time.move(10 * HOUR);
    await runner.tick();
    expect(calls).toBe(3); // gave up after 3 attempts
    const [last] = await runner.list(1);
    expect(last).toMatchObject({
      name: 'flaky',
      status: 'failed',
      attempts: 3,
      lastError: 'Error: broken 3',
    });
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatchObject({
      task: 'flaky',
      err: 'Error: broken 1',
      retryAt: '2030-02-01T00:01:00.000Z',
    });
  });

  it('gives a run whose server died to another runner once the lease is over', async () => {
    const time = clock('2030-03-01T00:00:00Z');
    let finished = 0;
    const def: TaskDefinition = {
      name: 'leased',
      periodMs: 24 * HOUR,
      leaseMs: 5 * 60_000,
      async run() {
        finished++;
      },
    };
    const a = createTaskRunner(database.db, { tasks: [def], now: time.now, runnerId: 'dead' });
    // A claim that never finishes: the runner "dies" after claiming.
    await a.tick(); // runs normally: finished 1
    time.move(24 * HOUR);
    await database.db
      .execute(sql`insert into task_runs (name, period_key, next_attempt_at, status, attempts, locked_by, locked_until)
      values ('leased', '2030-03-02T00:00:00.000Z', ${time.now()}, 'running', 1, 'dead', ${new Date(time.now().getTime() + 5 * 60_000)})`);
    const b = createTaskRunner(second.db, { tasks: [def], now: time.now, runnerId: 'b' });
    await b.tick();
    expect(finished).toBe(1); // still leased to the dead runner
    time.move(5 * 60_000);
    await b.tick();
    expect(finished).toBe(2);
    const rows = await queryRows<{ status: string; attempts: number; locked_by: string }>(
      database.db,
      sql`select status, attempts, locked_by from task_runs where name = 'leased' and period_key = '2030-03-02T00:00:00.000Z'`,
    );
    expect(rows).toEqual([{ status: 'succeeded', attempts: 2, locked_by: 'b' }]);
  });

  it('runs a task now on demand, beside its schedule, and refuses unknown names', async () => {
    const time = clock('2030-04-01T00:00:00Z');
    let calls = 0;
    const runner = createTaskRunner(database.db, {
      tasks: [{ name: 'manual', periodMs: 24 * HOUR, run: async () => ({ n: ++calls }) }],
      now: time.now,
    });
    await runner.tick();
    const row = await runner.runNow('manual');
    expect(row).toMatchObject({ name: 'manual', status: 'succeeded', result: { n: 2 } });
    expect(row.periodKey).toMatch(/^manual:2030-04-01T00:00:00.000Z:/);
    await expect(runner.runNow('nope')).rejects.toThrow(
      'Unknown task "nope"; the tasks are: manual',
    );
  });
});

describe('the board tasks', () => {
  it('registers every task the CLI names, and prunes finished runs older than 30 days', async () => {
    const { createBoardTasks, TASK_NAMES } = await import('./tasks.ts');
    const time = clock('2031-01-01T00:00:00Z');
    const tasks = createBoardTasks(database.db, {
      mailer: { send: async () => ({ messageId: 'x' }) },
      publicUrl: 'http://board.test',
      refreshCounts: async () => {},
      now: time.now,
    });
    expect([...tasks.names()].sort()).toEqual([...TASK_NAMES].sort());
    await database.db
      .execute(sql`insert into task_runs (name, period_key, next_attempt_at, status, finished_at)
      values ('old', 'x', ${new Date('2030-11-01T00:00:00Z')}, 'succeeded', ${new Date('2030-11-01T00:00:00Z')}),
             ('recent', 'x', ${new Date('2030-12-20T00:00:00Z')}, 'succeeded', ${new Date('2030-12-20T00:00:00Z')})`);
    const count = async () =>
      (
        await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from task_runs`)
      )[0]!.n;
    const before = await count();
    const run = await tasks.runNow('prune-task-runs');
    // The earlier tests' runs (2030) are past 30 days too; the prune run's own row stays.
    expect(run.result).toEqual({ deleted: before + 1 - (await count()) });
    const left = await queryRows<{ name: string }>(
      database.db,
      sql`select name from task_runs where name in ('old', 'recent')`,
    );
    expect(left).toEqual([{ name: 'recent' }]);
  });

  it('runs each scheduled task once per period with two servers ticking at the same moments', async () => {
    const { createBoardTasks, TASK_NAMES } = await import('./tasks.ts');
    // On PostgreSQL `second` is a pool of its own: two servers on one database.
    const time = clock('2032-03-01T00:00:00Z');
    const refreshes: string[] = [];
    const server = (db: Database['db'], who: string) =>
      createBoardTasks(db, {
        mailer: { send: async () => ({ messageId: 'x' }) },
        publicUrl: 'http://board.test',
        refreshCounts: async () => {
          refreshes.push(who);
        },
        now: time.now,
      });
    const a = server(database.db, 'a');
    const b = server(second.db, 'b');
    // Two hours in steps of five minutes, both servers ticking twice at each step.
    for (let step = 0; step < 24; step++) {
      await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
      time.move(5 * 60_000);
    }
    const rows = await queryRows<{ name: string; period_key: string; status: string }>(
      database.db,
      sql`select name, period_key, status from task_runs
          where period_key >= '2032-03-01' and period_key < '2032-03-02'`,
    );
    const periods = (name: string) => rows.filter((r) => r.name === name).length;
    // The periods of tasks.ts: expiry every minute (one period per five-minute step), counts every
    // 15, reminders hourly, the link checks and the prune daily.
    expect(periods('expire-jobs')).toBe(24);
    expect(periods('counts-refresh')).toBe(8);
    expect(periods('expiry-reminders')).toBe(2);
    expect(periods('apply-link-checks')).toBe(1);
    expect(periods('prune-task-runs')).toBe(1);
    for (const name of TASK_NAMES) {
      const keys = rows.filter((r) => r.name === name).map((r) => r.period_key);
      expect(new Set(keys).size, name).toBe(keys.length);
      expect(keys.length, name).toBeGreaterThan(0);
    }
    expect(rows.filter((r) => r.status !== 'succeeded')).toEqual([]);
    // The work itself ran once per period, not once per server.
    expect(refreshes).toHaveLength(8);
  });
});
