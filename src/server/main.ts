// Starts the server: configuration, database (migrated, seeded when empty), listen, and a
// graceful stop on SIGTERM / SIGINT.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { acquireDataDirLock, currentCommand } from './db/data-dir-lock.ts';
import { appliedMigrations, migrateChecked } from './db/migration-state.ts';
import { isSeedingChild, openSeeded } from './db/seed/startup-seed.ts';
import {
  createAdminToken,
  removeServerInfo,
  writeServerInfo,
} from './modules/admin/server-files.ts';
import { loadCookieSecret } from './modules/views/visitor-cookie.ts';
import { createDatabaseState } from './reliability/database-state.ts';
import { assertPortFree } from './reliability/port-check.ts';
import { FAULT_CLOSE_DEADLINE_MS, installProcessGuards } from './reliability/process-guards.ts';
import { SHUTDOWN_DEADLINE_MS, shutDown } from './reliability/shutdown.ts';
import { reportStartupErrors } from './reliability/startup-errors.ts';
import { startupReport } from './reliability/startup-report.ts';
import type { Services } from './services.ts';

// Until it listens, a failure is one line on stderr and exit 1 (startup-errors.ts).
const startup = reportStartupErrors(() => ({
  databaseUrl: process.env.DATABASE_URL,
  port: Number(process.env.PORT) || 3000,
}));

const dev = process.argv.includes('--dev');
const config = loadConfig({ NODE_ENV: dev ? 'development' : 'production', ...process.env });

// Idle pool clients' errors (the database went away) are one line per outage, not a dump each.
const databaseState = createDatabaseState();

// The embedded database has one owner for the whole life of this process (data-dir-lock.ts);
// the seeding child (db/seed/startup-seed.ts) shares the lock.
const lockCommand = `server (${currentCommand()})`;
const dirLock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir, lockCommand);
if (!isSeedingChild()) await assertPortFree(config.port, config.host);

let migrationsApplied = 0;
let migratedFresh = false;
const openMigrated = async () => {
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    databaseReadUrl: config.databaseReadUrl,
    dataDir: config.dataDir,
    command: lockCommand,
    onError: (err) => databaseState.failed(err, 'pool', { logOthers: true }),
  });
  const migrated = await migrateChecked(db);
  migrationsApplied += migrated.applied;
  migratedFresh ||= migrated.fresh;
  return db;
};

const { database, createdEmbedded, seeded } = await openSeeded(
  config,
  openMigrated,
  dirLock?.owner.token,
);
const newCookieSecret =
  !config.cookieSecret && !existsSync(path.join(config.dataDir, 'cookie-secret'));

const app = await buildApp({
  config,
  database,
  web: dev ? 'development' : 'production',
  cookieSecret: loadCookieSecret(config.cookieSecret, config.dataDir),
  databaseState,
  // Operator commands (npm run maintenance, db:backup) reach the running embedded server with this
  // token; on PostgreSQL every command writes to the database itself (no token, no server.json).
  adminToken: config.databaseUrl ? undefined : createAdminToken(config.dataDir),
});
const report = startupReport({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  created: createdEmbedded || migratedFresh,
  migrationsApplied: createdEmbedded
    ? (await appliedMigrations(database)).length
    : migrationsApplied,
  seeded,
  newCookieSecret,
});
app.log.info({ database: report.database }, report.msg);

installProcessGuards(app.log, {
  close: () =>
    shutDown(app, app.getDecorator<Services>('services'), database, FAULT_CLOSE_DEADLINE_MS - 500),
});

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
  if (!config.databaseUrl) removeServerInfo(config.dataDir);
  const code = await shutDown(app, app.getDecorator<Services>('services'), database);
  app.log.info({ code }, 'stopped');
  process.exit(code);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

await app.listen({ port: config.port, host: config.host });
// Fastify logs the addresses it listens on; the one to open, in links and e-mails, is this.
app.log.info({ publicUrl: config.publicUrl }, `open ${config.publicUrl} in a browser`);
const address = app.server.address();
startup.done();
if (!config.databaseUrl && address && typeof address === 'object') {
  writeServerInfo(config.dataDir, { port: address.port, pid: process.pid });
}
