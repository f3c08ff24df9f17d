// `npm run tasks -- list|run NAME`: the scheduled tasks' last runs, or one task run now. On
// PostgreSQL it works on the database directly (the run counts like any other, once); on the
// embedded database it goes through the running server's local admin endpoint, or opens the
// database itself when no server runs.
import { APP_NAME } from '../../shared/constants.ts';
import type { Config } from '../config.ts';
import { createMailer } from '../mail/mailer.ts';
import { createJobsService } from '../modules/jobs/jobs.service.ts';
import { ADMIN_TASKS_PATH } from '../modules/tasks/local-admin.routes.ts';
import type { TaskRunRow } from '../modules/tasks/task-runner.ts';
import { OperatorError } from '../modules/moderation/operators.service.ts';
import { createBoardTasks, TASK_NAMES } from '../modules/tasks/tasks.ts';
import { isMain, runAdminCommand, runCli, withDatabase } from './cli-support.ts';

const help = `Usage: npm run tasks -- list | run NAME

  list       each scheduled task's last run, and the last runs that did not succeed
             (newest first)
  run NAME   runs one task now, beside its schedule; NAME is one of:
             ${TASK_NAMES.join(', ')}

Works while the server runs, on PostgreSQL (DATABASE_URL) and on the embedded database (DATA_DIR).`;

/** The server or the service refused the command (a message for the operator). */
class Refused extends Error {}

type Command = { kind: 'list' } | { kind: 'run'; name: string };

/**
 * What a succeeded run did: its result's figures ("expired 3, reminded 2"), or "done" for a task
 * that reports none (counts-refresh), which printed as null.
 */
function outcome(result: unknown): string {
  if (result === null || result === undefined) return 'done';
  if (typeof result !== 'object' || Array.isArray(result)) return JSON.stringify(result);
  const parts = Object.entries(result).map(
    ([key, value]) => `${key} ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
  );
  return parts.length > 0 ? parts.join(', ') : 'done';
}

/** The runs as `npm run tasks` prints them, one line each. */
export function formatRuns(rows: TaskRunRow[]): string {
  if (rows.length === 0) return 'No runs yet.';
  return rows
    .map((r) => {
      const when = r.finishedAt ?? r.startedAt ?? r.nextAttemptAt;
      const detail =
        r.status === 'succeeded'
          ? outcome(r.result)
          : r.lastError
            ? `${r.lastError}${r.status === 'pending' ? ` (retry at ${r.nextAttemptAt})` : ''}`
            : '';
      return `${r.name.padEnd(18)} ${r.status.padEnd(9)} attempt ${r.attempts}  ${when}  period ${r.periodKey}  ${detail}`;
    })
    .join('\n');
}

async function throughServer(port: number, token: string, command: Command) {
  const url = `http://127.0.0.1:${port}${ADMIN_TASKS_PATH}${command.kind === 'run' ? '/run' : ''}`;
  const res = await fetch(url, {
    method: command.kind === 'run' ? 'POST' : 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(command.kind === 'run' ? { 'content-type': 'application/json' } : {}),
    },
    ...(command.kind === 'run' ? { body: JSON.stringify({ name: command.name }) } : {}),
  });
  const body = (await res.json()) as {
    message: string;
    content: { runs: TaskRunRow[] } | TaskRunRow;
  };
  if (!res.ok) throw new Refused(body.message);
  return 'runs' in body.content ? body.content.runs : [body.content];
}

async function directly(config: Config, command: Command) {
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    smtpAllowReserved: config.smtpAllowReserved,
    from: config.mailFrom ?? `${APP_NAME} <no-reply@${new URL(config.publicUrl).hostname}>`,
    dataDir: config.dataDir,
    log: { info: (obj, msg) => console.log(msg, JSON.stringify(obj)) },
  });
  try {
    return await withDatabase(config, 'npm run tasks', async (database) => {
      const jobs = createJobsService(database.db);
      const tasks = createBoardTasks(database.db, {
        mailer,
        publicUrl: config.publicUrl,
        refreshCounts: () => jobs.refreshCounts(),
        linkCheckAllowPrivate: config.linkCheckAllowPrivate,
      });
      return command.kind === 'run' ? [await tasks.runNow(command.name)] : await tasks.overview();
    });
  } finally {
    mailer.close();
  }
}

function parse(args: string[]): Command | string {
  const [verb, name, ...rest] = args;
  if (verb === 'list' && name === undefined) return { kind: 'list' };
  if (verb === 'run' && name && rest.length === 0) {
    if (!(TASK_NAMES as readonly string[]).includes(name)) {
      return `Unknown task "${name}"; the tasks are: ${TASK_NAMES.join(', ')}`;
    }
    return { kind: 'run', name };
  }
  if (verb === 'run' && !name) return 'Say which task to run.';
  return verb ? `Unexpected arguments: ${args.join(' ')}` : 'Say list or run NAME.';
}

export async function runTasksCommand(args: string[], env = process.env): Promise<number> {
  const done = await runAdminCommand(args, env, {
    help,
    name: 'npm run tasks',
    parse,
    throughServer,
    directly,
  });
  if (typeof done === 'number') return done;
  const { command, answer: rows } = done;
  console.log(formatRuns(rows));
  return command.kind === 'run' && rows[0]?.status !== 'succeeded' ? 1 : 0;
}

if (isMain(import.meta.url)) {
  // The command's own refusals are one plain line; anything else is a start-up failure.
  await runCli(() => runTasksCommand(process.argv.slice(2)), [Refused, OperatorError]);
}
