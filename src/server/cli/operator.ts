// `npm run operator -- add EMAIL | remove EMAIL | list`: who may use /admin. The account must
// exist (sign up first). On PostgreSQL it writes the database directly; on the embedded database
// it goes through the running server's local admin endpoint, or opens the database itself.
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { readAdminToken, readRunningServer } from '../modules/admin/server-files.ts';
import {
  createOperators,
  OperatorError,
  type OperatorRow,
} from '../modules/moderation/operators.service.ts';
import { ADMIN_OPERATORS_PATH } from '../modules/tasks/local-admin.routes.ts';
import { ownedElsewhere, runCli } from './cli-support.ts';

const help = `Usage: npm run operator -- add EMAIL | remove EMAIL | list

  add EMAIL      the account with this e-mail becomes an operator (sees /admin)
  remove EMAIL   it is an operator no more
  list           the operators

Works while the server runs, on PostgreSQL (DATABASE_URL) and on the embedded database (DATA_DIR).`;

/** The server or the service refused the command (a message for the operator). */
class Refused extends Error {}

type Command = { kind: 'list' } | { kind: 'add' | 'remove'; email: string };
type Answer = { list: OperatorRow[] } | { changed: boolean };

async function throughServer(port: number, token: string, command: Command): Promise<Answer> {
  const res = await fetch(`http://127.0.0.1:${port}${ADMIN_OPERATORS_PATH}`, {
    method: command.kind === 'list' ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(command.kind === 'list' ? {} : { 'content-type': 'application/json' }),
    },
    ...(command.kind === 'list'
      ? {}
      : { body: JSON.stringify({ command: command.kind, email: command.email }) }),
  });
  const body = (await res.json()) as { message: string; content: unknown };
  if (!res.ok) throw new Refused(body.message);
  return command.kind === 'list'
    ? { list: body.content as OperatorRow[] }
    : (body.content as { changed: boolean });
}

async function directly(config: ReturnType<typeof loadConfig>, command: Command): Promise<Answer> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    command: 'npm run operator',
  });
  try {
    const operators = createOperators(database.db);
    if (command.kind === 'list') return { list: await operators.list() };
    return {
      changed:
        command.kind === 'add'
          ? await operators.add(command.email)
          : await operators.remove(command.email),
    };
  } finally {
    await database.close();
  }
}

export async function runOperatorCommand(args: string[], env = process.env): Promise<number> {
  const [verb, email, ...rest] = args;
  if (verb === '--help' || verb === '-h') {
    console.log(help);
    return 0;
  }
  let command: Command;
  if (verb === 'list' && email === undefined) command = { kind: 'list' };
  else if ((verb === 'add' || verb === 'remove') && email && rest.length === 0) {
    command = { kind: verb, email };
  } else {
    console.error(
      `${verb ? `Unexpected arguments: ${args.join(' ')}` : 'Say add EMAIL, remove EMAIL or list.'}\n\n${help}`,
    );
    return 2;
  }
  const config = loadConfig(env);
  const running = config.databaseUrl ? undefined : readRunningServer(config.dataDir);
  let answer: Answer;
  if (running) {
    const token = readAdminToken(config.dataDir);
    if (!token)
      throw new Error(`The server is running but ${config.dataDir}/admin-token is missing.`);
    answer = await throughServer(running.port, token, command);
  } else {
    const refusal = config.databaseUrl
      ? undefined
      : ownedElsewhere(config.dataDir, 'npm run operator', 'run it again once the server listens');
    if (refusal) throw new Error(refusal);
    answer = await directly(config, command);
  }
  if ('list' in answer) {
    console.log(
      answer.list.length === 0
        ? 'No operators yet.'
        : answer.list.map((o) => `${o.email}  ${o.name}  since ${o.addedAt}`).join('\n'),
    );
  } else if (command.kind !== 'list') {
    const what = command.kind === 'add' ? 'is an operator' : 'is no operator';
    console.log(`${command.email} ${what}${answer.changed ? ' now' : ' (no change)'}.`);
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runCli(() =>
    runOperatorCommand(process.argv.slice(2)).catch((err: unknown) => {
      // The command's own refusals are one plain line; anything else is a start-up failure.
      if (!(err instanceof Refused || err instanceof OperatorError)) throw err;
      console.error(err.message);
      return 1;
    }),
  );
}
