// Runs hand-written SQL with positional parameters. Each query shape is a named prepared statement
// on both databases: planning the listing and detail statements costs more than running them
// (DESIGN.md §8; on PGlite 2-6 ms of planning against 0.3 ms of execution, when the listing still
// joined nine tables). A keyword search
// is the exception (RunOptions.planEachTime): its best plan depends on its words.
import pg from 'pg';
import { type Db, genericPlanPool } from '../../db/client.ts';

export interface RunOptions {
  /** Always run the statement's generic plan; only for statements whose generic plan is good for
   * any values, see genericPlanPool. */
  genericPlan?: boolean;
  /**
   * Plan the statement for its values every time (an unnamed statement, not a prepared one): for
   * statements whose best plan depends on the values so much that PostgreSQL's switch to a
   * generic plan after five runs would hurt (a keyword search: a rare word wants its GIN index, a
   * common one the sort order).
   */
  planEachTime?: boolean;
}

export type Run = <T>(
  name: string,
  text: string,
  values: readonly unknown[],
  options?: RunOptions,
) => Promise<T[]>;

interface Queryable {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
  /** Statements in one simple-protocol message: one implicit transaction, a result each. */
  exec(text: string): Promise<{ rows: unknown[] }[]>;
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
    ) => {
      if (options?.planEachTime) return (await pool.query(text, [...values])).rows as T[];
      const target = options?.genericPlan ? generic : pool;
      return (await target.query({ name, text, values: [...values] })).rows as T[];
    };
  }
  return createPgliteRunner(client as Queryable);
}

/**
 * PGlite's `query` parses and plans every statement anew and has no named statements, so the
 * runner PREPAREs each shape once in PGlite's single session and runs it with EXECUTE. EXECUTE
 * takes its arguments as SQL text: each value is written as a quoted literal (standard conforming
 * strings, PostgreSQL's default, so only the quote needs doubling), which the statement's
 * parameter types then parse. A `genericPlan` statement is executed with plan_cache_mode forced
 * for that one transaction: left to choose, PostgreSQL re-plans a deep page's statement for its
 * offset on every run (2–11 ms of planning for 0.2 ms of work on PGlite).
 */
interface Prepared {
  byName: Map<string, { id: string; done: Promise<unknown> }>;
  made: number;
}
/** Per PGlite session, shared by every runner on it: prepared statements belong to the session. */
const sessions = new WeakMap<Queryable, Prepared>();

function createPgliteRunner(session: Queryable): Run {
  let state = sessions.get(session);
  if (!state) sessions.set(session, (state = { byName: new Map(), made: 0 }));
  const { byName } = state;
  const prepare = (name: string, text: string) => {
    let statement = byName.get(name);
    if (!statement) {
      // A short identifier of its own per name (SQL identifiers are cut at 63 bytes).
      const id = `runner_${++state.made}`;
      const done = session.query(`PREPARE ${id} AS ${text}`, []);
      // A statement that failed to prepare is tried again next time, not remembered as broken.
      done.catch(() => byName.delete(name));
      statement = { id, done };
      byName.set(name, statement);
    }
    return statement;
  };
  return async <T>(
    name: string,
    text: string,
    values: readonly unknown[],
    options?: RunOptions,
  ) => {
    if (options?.planEachTime) return (await session.query(text, [...values])).rows as T[];
    const { id, done } = prepare(name, text);
    await done;
    const execute = `EXECUTE ${id}${values.length ? `(${values.map(sqlLiteral).join(', ')})` : ''}`;
    if (!options?.genericPlan) return (await session.query(execute, [])).rows as T[];
    const results = await session.exec(
      `SET LOCAL plan_cache_mode = force_generic_plan; ${execute}`,
    );
    return results[1]!.rows as T[];
  };
}

/** A value as an untyped SQL literal, for EXECUTE's arguments. */
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

/** Collects positional parameters while a query's text is built. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
