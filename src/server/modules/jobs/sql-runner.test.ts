// The runner's named statements, on PGlite (EXECUTE with literal arguments) and PostgreSQL alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { createRunner, type Run, type RunOptions, sqlLiteral } from './sql-runner.ts';

describe('sqlLiteral', () => {
  it('quotes every value as text, doubling quotes', () => {
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(undefined)).toBe('NULL');
    expect(sqlLiteral(42)).toBe("'42'");
    expect(sqlLiteral(false)).toBe("'false'");
    expect(sqlLiteral("it's")).toBe("'it''s'");
    expect(sqlLiteral(new Date(Date.UTC(2026, 0, 2)))).toBe("'2026-01-02T00:00:00.000Z'");
  });

  it('refuses values it cannot write safely', () => {
    expect(() => sqlLiteral('a\0b')).toThrow(/NUL/);
    expect(() => sqlLiteral({ a: 1 })).toThrow(TypeError);
    expect(() => sqlLiteral([1, 2])).toThrow(TypeError);
  });
});

describe('createRunner', () => {
  let database: TestDatabase;
  let run: Run;
  beforeAll(async () => {
    database = await openTestDatabase();
    run = createRunner(database.db);
  });
  afterAll(() => database?.close());

  const echo = (value: unknown) =>
    run<{ v: string | null }>('test-echo', 'SELECT $1::text AS v', [value]);

  it('runs a statement again and again with new values', async () => {
    expect(await echo('first')).toEqual([{ v: 'first' }]);
    expect(await echo('second')).toEqual([{ v: 'second' }]);
    expect(await echo(null)).toEqual([{ v: null }]);
  });

  it('passes hostile text through as a value, never as SQL', async () => {
    const hostile = `x'); DROP TABLE jobs; -- \\' "quoted" \\\\ $1 \u202e`;
    expect(await echo(hostile)).toEqual([{ v: hostile }]);
    const [table] = await run<{ n: number }>(
      'test-jobs-exists',
      "SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'jobs'",
      [],
    );
    expect(table?.n).toBe(1);
  });

  it('answers statements prepared at the same moment, and reports a broken one', async () => {
    const all = await Promise.all(
      [1, 2, 3].map((n) => run<{ n: number }>('test-many', 'SELECT $1::int * 2 AS n', [n])),
    );
    expect(all.map((rows) => rows[0]?.n)).toEqual([2, 4, 6]);
    await expect(run('test-broken', 'SELEC 1', [])).rejects.toThrow(/syntax/);
    await expect(run('test-broken', 'SELEC 1', [])).rejects.toThrow(/syntax/);
  });
  it('plans a statement for its values every time when asked', async () => {
    // A custom plan shows the value itself; a generic (prepared) plan would show $1.
    for (const id of [1, 2, 3, 4, 5, 6, 7]) {
      const plan = await run<{ 'QUERY PLAN': string }>(
        'test-plan',
        'EXPLAIN SELECT id FROM jobs WHERE id = $1',
        [id],
        { planEachTime: true },
      );
      expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain(`(id = ${id})`);
    }
  });

  it('runs a genericPlan statement under a forced generic plan, and only that one', async () => {
    const mode = (options?: RunOptions) =>
      run<{ m: string }>(
        'test-mode',
        "SELECT current_setting('plan_cache_mode') AS m",
        [],
        options,
      );
    for (let i = 0; i < 2; i++) {
      expect(await mode({ genericPlan: true })).toEqual([{ m: 'force_generic_plan' }]);
      expect(await mode()).toEqual([{ m: 'auto' }]);
    }
    expect(
      await run<{ n: number }>('test-generic', 'SELECT $1::int + 1 AS n', [41], {
        genericPlan: true,
      }),
    ).toEqual([{ n: 42 }]);
  });

  it('shares one session between runners without preparing a name twice', async () => {
    const other = createRunner(database.db);
    expect(await other<{ v: string }>('test-echo', 'SELECT $1::text AS v', ['x'])).toEqual([
      { v: 'x' },
    ]);
    expect(await echo('y')).toEqual([{ v: 'y' }]);
  });
});
