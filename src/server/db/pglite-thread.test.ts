import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../reliability/database-unavailable.ts';
import { openPgliteThread, type PgliteThread } from './pglite-thread.ts';

describe('PgliteThread (the embedded database on a worker thread)', () => {
  let thread: PgliteThread;
  beforeAll(async () => {
    thread = await openPgliteThread({ dataDir: 'memory://', startParams: [] });
    await thread.exec('CREATE TABLE t (id int PRIMARY KEY, name text)');
  });
  afterAll(() => thread.close());

  it('answers queries with parameters, in object and array row modes', async () => {
    const objects = await thread.query<{ n: number; s: string }>('SELECT $1::int AS n, $2 AS s', [
      41,
      'São',
    ]);
    expect(objects.rows).toEqual([{ n: 41, s: 'São' }]);
    expect(objects.fields.map((f) => f.name)).toEqual(['n', 's']);
    const arrays = await thread.query('SELECT 1 AS a, 2 AS b', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, 2]]);
  });

  it("reads the types a caller's parsers name with those parsers, on the caller's side", async () => {
    const parsers = { 1184: (text: string) => `parsed:${text}` };
    const [object] = (
      await thread.query<{ at: string; n: number }>(
        "SELECT timestamptz '2026-01-02 03:04:05+00' AS at, 7 AS n",
        [],
        { parsers },
      )
    ).rows;
    expect(object?.at).toMatch(/^parsed:2026-01-02 03:04:05/);
    expect(object?.n).toBe(7);
    const [array] = (
      await thread.query("SELECT 7 AS n, timestamptz '2026-01-02 03:04:05+00' AS at", [], {
        rowMode: 'array',
        parsers,
      })
    ).rows as unknown[][];
    expect(array?.[1]).toMatch(/^parsed:/);
  });

  it("answers JSON parsed, as PGlite does, or with the caller's own parser", async () => {
    const sql = `SELECT json_build_object('a', 1, 'b', json_build_array('x', null)) AS j,
      '{"k": true}'::jsonb AS jb`;
    const [row] = (await thread.query<{ j: unknown; jb: unknown }>(sql)).rows;
    expect(row).toEqual({ j: { a: 1, b: ['x', null] }, jb: { k: true } });
    const [exec] = await thread.exec(sql);
    expect(exec?.rows[0]).toEqual({ j: { a: 1, b: ['x', null] }, jb: { k: true } });
    const [raw] = (
      await thread.query<{ j: unknown; jb: unknown }>(sql, [], {
        parsers: { 114: (text) => `raw:${text}` },
      })
    ).rows;
    expect(raw?.j).toBe('raw:{"a" : 1, "b" : ["x", null]}');
    expect(raw?.jb).toEqual({ k: true });
  });

  it('runs several statements in one exec, a result each', async () => {
    const results = await thread.exec("SET LOCAL work_mem = '8MB'; SHOW work_mem; SELECT 2 AS x");
    expect(results).toHaveLength(3);
    expect(results[1]?.rows).toEqual([{ work_mem: '8MB' }]);
    expect(results[2]?.rows).toEqual([{ x: 2 }]);
  });

  it("passes PostgreSQL's errors on with their SQLSTATE and message", async () => {
    const err = await thread.query('SELECT 1 / 0').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '22012', message: 'division by zero' });
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await thread.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES ($1, $2)', [1, 'kept']);
    });
    await expect(
      thread.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES ($1, $2)', [2, 'dropped']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await thread.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES ($1, $2)', [3, 'rolled back']);
      await tx.rollback();
      expect(tx.closed).toBe(true);
    });
    expect((await thread.query('SELECT id FROM t ORDER BY id')).rows).toEqual([{ id: 1 }]);
  });

  it('keeps other statements out of an open transaction until it ends', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await thread.transaction(async (tx) => {
      await tx.query("INSERT INTO t VALUES (10, 'in tx')");
      outside = thread.query('SELECT 1').then(() => order.push('outside'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.query("UPDATE t SET name = 'committed' WHERE id = 10");
      order.push('transaction');
    });
    await outside;
    // One session: a statement let in mid-transaction would have run inside it.
    expect(order).toEqual(['transaction', 'outside']);
  });

  it("leaves the caller's thread free while a statement runs", async () => {
    let timerAt = Infinity;
    const started = performance.now();
    setTimeout(() => (timerAt = performance.now() - started), 20);
    await thread.query('SELECT pg_sleep(0.5)');
    const queryAt = performance.now() - started;
    // In-thread WebAssembly would hold the timer back until the statement ended.
    expect(timerAt).toBeLessThan(queryAt - 200);
  });

  it('answers "PGlite is closed" (the database is unavailable) after close', async () => {
    const other = await openPgliteThread({ dataDir: 'memory://', startParams: [] });
    await other.close();
    const err = await other.query('SELECT 1').catch((e: unknown) => e);
    expect(String(err)).toMatch(/PGlite is closed/);
    expect(isDatabaseUnavailable(err)).toBe(true);
    await other.close();
  });

  it('starts from a copy of another data directory (loadDataDir, an uncompressed tar)', async () => {
    await thread.query("INSERT INTO t VALUES (7, 'copied')");
    const dir = mkdtempSync(path.join(tmpdir(), 'openings-load-'));
    try {
      const tar = path.join(dir, 'copy.tar');
      writeFileSync(tar, gunzipSync(await thread.dumpDataDir()));
      const copy = await openPgliteThread({
        dataDir: 'memory://',
        startParams: [],
        loadDataDir: tar,
      });
      try {
        expect((await copy.query('SELECT id, name FROM t WHERE id = 7')).rows).toEqual([
          { id: 7, name: 'copied' },
        ]);
      } finally {
        await copy.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails to open with the reason when PostgreSQL cannot start', async () => {
    const err = await openPgliteThread({
      dataDir: 'memory://',
      startParams: ['-c', 'shared_buffers=nonsense'],
    }).catch((e: unknown) => e);
    expect(String(err)).toMatch(/PGlite is closed: PGlite failed to initialize/);
  });
});
