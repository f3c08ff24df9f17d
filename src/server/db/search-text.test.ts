// The keyword column's folding (drizzle/0005): plain ASCII skips translate(), and must come out as
// 0003's definition made it; a job's column is what the trigger and the bulk seed both compute.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { queryRows } from './client.ts';
import { seedDemo } from './seed/demo.ts';

const migration = (file: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../../drizzle', file), 'utf8');
const first = migration('0003_job_search_trigger.sql');
/** 0005's last statement: fills the column of jobs a bulk load had left without it. */
const repair = migration('0005_search_vector_function.sql')
  .split('--> statement-breakpoint')
  .at(-1)!;
const [, from = '', to = ''] =
  /translate\(coalesce\(input, ''\), '([^']*)', '([^']*)'\)/.exec(first) ?? [];

describe('openings_search_text', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  /** Texts where the fast path and 0003's translate() answer differently. */
  async function differing(texts: (string | null)[]) {
    return queryRows<{ input: string | null; now: string; before: string }>(
      database.db,
      sql`select input, openings_search_text(input) now,
            regexp_replace(lower(translate(coalesce(input, ''), ${from}, ${to})), '[^a-z0-9]+', ' ', 'g') before
          from unnest(${sql.param(texts)}::text[]) input
          where openings_search_text(input) is distinct from
            regexp_replace(lower(translate(coalesce(input, ''), ${from}, ${to})), '[^a-z0-9]+', ' ', 'g')`,
    );
  }

  it('folds as 0003 did, with or without accents', async () => {
    expect(from.length).toBeGreaterThan(200);
    expect(
      await differing([
        null,
        '',
        'Senior React Developer, Bengaluru!',
        'São Paulo',
        'München · Zürich',
        'Straße Ørsted Łódź Æther',
        'İstanbul DIŞ',
        '数据 engineer 🚀',
      ]),
    ).toEqual([]);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 })),
        ),
        async (texts) => {
          // NUL cannot be sent in a text parameter.
          expect(await differing(texts.map((t) => t.replaceAll('\0', '')))).toEqual([]);
        },
      ),
      { numRuns: 40 },
    );
    const [sample] = await queryRows<{ folded: string }>(
      database.db,
      sql`select openings_search_text('Café Zürich, São Paulo') folded`,
    );
    expect(sample?.folded).toBe('cafe zurich sao paulo');
  });

  it('fills the jobs left without the column with what the trigger computes', async () => {
    await seedDemo(database.db, {});
    const vectors = () =>
      queryRows<{ id: number; v: string | null }>(
        database.db,
        sql`select id, search_vector::text v from jobs where id <= 30 order by id`,
      );
    // Rewriting the title fires the trigger, which recomputes the column.
    await database.db.execute(sql`update jobs set title = title where id <= 30`);
    const fromTrigger = await vectors();
    expect(fromTrigger.every((r) => r.v !== null)).toBe(true);
    await database.db.execute(sql`update jobs set search_vector = null where id <= 30`);
    expect((await vectors()).every((r) => r.v === null)).toBe(true);
    expect(repair).toMatch(/^\s*-- Jobs a bulk load left/);
    await database.db.execute(sql.raw(repair));
    expect(await vectors()).toEqual(fromTrigger);
  });

  it('keeps the column in the row, not out of line (0006)', async () => {
    const [column] = await queryRows<{ attstorage: string }>(
      database.db,
      sql`select attstorage from pg_attribute
          where attrelid = 'jobs'::regclass and attname = 'search_vector'`,
    );
    expect(column?.attstorage).toBe('m');
  });
});
