// The messages between the server's thread and the worker thread that runs PGlite
// (pglite-thread.ts and pglite-worker.ts): a request names its reply by id.

/** json and jsonb: the worker answers them as text, the caller's side parses them. */
export const JSON_TYPES = [114, 3802];

export interface PgliteWorkerData {
  /** PGlite's data directory, or `memory://` for a throw-away database. */
  dataDir: string;
  /** Extra PostgreSQL start parameters (`-c name=value` pairs). */
  startParams: string[];
  /** A tar of a data directory (PGlite's dumpDataDir) to start from instead of an empty one. */
  loadDataDir?: string | undefined;
}

export type PgliteRequest =
  | {
      id: number;
      op: 'query';
      text: string;
      params: unknown[];
      rowMode: 'array' | 'object' | undefined;
      paramTypes: number[] | undefined;
      /** Types answered as PostgreSQL's text; the caller's own parsers read them. */
      rawTypes: number[];
      tx: number | undefined;
    }
  | { id: number; op: 'exec'; text: string; rawTypes: number[]; tx: number | undefined }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' }
  /** A consistent copy of the data directory, as a gzipped tar (PGlite's dumpDataDir). */
  | { id: number; op: 'dump' };

/** An error's name, message and primitive fields (code, severity, detail, …). */
export type SerializedError = { name: string; message: string } & Record<string, unknown>;

export type PgliteReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };

export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      fields[key] = value;
  }
  return { ...fields, name: err.name, message: err.message };
}
