// `npm run maintenance -- on|off|status`: the maintenance switch. On PostgreSQL it writes the flag
// directly (every server reads it per request). The embedded database admits one process, so while
// the server runs the command goes through the server's local admin endpoint; otherwise it opens
// the database itself.
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { ADMIN_MAINTENANCE_PATH } from '../modules/admin/admin.routes.ts';
import { readAdminToken, readRunningServer } from '../modules/admin/server-files.ts';
import { createAppDetailsService } from '../modules/app-details/app-details.service.ts';
import { ownedElsewhere } from './cli-support.ts';

const help = `Usage: npm run maintenance -- on|off|status

  on       every page answers with the maintenance page (HTTP 503)
  off      the site is back
  status   prints whether maintenance is on

Works while the server runs, on PostgreSQL (DATABASE_URL) and on the embedded database (DATA_DIR).`;

type Command = 'on' | 'off' | 'status';

async function throughServer(port: number, token: string, command: Command): Promise<boolean> {
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
  if (!res.ok) throw new Error(`The server refused: ${res.status} ${body.message}`);
  return body.content.isUnderMaintenance;
}

async function directly(config: ReturnType<typeof loadConfig>, command: Command): Promise<boolean> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    command: 'npm run maintenance',
  });
  try {
    const details = createAppDetailsService(database.db);
    if (command !== 'status') await details.setMaintenance(command === 'on');
    return (await details.get()).isUnderMaintenance;
  } finally {
    await database.close();
  }
}

export async function runMaintenance(args: string[], env = process.env): Promise<number> {
  const [command, ...rest] = args;
  if (command === '--help' || command === '-h') {
    console.log(help);
    return 0;
  }
  if (command !== 'on' && command !== 'off' && command !== 'status') {
    console.error(
      `${command ? `Unknown command: ${command}` : 'Say on, off or status.'}\n\n${help}`,
    );
    return 2;
  }
  if (rest.length > 0) {
    console.error(`Unexpected argument: ${rest[0]}\n\n${help}`);
    return 2;
  }
  const config = loadConfig(env);
  const running = config.databaseUrl ? undefined : readRunningServer(config.dataDir);
  let on: boolean;
  if (running) {
    const token = readAdminToken(config.dataDir);
    if (!token)
      throw new Error(`The server is running but ${config.dataDir}/admin-token is missing.`);
    on = await throughServer(running.port, token, command);
  } else {
    // Held but not serving yet (a server still starting, a db:seed): nothing to go through.
    const refusal = config.databaseUrl
      ? undefined
      : ownedElsewhere(config.dataDir, 'maintenance', 'run it again once the server listens');
    if (refusal) throw new Error(refusal);
    on = await directly(config, command);
  }
  console.log(`Maintenance is ${on ? 'on' : 'off'}.`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runMaintenance(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    return 1;
  });
}
