// `npm run db:backup -- FILE`: a consistent copy of the embedded database (a gzipped tar, PGlite's
// dumpDataDir), taken through the running server when one runs (it owns the directory), or by
// opening the directory under its lock when none does. On PostgreSQL, pg_dump is the tool.
import { existsSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../db/client.ts';
import { ADMIN_BACKUP_PATH } from '../modules/admin/admin.routes.ts';
import { readAdminToken, readRunningServer } from '../modules/admin/server-files.ts';
import { ownedElsewhere, runCli, startFileCommand } from './cli-support.ts';

export const BACKUP_HELP = `Usage: npm run db:backup -- FILE [--force]

Writes a consistent copy of the embedded database in DATA_DIR (default ./data) to FILE, a
gzipped tar. While the server runs, the copy is taken through it (the site keeps serving);
otherwise this command opens the directory itself. Restore with: npm run db:restore -- FILE

  --force   overwrite FILE if it exists

On PostgreSQL (DATABASE_URL set) use pg_dump; this command prints the command line.`;

async function throughServer(port: number, token: string): Promise<Uint8Array> {
  const res = await fetch(`http://127.0.0.1:${port}${ADMIN_BACKUP_PATH}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`The server refused the backup: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

async function directly(dataDir: string): Promise<Uint8Array> {
  const database = await openDatabase({ dataDir, command: 'npm run db:backup' });
  try {
    if (!database.dumpDataDir) throw new Error('This database cannot be copied');
    return await database.dumpDataDir();
  } finally {
    await database.close();
  }
}

export async function runBackup(args: string[], env = process.env): Promise<number> {
  const started = startFileCommand(args, BACKUP_HELP, env);
  if (typeof started === 'number') return started;
  const { file, force, config } = started;
  // --force replaces a file, never a folder (such as DATA_DIR's own database).
  if (statSync(file, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`db:backup refused: ${file} is a folder; name a file, such as openings.tar.gz.`);
    return 1;
  }
  if (existsSync(file) && !force) {
    console.error(`db:backup refused: ${file} exists; name another FILE or add --force.`);
    return 1;
  }
  // Before the copy is taken: a FILE in a missing folder otherwise failed only at the write, as
  // "Start-up failed: ENOENT … FILE.partial".
  const folder = path.dirname(path.resolve(file));
  if (!existsSync(folder)) {
    console.error(
      `db:backup refused: the folder ${folder} does not exist; create it or name another FILE.`,
    );
    return 1;
  }
  let copy: Uint8Array;
  let how: string;
  const running = readRunningServer(config.dataDir);
  const token = running && readAdminToken(config.dataDir);
  if (running && token) {
    copy = await throughServer(running.port, token);
    how = `through the running server (pid ${running.pid})`;
  } else {
    const refusal = ownedElsewhere(
      config.dataDir,
      'db:backup',
      'run it again once the server listens, or once PID ends',
    );
    if (refusal) {
      console.error(refusal);
      return 1;
    }
    if (!existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) {
      console.error(`db:backup: there is no embedded database in ${config.dataDir}.`);
      return 1;
    }
    copy = await directly(config.dataDir);
    how = 'directly (no server was running)';
  }
  // Written beside and renamed: a FILE is either the whole copy or not there.
  const partial = `${file}.partial`;
  try {
    writeFileSync(partial, copy, { mode: 0o600 });
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  const mb = (copy.byteLength / 1024 / 1024).toFixed(1);
  console.log(`Backed up the embedded database in ${config.dataDir} ${how} to ${file} (${mb} MB).`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runCli(() => runBackup(process.argv.slice(2)));
}
