// The API alone (no web app, no request log) on PORT over DATABASE_URL, for bench/api/run.ts.
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';

// One client address sends everything: per-client rate limits are off unless asked for.
const config = loadConfig({ RATE_LIMIT_SCALE: '0', ...process.env, LOG_LEVEL: 'silent' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ config, database, web: false, logger: false });
await app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.('ready');
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0)),
);
