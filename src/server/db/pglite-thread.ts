// The embedded database on a thread of its own. PostgreSQL compiled to WebAssembly runs on
// whichever thread calls it, and a listing statement keeps it busy for ~0.6 ms: on the server's
// thread that time is taken from every other request. PgliteThread starts pglite-worker.ts in a
// worker thread and offers the part of PGlite's interface the server, Drizzle's PGlite driver and
// its migrator use (query, exec, transaction, close), each call a message to the worker. Answers
// are PGlite's, with JSON parsed on this side. Beside PGlite's interface it takes named statements
// as pg.Pool does (db/statements.ts), which PGlite itself does not.
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import {
  JSON_TYPES,
  type PgliteReply,
  type PgliteRequest,
  type PgliteWorkerData,
  type SerializedError,
} from './pglite-protocol.ts';
import { type NamedStatement, sqlLiteral, type StatementClient } from './statements.ts';

type Parsers = NonNullable<QueryOptions['parsers']>;
type Pending = { resolve(value: unknown): void; reject(err: Error): void };
/** A request without its id (the distributive Omit keeps each op's own fields). */
type Call = PgliteRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/** The worker's source next to this file; the production bundle has it built beside itself. */
function workerFile() {
  const compiled = !import.meta.url.endsWith('.ts');
  // From the sources (tests, tsx), through a starter that loads TypeScript.
  return new URL(compiled ? './pglite-worker.js' : './pglite-worker-tsx.mjs', import.meta.url);
}

function toError(serialized: SerializedError): Error {
  const { name, message, ...fields } = serialized;
  return Object.assign(new Error(message), fields, { name });
}

const parseJson: Parsers = Object.fromEntries(
  JSON_TYPES.map((type) => [type, (text: string) => JSON.parse(text) as unknown]),
);

/**
 * Reads the columns the worker answered as text: those the caller's parsers name (rawTypes), and
 * JSON (PGlite's own reading, JSON.parse, unless the caller has another).
 */
function parseRows(
  result: Results,
  callerParsers: Parsers | undefined,
  rowMode: string | undefined,
) {
  const parsers = callerParsers ? { ...parseJson, ...callerParsers } : parseJson;
  const columns = result.fields.flatMap((field, index) => {
    const parse = parsers[field.dataTypeID];
    return parse ? [{ key: rowMode === 'array' ? index : field.name, parse }] : [];
  });
  if (columns.length === 0) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const { key, parse } of columns) {
      const value = row[key];
      if (typeof value === 'string') row[key] = parse(value);
    }
  }
  return result;
}

function rawTypes(parsers: Parsers | undefined) {
  return parsers ? Object.keys(parsers).map(Number) : [];
}

function supported(options: QueryOptions | undefined) {
  if (options?.serializers || options?.blob || options?.onNotice)
    throw new TypeError('PgliteThread supports the rowMode, parsers and paramTypes options only');
}

export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #next = 0;
  #closed: Error | null = null;
  readonly #prepared = new Map<string, { id: string; done: Promise<unknown> }>();
  #preparedCount = 0;
  readonly ready: Promise<void>;

  constructor(data: PgliteWorkerData) {
    this.#worker = new Worker(workerFile(), {
      workerData: data,
      resourceLimits: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 96 },
    });
    let started!: Pending;
    this.ready = new Promise<void>((resolve, reject) => {
      started = { resolve: () => resolve(), reject };
    });
    this.#pending.set(0, started);
    this.#worker.on('message', (reply: PgliteReply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      // An idle worker does not keep the process alive (PGlite in-process did not either).
      if (this.#pending.size === 0) this.#worker.unref();
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(toError(reply.error));
    });
    this.#worker.on('error', (err) => this.#stop(err));
    this.#worker.on('exit', (code) => this.#stop(new Error(`PGlite is closed (exit ${code})`)));
  }

  /** Rejects every call in flight and every later one: the worker is gone. */
  #stop(cause: Error) {
    this.#closed ??= new Error(`PGlite is closed: ${cause.message}`, { cause });
    for (const pending of this.#pending.values()) pending.reject(this.#closed);
    this.#pending.clear();
  }

  #call(request: Call): Promise<unknown> {
    if (this.#closed) return Promise.reject(this.#closed);
    const id = ++this.#next;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.ref();
      this.#worker.postMessage({ ...request, id });
    });
  }

  async #query<T>(
    tx: number | undefined,
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ) {
    supported(options);
    const result = (await this.#call({
      op: 'query',
      text,
      params: params ?? [],
      rowMode: options?.rowMode,
      paramTypes: options?.paramTypes,
      rawTypes: rawTypes(options?.parsers),
      tx,
    })) as Results<T>;
    return parseRows(result as Results, options?.parsers, options?.rowMode) as Results<T>;
  }

  async #exec(tx: number | undefined, text: string, options?: QueryOptions) {
    supported(options);
    const results = (await this.#call({
      op: 'exec',
      text,
      rawTypes: rawTypes(options?.parsers),
      tx,
    })) as Results[];
    return results.map((result) => parseRows(result, options?.parsers, options?.rowMode));
  }

  query<T>(statement: NamedStatement): Promise<Results<T>>;
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  query<T>(
    textOrStatement: string | NamedStatement,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    if (typeof textOrStatement !== 'string') return this.#execute<T>(textOrStatement, false);
    return this.#query<T>(undefined, textOrStatement, params, options);
  }

  /** The same session with each named statement run on its generic plan (db/statements.ts). */
  readonly genericPlans: StatementClient['genericPlans'] = {
    query: (statement: NamedStatement) => this.#execute(statement, true),
  };

  /**
   * A named statement: PGlite's query() parses and plans every statement anew and has no named
   * statements, so each name is PREPAREd once in PGlite's one session and run with EXECUTE, whose
   * arguments are SQL text (sqlLiteral). A generic one runs with plan_cache_mode forced for its
   * one transaction: left to choose, PostgreSQL re-plans a deep page's statement for its offset
   * on every run (2–11 ms of planning for 0.2 ms of work on PGlite).
   */
  async #execute<T>({ name, text, values }: NamedStatement, generic: boolean) {
    let statement = this.#prepared.get(name);
    if (!statement) {
      // A short identifier of its own per name (SQL identifiers are cut at 63 bytes).
      const id = `stmt_${++this.#preparedCount}`;
      const done = this.#query(undefined, `PREPARE ${id} AS ${text}`);
      // A statement that failed to prepare is tried again next time, not remembered as broken.
      done.catch(() => this.#prepared.delete(name));
      statement = { id, done };
      this.#prepared.set(name, statement);
    }
    await statement.done;
    const args = values.length ? `(${values.map(sqlLiteral).join(', ')})` : '';
    const execute = `EXECUTE ${statement.id}${args}`;
    if (!generic) return this.#query<T>(undefined, execute);
    const results = await this.#exec(
      undefined,
      `SET LOCAL plan_cache_mode = force_generic_plan; ${execute}`,
    );
    return results[1] as Results<T>;
  }

  /** Statements in one simple-protocol message: one implicit transaction, a result each. */
  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(undefined, text, options);
  }

  /** Runs `callback` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = (await this.#call({ op: 'begin' })) as number;
    let closed = false;
    const end = async (commit: boolean) => {
      if (closed) throw new Error('Transaction is closed');
      closed = true;
      await this.#call({ op: 'end', tx: id, commit });
    };
    const tx: Transaction = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) =>
        this.#query<R>(id, text, params, options),
      exec: (text, options) => this.#exec(id, text, options),
      sql: () => Promise.reject(new TypeError('PgliteThread transactions take query(), not sql``')),
      listen: () => Promise.reject(new TypeError('PgliteThread does not LISTEN')),
      rollback: () => end(false),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      if (!closed) await end(false).catch(() => undefined);
      throw err;
    }
    if (!closed) await end(true);
    return result;
  }

  /** A consistent copy of the data directory (a gzipped tar), taken between statements. */
  async dumpDataDir(): Promise<Uint8Array> {
    return (await this.#call({ op: 'dump' })) as Uint8Array;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    try {
      await this.#call({ op: 'close' });
    } finally {
      this.#stop(new Error('closed'));
      await this.#worker.terminate();
    }
  }
}

/** Starts the worker and opens the database in it. */
export async function openPgliteThread(data: PgliteWorkerData): Promise<PgliteThread> {
  const thread = new PgliteThread(data);
  try {
    await thread.ready;
  } catch (err) {
    await thread.close().catch(() => undefined);
    throw err;
  }
  return thread;
}
