// Server tests that render pages need the production build; build it once, before any test
// file runs, when it is missing (files run in parallel and must not build side by side).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export default function setup() {
  const root = path.resolve(import.meta.dirname, '..');
  const entry = path.join(path.resolve(root, process.env.BUILD_DIR ?? 'build'), 'server/index.js');
  // Vitest sets NODE_ENV=test, which would bundle React's development build into the client;
  // the browser tests later reuse this build, so it is made exactly as `npm run build` makes it.
  if (!existsSync(entry)) {
    execSync('npx react-router build', {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
}
