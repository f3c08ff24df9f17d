// `npm run operator -- add EMAIL | remove EMAIL | list`: who may use /admin. The account must
// exist (sign up first). On PostgreSQL it writes the database directly; on the embedded database
// it goes through the running server's local admin endpoint, or opens the database itself.
import type { Config } from '../config.ts';
import {
  createOperators,
  OperatorError,
  type OperatorRow,
} from '../modules/moderation/operators.service.ts';
import { ADMIN_OPERATORS_PATH } from '../modules/tasks/local-admin.routes.ts';
import { isMain, runAdminCommand, runCli, withDatabase } from './cli-support.ts';

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

async function directly(config: Config, command: Command): Promise<Answer> {
  return withDatabase(config, 'npm run operator', async (database) => {
    const operators = createOperators(database.db);
    if (command.kind === 'list') return { list: await operators.list() };
    return {
      changed:
        command.kind === 'add'
          ? await operators.add(command.email)
          : await operators.remove(command.email),
    };
  });
}

function parse(args: string[]): Command | string {
  const [verb, email, ...rest] = args;
  if (verb === 'list' && email === undefined) return { kind: 'list' };
  if ((verb === 'add' || verb === 'remove') && email && rest.length === 0) {
    return { kind: verb, email };
  }
  if ((verb === 'add' || verb === 'remove') && !email) {
    return `Say whose account: ${verb} EMAIL (the e-mail they signed up with).`;
  }
  return verb ? `Unexpected arguments: ${args.join(' ')}` : 'Say add EMAIL, remove EMAIL or list.';
}

export async function runOperatorCommand(args: string[], env = process.env): Promise<number> {
  const done = await runAdminCommand(args, env, {
    help,
    name: 'npm run operator',
    parse,
    throughServer,
    directly,
  });
  if (typeof done === 'number') return done;
  const { command, answer } = done;
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

if (isMain(import.meta.url)) {
  // The command's own refusals are one plain line; anything else is a start-up failure.
  await runCli(() => runOperatorCommand(process.argv.slice(2)), [Refused, OperatorError]);
}
