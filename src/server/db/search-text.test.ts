// The keyword column's folding (drizzle/0005): plain ASCII skips translate(), and must come out as
// 0003's definition made it; a job's column is what the trigger and the bulk seed both compute.
// Its title's and role's neighbouring words are kept joined too (drizzle/0022), and its work mode
// and a fresher's level are words of it (drizzle/0024). The migrations that recompute the column
// run in order, so each is checked followed by the later ones: together they give what the
// trigger computes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { toPrefixTsquery } from '../modules/jobs/data/keyword.ts';
import { queryRows } from './client.ts';
import { seedDemo } from './seed/demo.ts';

const migration = (file: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../../drizzle', file), 'utf8');
const first = migration('0003_job_search_trigger.sql');
/** 0005's last statement: fills the column of jobs a bulk load had left without it. */
const repair = migration('0005_search_vector_function.sql')
  .split('--> statement-breakpoint')
  .at(-1)!;
/** 0022's last statement: recomputes every job's column, with the pairs. */
const reindex = migration('0022_search_word_pairs.sql').split('--> statement-breakpoint').at(-1)!;
/** 0024's last statement: recomputes the column of the jobs with a work mode or the fresher level. */
const facets = migration('0024_search_work_mode_level.sql')
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
    expect(facets).toMatch(/^\s*-- The jobs that gain words/);
    await database.db.execute(sql.raw(facets));
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

  describe('a job found by two neighbouring words written as one (0022)', () => {
    /** Which of the jobs `ids` the keyword finds, as the listing asks (listing-sql.ts). */
    async function found(keyword: string, ids: number[]) {
      const rows = await queryRows<{ id: number }>(
        database.db,
        sql`select id from jobs
            where id = any(${sql.param(ids)}::int[])
              and search_vector @@ to_tsquery('simple', ${toPrefixTsquery(keyword)})
            order by id`,
      );
      return rows.map((r) => r.id);
    }
    let job: number;
    let other: number;
    beforeAll(async () => {
      // The earlier test seeded the demo data; two of its jobs get titles of their own.
      [job, other] = [31, 32];
      await database.db.execute(
        sql`update jobs set title = 'Senior Full Stack Developer' where id = ${job}`,
      );
      await database.db.execute(sql`update jobs set title = 'Stack Full' where id = ${other}`);
    });

    it('finds "Full Stack" by fullstack, as a prefix too, and by each word', async () => {
      expect(await found('fullstack', [job, other])).toEqual([job]);
      expect(await found('fullst', [job, other])).toEqual([job]);
      expect(await found('fullstack developer', [job, other])).toEqual([job]);
      // Typed apart, the words match each alone, in any order.
      expect(await found('full stack', [job, other])).toEqual([job, other]);
      expect(await found('stackfull', [job, other])).toEqual([other]);
      // Only neighbours: not words further apart, nor three joined.
      expect(await found('seniorstack', [job, other])).toEqual([]);
      expect(await found('fullstackdeveloper', [job, other])).toEqual([]);
    });

    it("pairs the role's words, not the company's, place's or skills'", async () => {
      const [row] = await queryRows<{ v: string; role: string; company: string; city: string }>(
        database.db,
        sql`select j.search_vector::text v, openings_search_text(r.name) role,
                   openings_search_text(c.company_name) company, openings_search_text(ci.name) city
            from jobs j join roles r on r.id = j.role_id join companies c on c.id = j.company_id
              join cities ci on ci.id = j.city_id
            where j.id = ${job}`,
      );
      const lexemes = [...row!.v.matchAll(/'([^']+)'/g)].map((m) => m[1]);
      const joined = (text: string) =>
        text
          .trim()
          .split(' ')
          .slice(1)
          .map((w, i) => text.trim().split(' ')[i] + w);
      expect(lexemes).toEqual(
        expect.arrayContaining(['seniorfull', 'fullstack', 'stackdeveloper']),
      );
      expect(lexemes).toEqual(expect.arrayContaining(joined(row!.role)));
      for (const pair of [...joined(row!.company), ...joined(row!.city)]) {
        expect(lexemes).not.toContain(pair);
      }
    });

    it('gives every job its pairs when migrating, as the trigger computes them', async () => {
      const vectors = () =>
        queryRows<{ id: number; v: string | null }>(
          database.db,
          sql`select id, search_vector::text v from jobs where id <= 40 order by id`,
        );
      await database.db.execute(sql`update jobs set title = title where id <= 40`);
      const fromTrigger = await vectors();
      expect(fromTrigger.find((r) => r.id === job)?.v).toContain("'fullstack'");
      // A column as 0005 computed it, without the pairs.
      await database.db.execute(
        sql`update jobs set search_vector = to_tsvector('simple', openings_search_text(title))
            where id <= 40`,
      );
      expect(await found('fullstack', [job])).toEqual([]);
      expect(reindex).toMatch(/^\s*-- Every job's column again/);
      await database.db.execute(sql.raw(reindex));
      await database.db.execute(sql.raw(facets));
      expect(await vectors()).toEqual(fromTrigger);
      expect(await found('fullstack', [job])).toEqual([job]);
    });
  });
});
