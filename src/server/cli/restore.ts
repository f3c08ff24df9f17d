// `npm run db:restore -- FILE [--force]`: makes DATA_DIR's embedded database from a db:backup copy.
// Refused while any process holds the directory; an existing database is replaced only with
// --force, and then kept aside (renamed with the time), never deleted. The copy is unpacked and
// opened in a new directory first, and moved into place only once it opened.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { acquireDataDirLock } from '../db/data-dir-lock.ts';
import { ownedElsewhere, runCli, startFileCommand } from './cli-support.ts';

export const RESTORE_HELP = `Usage: npm run db:restore -- FILE [--force]

Makes the embedded database in DATA_DIR (default ./data) from FILE, a copy made by
npm run db:backup. Refused while a server or another command uses DATA_DIR: stop it first.

  --force   replace the database DATA_DIR already holds; the old one is kept aside as
            DATA_DIR/pglite.before-restore-<time>, not deleted

On PostgreSQL (DATABASE_URL set) use pg_restore; this command prints the command line.`;

const stamp = () =>
  new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');

/** A refusal in words: printed as it is, exit 1. */
class Refused extends Error {}

const refused = (file: string, why: string) =>
  new Refused(`db:restore refused: ${file} is not a copy db:restore can use (${why})`);

/**
 * Reads the gzip stream to its end, keeping nothing. A foreign or cut-off file fails here: PGlite
 * given one rejects twice from its own unpacking, and the second rejection escaped as a crash
 * after the refusal.
 */
async function gzipProblem(data: Uint8Array): Promise<string | null> {
  const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
  try {
    await pipeline(Readable.from([data]), createGunzip(), discard);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

async function unpack(file: string, into: string): Promise<number> {
  const data = readFileSync(file);
  const problem = await gzipProblem(data);
  if (problem) throw refused(file, `not a whole gzip file: ${problem}`);
  const blob = new Blob([data], { type: 'application/x-gzip' });
  let db: PGlite;
  try {
    db = await PGlite.create(into, { extensions: { pg_trgm }, loadDataDir: blob });
  } catch (err) {
    throw refused(file, (err as Error).message.split('\n')[0] ?? 'it did not open');
  }
  try {
    const result = await db.query<{ n: number }>('select count(*)::int as n from jobs');
    return result.rows[0]?.n ?? 0;
  } finally {
    await db.close();
  }
}

export async function runRestore(args: string[], env = process.env): Promise<number> {
  const started = startFileCommand(args, RESTORE_HELP, env);
  if (typeof started === 'number') return started;
  const { file, force, config } = started;
  if (!existsSync(file)) {
    console.error(`db:restore refused: ${file} does not exist.`);
    return 1;
  }
  const dataDir = config.dataDir;
  const refusal = ownedElsewhere(dataDir, 'db:restore', 'stop it first (kill PID), then restore');
  if (refusal) {
    console.error(refusal);
    return 1;
  }
  const target = path.join(dataDir, 'pglite');
  const occupied = existsSync(target) && readdirSync(target).length > 0;
  if (occupied && !force) {
    console.error(
      `db:restore refused: ${dataDir} already holds a database; add --force to replace it ` +
        '(the old one is kept aside), or set DATA_DIR to a new directory.',
    );
    return 1;
  }
  const lock = acquireDataDirLock(dataDir, 'npm run db:restore');
  const fresh = path.join(dataDir, `pglite.restoring-${stamp()}`);
  try {
    const jobs = await unpack(file, fresh).catch((err: unknown) => {
      if (!(err instanceof Refused)) throw err;
      console.error(err.message);
      return null;
    });
    if (jobs === null) return 1;
    let keptAside = '';
    if (existsSync(target)) {
      keptAside = `${target}.before-restore-${stamp()}`;
      renameSync(target, keptAside);
    }
    renameSync(fresh, target);
    console.log(
      `Restored ${file} into ${dataDir} (${jobs.toLocaleString('en')} jobs)` +
        (keptAside ? `; the previous database is kept in ${keptAside}` : '') +
        '. Start the server: npm start',
    );
    return 0;
  } finally {
    rmSync(fresh, { recursive: true, force: true });
    lock.release();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runCli(() => runRestore(process.argv.slice(2)));
}
