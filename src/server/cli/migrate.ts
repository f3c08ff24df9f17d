// `npm run db:migrate`: applies the SQL migrations in drizzle/ to the configured database
// (DATABASE_URL, or the embedded one in DATA_DIR). The server also migrates at start.
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { readRunningServer } from '../modules/admin/server-files.ts';

const help = `Usage: npm run db:migrate

Applies the pending migrations (drizzle/) to the database:
  DATABASE_URL=postgres://…   a PostgreSQL server
  otherwise                   the embedded database in DATA_DIR (default ./data)

The embedded database admits one process: stop the server first (it migrates at start anyway).`;

async function main(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(help);
    return 0;
  }
  if (args.length > 0) {
    console.error(`Unknown argument: ${args[0]}\n\n${help}`);
    return 2;
  }
  const config = loadConfig();
  const running = config.databaseUrl ? undefined : readRunningServer(config.dataDir);
  if (running) {
    console.error(
      `The server (pid ${running.pid}) has the embedded database open; it migrated at start.\n` +
        'Stop it first to migrate by hand.',
    );
    return 1;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    console.log(
      `Migrated the ${database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  return 1;
});
