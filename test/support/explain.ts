// How many rows of `jobs` a statement reads, as EXPLAIN ANALYZE counts them: what the cost tests
// (Browse more deep pages, sitemap pages) compare, independent of the machine's speed.
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../src/server/db/client.ts';
import { sqlLiteral, type Statement } from '../../src/server/db/statements.ts';
import { openTestDatabase } from './database.ts';
import { insertJobs, type JobOverrides, seedReference } from './fixtures.ts';

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** Rows the plan's scans of `jobs` read: those they passed on plus those their filter removed. */
function jobRowsRead(node: PlanNode): number {
  const own =
    node['Relation Name'] === 'jobs'
      ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops']
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + jobRowsRead(child), 0);
}

/** Runs the statement under EXPLAIN ANALYZE (its values written in) and counts its rows of jobs. */
export async function jobRowsReadBy(db: Db, statement: Statement): Promise<number> {
  const text = statement.text.replace(/\$(\d+)/g, (_, i: string) =>
    sqlLiteral(statement.values[Number(i) - 1]),
  );
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
    db,
    sql.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`),
  );
  const raw = row!['QUERY PLAN'];
  const [{ Plan: plan }] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [
    { Plan: PlanNode },
  ];
  return jobRowsRead(plan);
}

/**
 * A test database with `count` jobs (`job(i)` gives the i-th one's fields), analyzed so the
 * planner chooses its plans from the real table's statistics.
 */
export async function openDatabaseWithJobs(count: number, job: (i: number) => JobOverrides) {
  const database = await openTestDatabase();
  const ref = await seedReference(database.db);
  for (let done = 0; done < count; done += 500) {
    const batch = Math.min(500, count - done);
    await insertJobs(
      database.db,
      ref,
      Array.from({ length: batch }, (_, i) => job(done + i)),
    );
  }
  await queryRows(database.db, sql`analyze jobs`);
  return database;
}
