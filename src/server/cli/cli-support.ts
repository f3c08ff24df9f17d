// What the operator commands share: reading their words (usage on --help or on a mistake), one line
// on stderr for any failure (the start-up classifier: unreachable PostgreSQL, a locked or damaged
// data directory…), going through the running server or opening the database, and the refusal to
// open an embedded database another process holds or that is not there.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase, type OpenOptions } from '../db/client.ts';
import { describeOwner, liveLockOwner } from '../db/data-dir-lock.ts';
import { appliedMigrations, knownMigrations } from '../db/migration-state.ts';
import { describeUrl } from '../db/replica.ts';
import { readAdminToken, readRunningServer } from '../modules/admin/server-files.ts';
import { describeStartupError } from '../reliability/startup-errors.ts';

/** Whether the module at `moduleUrl` is the script node was started with. */
export const isMain = (moduleUrl: string) =>
  Boolean(process.argv[1]) && moduleUrl === pathToFileURL(process.argv[1]!).href;

/**
 * Runs a command's main; a failure prints one line and exits 1: the message alone for the
 * command's own refusals (errors of the `refusals` classes), else what went wrong at start-up.
 */
export async function runCli(
  main: () => Promise<number>,
  refusals: (abstract new (...args: never[]) => Error)[] = [],
): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (err) {
    const refused = err instanceof NoDatabaseError || refusals.some((kind) => err instanceof kind);
    console.error(
      refused && err instanceof Error
        ? err.message
        : describeStartupError(err, { databaseUrl: process.env.DATABASE_URL }),
    );
    process.exitCode = 1;
  }
}

/**
 * The start of a command: --help (or -h) first prints the usage (exit 0); words `parse` refuses,
 * saying why, print that and the usage (exit 2). Else what `parse` read.
 */
export function parseCommand<T extends object>(
  args: string[],
  help: string,
  parse: (args: string[]) => T | string,
): T | number {
  if (args[0] === '--help' || args[0] === '-h') {
    console.log(help);
    return 0;
  }
  const parsed = parse(args);
  if (typeof parsed !== 'string') return parsed;
  console.error(`${parsed}\n\n${help}`);
  return 2;
}

/** A command that goes through the running server or works on the database itself. */
export interface AdminCommand<C extends object, T> {
  help: string;
  /** How a refusal names the command. */
  name: string;
  /** The command its words say, or why they say none. */
  parse(args: string[]): C | string;
  throughServer(port: number, token: string, command: C): Promise<T>;
  directly(config: Config, command: C): Promise<T>;
}

/**
 * Reads an admin command's words (parseCommand) and runs it (throughServerOrDirectly): the
 * command and its answer, or an exit code when it ends at its words.
 */
export async function runAdminCommand<C extends object, T>(
  args: string[],
  env: NodeJS.ProcessEnv,
  spec: AdminCommand<C, T>,
): Promise<{ command: C; answer: T } | number> {
  const command = parseCommand(args, spec.help, (words) => spec.parse(words));
  if (typeof command === 'number') return command;
  const config = loadConfig(env);
  const answer = await throughServerOrDirectly(config, spec.name, {
    throughServer: (port, token) => spec.throughServer(port, token, command),
    directly: () => spec.directly(config, command),
  });
  return { command, answer };
}

/**
 * The database a command works on is not there, or has not got this code's tables: opening it
 * would create an empty one, and the command would fail on a missing relation.
 */
export class NoDatabaseError extends Error {}

/** Why dataDir holds no embedded database (PGlite keeps it in DATA_DIR/pglite); else undefined. */
export function noEmbeddedDatabase(dataDir: string): string | undefined {
  const dir = path.join(dataDir, 'pglite');
  if (existsSync(path.join(dir, 'PG_VERSION'))) return undefined;
  return `No database in ${dir}: start the server once (npm start) or set DATA_DIR`;
}

/** Refuses a database that misses migrations this code knows (none at all: a new, empty one). */
async function requireMigrated(database: Database, config: Config): Promise<void> {
  const applied = new Set(await appliedMigrations(database));
  const missing = knownMigrations().filter((m) => !applied.has(m.when)).length;
  if (missing === 0) return;
  const where = config.databaseUrl
    ? `The database at ${describeUrl(config.databaseUrl)}${new URL(config.databaseUrl).pathname}`
    : `The database in ${path.join(config.dataDir, 'pglite')}`;
  const state =
    applied.size === 0 ? 'has no tables yet' : `lacks ${missing} of this code's migrations`;
  throw new NoDatabaseError(`${where} ${state}: run the server or npm run db:migrate first`);
}

/**
 * Opens the configured database for `command`, runs `work` on it, and closes it. A database that
 * is not there (or not migrated) is refused before `work`, and an embedded one is not created.
 */
export async function withDatabase<T>(
  config: Config,
  command: string,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  const absent = config.databaseUrl ? undefined : noEmbeddedDatabase(config.dataDir);
  if (absent) throw new NoDatabaseError(absent);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    command,
  });
  try {
    await requireMigrated(database, config);
    return await work(database);
  } finally {
    await database.close();
  }
}

/**
 * Runs an operator command where the database lets it. The embedded database admits one process:
 * while the server runs, the command goes through the server's local admin endpoint (with the
 * token it keeps in the data directory); otherwise it works on the database itself, unless another
 * process holds it. On PostgreSQL it always works on the database.
 */
export async function throughServerOrDirectly<T>(
  config: Config,
  command: string,
  ways: { throughServer(port: number, token: string): Promise<T>; directly(): Promise<T> },
): Promise<T> {
  const running = config.databaseUrl ? undefined : readRunningServer(config.dataDir);
  if (running) {
    const token = readAdminToken(config.dataDir);
    if (!token)
      throw new Error(`The server is running but ${config.dataDir}/admin-token is missing.`);
    return ways.throughServer(running.port, token);
  }
  // Held but not serving yet (a server still starting, a db:seed): nothing to go through.
  const refusal = embeddedRefusal(config, command, 'run it again once the server listens');
  if (refusal) throw new Error(refusal);
  return ways.directly();
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
 * Opens the configured database for the npm script `command` (db:migrate, db:seed: an embedded
 * database not there yet is created). Undefined, after printing why, when another process holds
 * the embedded database.
 */
export async function openUnlessHeld(
  config: Config,
  command: string,
  advice: string,
  options: Pick<OpenOptions, 'statementTimeoutMs' | 'onError'> = {},
): Promise<Database | undefined> {
  const refusal = embeddedRefusal(config, command, advice);
  if (refusal) {
    console.error(refusal);
    return undefined;
  }
  return openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    command: `npm run ${command}`,
    ...options,
  });
}

/** `ownedElsewhere` for the database `config` names: PostgreSQL admits many processes. */
export function embeddedRefusal(
  config: { databaseUrl?: string; dataDir: string },
  command: string,
  advice: string,
): string | undefined {
  return config.databaseUrl ? undefined : ownedElsewhere(config.dataDir, command, advice);
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
