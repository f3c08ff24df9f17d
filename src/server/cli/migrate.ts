// `npm run db:migrate`: applies the SQL migrations in drizzle/ to the configured database
// (DATABASE_URL, or the embedded one in DATA_DIR). The server also migrates at start.
import { loadConfig } from '../config.ts';
import { migrateChecked } from '../db/migration-state.ts';
import { openUnlessHeld, runCli } from './cli-support.ts';

const help = `Usage: npm run db:migrate

Applies the pending migrations (drizzle/) to the database:
  DATABASE_URL=postgres://…   a PostgreSQL server
  otherwise                   the embedded database in DATA_DIR (default ./data)

The embedded database admits one process: while the server runs on it, this command is refused
(the server migrates at start anyway). A database migrated by a newer version is refused.`;

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
  const database = await openUnlessHeld(
    config,
    'db:migrate',
    'a server migrates at start; to migrate by hand, stop it first (kill PID)',
  );
  if (!database) return 1;
  try {
    const { applied } = await migrateChecked(database);
    console.log(
      `Migrated the ${database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database: ` +
        `${applied} migration${applied === 1 ? '' : 's'} applied.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

await runCli(() => main(process.argv.slice(2)));
