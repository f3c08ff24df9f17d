// `npm run maintenance -- on|off|status`: the maintenance switch. On PostgreSQL it writes the flag
// directly (every server reads it per request). The embedded database admits one process, so while
// the server runs the command goes through the server's local admin endpoint; otherwise it opens
// the database itself.
import type { Config } from '../config.ts';
import { ADMIN_MAINTENANCE_PATH } from '../modules/admin/admin.routes.ts';
import {
  AppDetailsMissingError,
  createAppDetailsService,
} from '../modules/app-details/app-details.service.ts';
import { DEMO_JOB_COUNT } from '../db/seed/generate.ts';
import { COMMAND_LINE } from '../modules/moderation/audit.ts';
import { switchMaintenance } from '../modules/moderation/moderation.service.ts';
import { isMain, runAdminCommand, runCli, withDatabase } from './cli-support.ts';

const help = `Usage: npm run maintenance -- on|off|status

  on       every page answers with the maintenance page (HTTP 503), but the sign-in page
           and, for operators, /admin, where it can be turned off too
  off      the site is back
  status   prints whether maintenance is on

Works while the server runs, on PostgreSQL (DATABASE_URL) and on the embedded database (DATA_DIR).`;

/** The server's own refusal: one plain line, not a start-up failure. */
class Refused extends Error {}

type Command = 'on' | 'off' | 'status';
type Parsed = { command: Command };

async function throughServer(port: number, token: string, { command }: Parsed): Promise<boolean> {
  const url = `http://127.0.0.1:${port}${ADMIN_MAINTENANCE_PATH}`;
  const res = await fetch(url, {
    method: command === 'status' ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(command === 'status' ? {} : { 'content-type': 'application/json' }),
    },
    ...(command === 'status' ? {} : { body: JSON.stringify({ on: command === 'on' }) }),
  });
  const body = (await res.json()) as { message: string; content: { isUnderMaintenance: boolean } };
  if (!res.ok) throw new Refused(`The server refused: ${res.status} ${body.message}`);
  return body.content.isUnderMaintenance;
}

async function directly(config: Config, { command }: Parsed): Promise<boolean> {
  return withDatabase(config, 'npm run maintenance', async (database) => {
    const details = createAppDetailsService(database.db);
    if (command !== 'status')
      await switchMaintenance(database.db, details, COMMAND_LINE, command === 'on');
    return (await details.get()).isUnderMaintenance;
  });
}

function parse([command, ...rest]: string[]): Parsed | string {
  if (command !== 'on' && command !== 'off' && command !== 'status') {
    return command ? `Unknown command: ${command}` : 'Say on, off or status.';
  }
  return rest.length > 0 ? `Unexpected argument: ${rest[0]}` : { command };
}

/** What to do about a database that is migrated but not seeded, in the operator's commands. */
export const NO_SITE_DETAILS =
  'The site details are not there yet: start the server once (npm start seeds them), ' +
  `or run npm run db:seed -- --jobs ${DEMO_JOB_COUNT}.`;

export async function runMaintenance(args: string[], env = process.env): Promise<number> {
  let done;
  try {
    done = await runAdminCommand(args, env, {
      help,
      name: 'maintenance',
      parse,
      throughServer,
      directly,
    });
  } catch (err) {
    // Not a start-up failure: the database is there and migrated, only not seeded.
    if (!(err instanceof AppDetailsMissingError)) throw err;
    console.error(NO_SITE_DETAILS);
    return 1;
  }
  if (typeof done === 'number') return done;
  console.log(`Maintenance is ${done.answer ? 'on' : 'off'}.`);
  return 0;
}

if (isMain(import.meta.url)) {
  // A database that is away is said as the other commands say it ("Cannot reach PostgreSQL at
  // host:port …"), not as the failed query's SQL text, which was all this printed.
  await runCli(() => runMaintenance(process.argv.slice(2)), [Refused]);
}
