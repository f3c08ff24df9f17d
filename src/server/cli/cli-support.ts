// What the operator commands share: one line on stderr for any failure (the start-up classifier:
// unreachable PostgreSQL, a locked or damaged data directory…), and the refusal to open an
// embedded database another process holds.
import path from 'node:path';
import { type Config, loadConfig } from '../config.ts';
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

export const PG_DUMP_HINT = `On PostgreSQL, back up with pg_dump:
  pg_dump --format=custom --file=openings.dump "$DATABASE_URL"
and restore into an empty database with:
  pg_restore --no-owner --dbname="$DATABASE_URL" openings.dump`;

/**
 * The start of a FILE command on the embedded database (db:backup, db:restore): --help, --force
 * and exactly one FILE; PostgreSQL is pointed to pg_dump. An exit code when the command ends here.
 */
export function startFileCommand(
  args: string[],
  help: string,
  env: NodeJS.ProcessEnv,
): number | { file: string; force: boolean; config: Config } {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(help);
    return 0;
  }
  const rest = args.filter((arg) => arg !== '--force');
  const unknown = rest.find((arg) => arg.startsWith('-'));
  if (unknown || rest.length !== 1) {
    console.error(`${unknown ? `Unknown option: ${unknown}` : 'Name one FILE.'}\n\n${help}`);
    return 2;
  }
  const config = loadConfig(env);
  if (config.databaseUrl) {
    console.error(PG_DUMP_HINT);
    return 2;
  }
  return { file: path.resolve(rest[0]!), force: args.includes('--force'), config };
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
