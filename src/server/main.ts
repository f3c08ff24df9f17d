// Starts the server: configuration, database (migrated, seeded when empty), listen, and a
// graceful stop on SIGTERM / SIGINT.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoIfEmpty } from './db/seed/demo.ts';
import {
  createAdminToken,
  removeServerInfo,
  writeServerInfo,
} from './modules/admin/server-files.ts';
import { loadCookieSecret } from './modules/views/visitor-cookie.ts';
import { createDatabaseState } from './reliability/database-state.ts';
import { installProcessGuards } from './reliability/process-guards.ts';
import { SHUTDOWN_DEADLINE_MS, shutDown } from './reliability/shutdown.ts';
import type { Services } from './services.ts';

const dev = process.argv.includes('--dev');
const config = loadConfig({ NODE_ENV: dev ? 'development' : 'production', ...process.env });

// Idle pool clients' errors (the database went away) are one line per outage, not a dump each.
const databaseState = createDatabaseState();

const openMigrated = async () => {
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    databaseReadUrl: config.databaseReadUrl,
    dataDir: config.dataDir,
    onError: (err) => databaseState.failed(err, 'pool', { logOthers: true }),
  });
  await db.migrate();
  return db;
};

if (process.argv.includes('--seed-only')) {
  const db = await openMigrated();
  await seedDemoIfEmpty(db.db);
  await db.close();
  process.exit(0);
}

// A new embedded database is filled by a child process: the memory seeding takes (~120 MB that
// the heap keeps) leaves with it (issue 7: the server under 300 MB).
if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) {
  const child = [...process.execArgv, ...process.argv.slice(1), '--seed-only'];
  const seeded = spawnSync(process.execPath, child, { stdio: 'inherit' });
  if (seeded.status !== 0) throw new Error(`Seeding the demo data failed (${seeded.status}).`);
}

const database = await openMigrated();
await seedDemoIfEmpty(database.db);

const app = await buildApp({
  config,
  database,
  web: dev ? 'development' : 'production',
  cookieSecret: loadCookieSecret(config.cookieSecret, config.dataDir),
  databaseState,
  // Operator commands (npm run maintenance) reach the running server with this token.
  adminToken: createAdminToken(config.dataDir),
});

installProcessGuards(app.log);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => {
    app.log.error('shutdown took longer than 10 s, exiting');
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS);
  timer.unref();
  removeServerInfo(config.dataDir);
  const code = await shutDown(app, app.getDecorator<Services>('services'), database);
  app.log.info({ code }, 'stopped');
  process.exit(code);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
if (address && typeof address === 'object') {
  writeServerInfo(config.dataDir, { port: address.port, pid: process.pid });
}
