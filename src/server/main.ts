// Starts the server: configuration, database (migrated, seeded when empty), listen, and a
// graceful stop on SIGTERM / SIGINT.
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
import { installProcessGuards } from './reliability/process-guards.ts';
import { SHUTDOWN_DEADLINE_MS, shutDown } from './reliability/shutdown.ts';
import type { Services } from './services.ts';

const dev = process.argv.includes('--dev');
const config = loadConfig({ NODE_ENV: dev ? 'development' : 'production', ...process.env });

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  onError: (err) => console.error('database connection error', err),
});
await database.migrate();
await seedDemoIfEmpty(database.db);

const app = await buildApp({
  config,
  database,
  web: dev ? 'development' : 'production',
  cookieSecret: loadCookieSecret(config.cookieSecret, config.dataDir),
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
