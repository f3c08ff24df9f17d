// Builds the app over a test database: the whole app (API and production-built pages) for the
// page, security and reliability tests, or the JSON API alone for the API and service tests.
// Tests pass only what matters to them; the configuration is the test one (silent, NODE_ENV=test).
import { type BuildOptions, buildApp } from '../../src/server/app.ts';
import { type Config, loadConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/client.ts';

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
