// Server tests render pages with the production build of the web app, and others check or run the
// server bundle: build whatever is stale once, before any test file runs (files run in parallel
// and must not build side by side). The browser tests and the size check later reuse this build.
// The migrated template each file's database copies (a data directory for the embedded database,
// a template database on the PostgreSQL server) is made here too, once, rather than by the first
// files at the same time.
import { migratedTemplate, postgresTemplate } from '../test/support/database.ts';
import { ensureBuild } from './ensure-build.mjs';

export default async function setup() {
  await ensureBuild();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) await postgresTemplate(serverUrl);
  else await migratedTemplate();
}
