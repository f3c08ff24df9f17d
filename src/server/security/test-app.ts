// Builds the whole app (API and production-built pages) over a fresh test database, for the
// security and reliability tests.
import { type BuildOptions, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';

export function testConfig(env: Record<string, string> = {}) {
  return loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env });
}

export function buildTestApp(
  database: Database,
  options: Partial<Omit<BuildOptions, 'database'>> & { env?: Record<string, string> } = {},
) {
  const { env, ...rest } = options;
  return buildApp({ config: testConfig(env), database, web: 'production', ...rest });
}
