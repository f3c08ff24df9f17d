// The one way the server runs its hand-written, hot SQL (the jobs read path) on either database:
// `statementRunner(db)(statement)`. Planning the listing and detail statements costs more than
// running them (DESIGN.md §8), so a statement is prepared once per session under its name, and its
// `plan` says how PostgreSQL plans it:
// - `generic` runs the generic plan always (plan_cache_mode = force_generic_plan), for statements
//   written so that one plan is good for any values (the listing: the filters' `+ 0`, literal page
//   sizes, bucketed offsets; see modules/jobs/data/listing-sql.ts);
// - `per-values` is sent without a name and planned for its values on every run, for statements
//   whose best plan depends on the values so much that a generic one would hurt (a keyword search:
//   a rare word wants its GIN index, a common one the sort order);
// - left out, PostgreSQL's default: custom plans at first, the generic one once it is as good.
// Both clients take a named statement the same way (pg.Pool natively, PgliteThread through
// PREPARE/EXECUTE in its one session) and carry a twin for generic plans (db/client.ts).
import type { Db } from './client.ts';

export interface Statement {
  /** One name per SQL text (the prepared statement's). */
  name: string;
  text: string;
  values: readonly unknown[];
  plan?: 'generic' | 'per-values';
}

export type RunStatement = <T>(statement: Statement) => Promise<T[]>;

export interface NamedStatement {
  name: string;
  text: string;
  values: unknown[];
}

/** What both databases' clients offer for statements (pg.Pool and PgliteThread). */
export interface StatementClient {
  query(statement: NamedStatement): Promise<{ rows: unknown[] }>;
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
  /** The same database with every prepared statement on its generic plan. */
  readonly genericPlans: { query(statement: NamedStatement): Promise<{ rows: unknown[] }> };
}

export function statementRunner(db: Db): RunStatement {
  const client = (db as unknown as { $client: StatementClient }).$client;
  return async <T>({ name, text, values, plan }: Statement) => {
    if (plan === 'per-values') return (await client.query(text, [...values])).rows as T[];
    const target = plan === 'generic' ? client.genericPlans : client;
    return (await target.query({ name, text, values: [...values] })).rows as T[];
  };
}

/** Collects positional parameters while a statement's text is built. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * A value as an untyped SQL literal: PGlite's EXECUTE takes its arguments as SQL text
 * (PgliteThread), which the statement's parameter types then parse. Standard conforming strings,
 * PostgreSQL's default, so only the quote needs doubling.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    text = String(value);
  else throw new TypeError(`no SQL literal for a value of type ${typeof value}`);
  // The protocol sends the statement as a C string: a NUL byte would cut it short.
  if (text.includes('\0')) throw new TypeError('a SQL literal cannot hold a NUL character');
  return `'${text.replaceAll("'", "''")}'`;
}
