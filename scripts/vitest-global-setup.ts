// Server tests render pages with the production build of the web app, and others check or run the
// server bundle: build whatever is stale once, before any test file runs (files run in parallel
// and must not build side by side). The browser tests and the size check later reuse this build.
import { ensureBuild } from './ensure-build.mjs';

export default async function setup() {
  await ensureBuild();
}
