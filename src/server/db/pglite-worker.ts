// The worker thread that owns the embedded database (pglite-thread.ts starts it): PostgreSQL's
// WebAssembly runs here, so the server's thread keeps answering HTTP while a statement runs.
import { openAsBlob } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  JSON_TYPES,
  type PgliteReply,
  type PgliteRequest,
  type PgliteWorkerData,
  serializeError,
} from './pglite-protocol.ts';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread (see pglite-thread.ts)');
const { dataDir, startParams, loadDataDir } = workerData as PgliteWorkerData;

const send = (reply: PgliteReply) => port.postMessage(reply);
const fail = (id: number, err: unknown) => send({ id, ok: false, error: serializeError(err) });

interface Open {
  tx: Transaction;
  finish(commit: boolean): void;
  done: Promise<unknown>;
}
const transactions = new Map<number, Open>();
let made = 0;
const rolledBack = Symbol('rolled back');

const identity = (value: string) => value;
function parsers(rawTypes: number[]): QueryOptions['parsers'] {
  return rawTypes.length ? Object.fromEntries(rawTypes.map((t) => [t, identity])) : undefined;
}

function target(tx: number | undefined): Pick<PGlite, 'query' | 'exec'> {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

function begin(id: number) {
  const tx = ++made;
  let began = false;
  let finish!: (commit: boolean) => void;
  const ended = new Promise<boolean>((resolve) => (finish = resolve));
  const done = db
    .transaction(async (handle) => {
      transactions.set(tx, { tx: handle, finish, done });
      began = true;
      send({ id, ok: true, value: tx });
      if (!(await ended)) throw rolledBack;
    })
    .catch((err: unknown) => {
      if (err !== rolledBack) throw err;
    })
    .finally(() => transactions.delete(tx));
  // A BEGIN that failed answers the begin request; a failed COMMIT answers the end request.
  done.catch((err: unknown) => {
    if (!began) fail(id, err);
  });
}

async function handle(request: PgliteRequest): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return target(request.tx).query(request.text, request.params, {
        rowMode: request.rowMode,
        parsers: parsers(request.rawTypes),
        ...(request.paramTypes ? { paramTypes: request.paramTypes } : {}),
      });
    case 'exec':
      return target(request.tx).exec(request.text, { parsers: parsers(request.rawTypes) });
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error('Transaction is closed');
      open.finish(request.commit);
      await open.done;
      return null;
    }
    case 'close':
      await db.close();
      return null;
    case 'dump': {
      // The copy is taken between statements: like a crash at that moment, which PostgreSQL
      // recovers from; after a checkpoint it needs (almost) no replay of its WAL.
      await db.exec('checkpoint');
      const dump = await db.dumpDataDir('gzip');
      return new Uint8Array(await dump.arrayBuffer());
    }
    case 'begin':
      throw new Error('begin is answered by begin()');
  }
}

// A data directory with trigram indexes must always be opened with the extension loaded. JSON is
// sent as its text and parsed on the caller's side (pglite-thread.ts): one string crosses the
// threads instead of a tree of objects. Set here, not per call: PGlite copies its whole table of
// parsers for every call that names any (a quarter of this thread's time for a listing).
const db = await PGlite.create(dataDir, {
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, ...startParams],
  parsers: Object.fromEntries(JSON_TYPES.map((type) => [type, identity])),
  ...(loadDataDir ? { loadDataDir: await openAsBlob(loadDataDir) } : {}),
});

port.on('message', (request: PgliteRequest) => {
  if (request.op === 'begin') return begin(request.id);
  handle(request).then(
    (value) => send({ id: request.id, ok: true, value }),
    (err: unknown) => fail(request.id, err),
  );
});
send({ id: 0, ok: true, value: 'ready' });
