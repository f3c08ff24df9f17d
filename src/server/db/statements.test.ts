// Named statements and their plans, on PGlite (EXECUTE with literal arguments) and PostgreSQL alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { type RunStatement, type Statement, sqlLiteral, statementRunner } from './statements.ts';

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

describe('statementRunner', () => {
  let database: TestDatabase;
  let run: RunStatement;
  beforeAll(async () => {
    database = await openTestDatabase();
    run = statementRunner(database.db);
  });
  afterAll(() => database?.close());

  const echo = (value: unknown) =>
    run<{ v: string | null }>({ name: 'test-echo', text: 'SELECT $1::text AS v', values: [value] });

  it('runs a statement again and again with new values', async () => {
    expect(await echo('first')).toEqual([{ v: 'first' }]);
    expect(await echo('second')).toEqual([{ v: 'second' }]);
    expect(await echo(null)).toEqual([{ v: null }]);
  });

  it('passes hostile text through as a value, never as SQL', async () => {
    const hostile = `x'); DROP TABLE jobs; -- \\' "quoted" \\\\ $1 \u202e`;
    expect(await echo(hostile)).toEqual([{ v: hostile }]);
    const [table] = await run<{ n: number }>({
      name: 'test-jobs-exists',
      text: "SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'jobs'",
      values: [],
    });
    expect(table?.n).toBe(1);
  });

  it('answers statements prepared at the same moment, and reports a broken one', async () => {
    const all = await Promise.all(
      [1, 2, 3].map((n) =>
        run<{ n: number }>({ name: 'test-many', text: 'SELECT $1::int * 2 AS n', values: [n] }),
      ),
    );
    expect(all.map((rows) => rows[0]?.n)).toEqual([2, 4, 6]);
    const broken = { name: 'test-broken', text: 'SELEC 1', values: [] };
    await expect(run(broken)).rejects.toThrow(/syntax/);
    await expect(run(broken)).rejects.toThrow(/syntax/);
  });
  it('plans a per-values statement for its values every time', async () => {
    // A custom plan shows the value itself; a generic (prepared) plan would show $1.
    for (const id of [1, 2, 3, 4, 5, 6, 7]) {
      const plan = await run<{ 'QUERY PLAN': string }>({
        name: 'test-plan',
        text: 'EXPLAIN SELECT id FROM jobs WHERE id = $1',
        values: [id],
        plan: 'per-values',
      });
      expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain(`(id = ${id})`);
    }
  });

  it('runs a generic statement under a forced generic plan, and only that one', async () => {
    const mode = (plan?: Statement['plan']) =>
      run<{ m: string }>({
        name: 'test-mode',
        text: "SELECT current_setting('plan_cache_mode') AS m",
        values: [],
        plan,
      });
    for (let i = 0; i < 2; i++) {
      expect(await mode('generic')).toEqual([{ m: 'force_generic_plan' }]);
      expect(await mode()).toEqual([{ m: 'auto' }]);
      expect(await mode('per-values')).toEqual([{ m: 'auto' }]);
    }
    expect(
      await run<{ n: number }>({
        name: 'test-generic',
        text: 'SELECT $1::int + 1 AS n',
        values: [41],
        plan: 'generic',
      }),
    ).toEqual([{ n: 42 }]);
  });

  it('shares one session between runners without preparing a name twice', async () => {
    const other = statementRunner(database.db);
    expect(
      await other<{ v: string }>({
        name: 'test-echo',
        text: 'SELECT $1::text AS v',
        values: ['x'],
      }),
    ).toEqual([{ v: 'x' }]);
    expect(await echo('y')).toEqual([{ v: 'y' }]);
  });
});
