// Builds the app over a test database: the whole app (API and production-built pages) for the
// page, security and reliability tests, or the JSON API alone for the API and service tests.
// Tests pass only what matters to them; the configuration is the test one (silent, NODE_ENV=test).
import { afterAll, beforeAll } from 'vitest';
import { type App, type BuildOptions, buildApp } from '../../src/server/app.ts';
import { type Config, loadConfig } from '../../src/server/config.ts';
import type { Database, Db } from '../../src/server/db/client.ts';
import { openTestDatabase, type TestDatabase } from './database.ts';

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env });
}

export type TestAppOptions = Partial<Omit<BuildOptions, 'database'>> & {
  /** Environment on top of the test configuration (ignored when `config` is given). */
  env?: Record<string, string>;
};

export function buildTestApp(database: Database, options: TestAppOptions = {}) {
  const { env, config, ...rest } = options;
  return buildApp({
    config: config ?? testConfig(env),
    database,
    web: 'production',
    logger: false,
    ...rest,
  });
}

/** The JSON API without the pages (no build needed). */
export function buildApiApp(database: Database, options: Omit<TestAppOptions, 'web'> = {}) {
  return buildTestApp(database, { ...options, web: false });
}

/**
 * The hooks of a file or describe block that tests one app: before its tests, a fresh test
 * database with `seed` in it and the app `build` makes over it; after them, both closed. The
 * answer's `database` and `app` are set from the first test on.
 */
export function appPerSuite(
  build: (database: TestDatabase) => Promise<App>,
  seed: (db: Db) => Promise<unknown> = async () => {},
) {
  const suite = {} as { database: TestDatabase; app: App };
  beforeAll(async () => {
    suite.database = await openTestDatabase();
    await seed(suite.database.db);
    suite.app = await build(suite.database);
  });
  afterAll(async () => {
    await suite.app?.close();
    await suite.database?.close();
  });
  return suite;
}

/** GETs `url` again with the ETag a cache kept, as a cache revalidates it. */
export function revalidate(app: App, url: string, etag: string) {
  return app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
}
