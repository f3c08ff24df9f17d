// What the operator commands share: one line on stderr for any failure (the start-up classifier:
// unreachable PostgreSQL, a locked or damaged data directory…), and the refusal to open an
// embedded database another process holds.
import path from 'node:path';
import { describeOwner, liveLockOwner } from '../db/data-dir-lock.ts';
import { describeStartupError } from '../reliability/startup-errors.ts';

/** Runs a command's main; a failure prints one line and exits 1. */
export async function runCli(main: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (err) {
    console.error(describeStartupError(err, { databaseUrl: process.env.DATABASE_URL }));
    process.exitCode = 1;
  }
}

/** A FILE command's arguments (db:backup, db:restore): --help, --force and exactly one FILE. */
export type FileArgs = { help: true } | { error: string } | { file: string; force: boolean };

export function parseFileArgs(args: string[], help: string): FileArgs {
  if (args.includes('--help') || args.includes('-h')) return { help: true };
  const rest = args.filter((arg) => arg !== '--force');
  const unknown = rest.find((arg) => arg.startsWith('-'));
  if (unknown || rest.length !== 1) {
    return { error: `${unknown ? `Unknown option: ${unknown}` : 'Name one FILE.'}\n\n${help}` };
  }
  return { file: path.resolve(rest[0]!), force: args.includes('--force') };
}

/**
 * Why `command` may not open the embedded database in dataDir now (another live process holds it),
 * as one line ending in what to do; undefined when it is free.
 */
export function ownedElsewhere(
  dataDir: string,
  command: string,
  advice: string,
): string | undefined {
  const owner = liveLockOwner(dataDir);
  if (!owner || owner.pid === process.pid) return undefined;
  const who = owner.command.startsWith('server') ? 'the running server' : 'another process';
  return (
    `${command} refused: the embedded database in ${dataDir} is in use by ${who} ` +
    `(${describeOwner(owner)}); ${advice.replaceAll('PID', String(owner.pid))}`
  );
}
