// Browse more costs the same fifty pages deep as on the first page: the listing pages by keyset
// (the cursor), so the statement for a deep page reads as many rows of `jobs` as the first page's
// does, not the rows before it. Measured with EXPLAIN ANALYZE on the statements the service runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingQuery } from '../../../shared/contract/jobs.ts';
import type { Statement } from '../../db/statements.ts';
import type { TestDatabase } from '../../../../test/support/database.ts';
import { jobRowsReadBy, openDatabaseWithJobs } from '../../../../test/support/explain.ts';
import { decodeCursor } from './cursor.ts';
import { listingSql } from './data/listing-sql.ts';
import { createJobsService } from './jobs.service.ts';

const JOBS = 3_000;
const DEEP = 50;
let database: TestDatabase;

beforeAll(async () => {
  database = await openDatabaseWithJobs(JOBS, (i) => ({ title: `Engineer ${i}`, views: i % 97 }));
}, 120_000);

afterAll(async () => {
  await database?.close();
});

const rowsRead = (statement: Statement) => jobRowsReadBy(database.db, statement);

describe('Browse more', () => {
  it.each([
    ['newest', 'false'],
    ['popular', 'true'],
  ] as const)(
    'reads as many rows for page %s 50 deep as for the first page',
    async (sort, sortBy) => {
      const jobs = createJobsService(database.db);
      // Follow the cursor the way Browse more does, ten jobs a page.
      let cursor: string | null = null;
      for (let page = 1; page <= DEEP; page++) {
        const content = await jobs.list(
          listingQuery.parse({ sortBy, ...(cursor === null ? {} : { cursor }) }),
        );
        cursor = content.nextCursor;
        expect(cursor, `page ${page}`).not.toBeNull();
      }
      const first = listingSql(listingQuery.parse({ sortBy }), null, null);
      const deep = listingSql(
        listingQuery.parse({ sortBy, cursor }),
        decodeCursor(cursor!, sort, false),
        null,
      );
      const firstRead = await rowsRead(first);
      const deepRead = await rowsRead(deep);
      // A page is ten cards and one more to know that a next page exists: a few dozen rows at
      // most, however deep (an offset 500 jobs in reads 500 more).
      expect(firstRead).toBeGreaterThan(0);
      expect(firstRead).toBeLessThanOrEqual(50);
      expect(deepRead).toBeLessThanOrEqual(firstRead + 5);
    },
    120_000,
  );
});
