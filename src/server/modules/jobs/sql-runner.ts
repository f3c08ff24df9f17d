// Runs hand-written SQL with positional parameters. On PostgreSQL each query shape is a named
// prepared statement (planning dominates these queries, DESIGN.md §8); PGlite has one session and
// parses each query itself.
import pg from 'pg';
import { type Db, genericPlanPool } from '../../db/client.ts';

export interface RunOptions {
  /** Always run the statement's generic plan (PostgreSQL); only for statements whose generic
   * plan is good for any values, see genericPlanPool. */
  genericPlan?: boolean;
}

export type Run = <T>(
  name: string,
  text: string,
  values: readonly unknown[],
  options?: RunOptions,
) => Promise<T[]>;

interface Queryable {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

export function createRunner(db: Db): Run {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    const pool = client;
    const generic = genericPlanPool(db) ?? pool;
    return async <T>(
      name: string,
      text: string,
      values: readonly unknown[],
      options?: RunOptions,
    ) =>
      (await (options?.genericPlan ? generic : pool).query({ name, text, values: [...values] }))
        .rows as T[];
  }
  const session = client as Queryable;
  return async <T>(_name: string, text: string, values: readonly unknown[]) =>
    (await session.query(text, [...values])).rows as T[];
}

/** Collects positional parameters while a query's text is built. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
