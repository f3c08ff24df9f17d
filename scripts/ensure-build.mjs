// `npm start` serves the production build; this builds it first when it is missing or older than
// the sources, so a fresh clone needs only `npm install && npm start`.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer, serverBundle } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(path.resolve(root, process.env.BUILD_DIR ?? 'build'), 'server/index.js');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const inputs = ['src/web', 'src/shared', 'public']
  .map((d) => path.join(root, d))
  .filter(existsSync);
const sourceTime = Math.max(
  ...inputs.map(newest),
  statSync(path.join(root, 'package.json')).mtimeMs,
);
if (!existsSync(stamp) || statSync(stamp).mtimeMs < sourceTime) {
  console.log('Building the web app (first start or sources changed)…');
  // A production bundle whatever NODE_ENV the caller has (Vitest, for one, sets "test").
  execSync('npx react-router build', {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

// The server bundle `npm start` runs (scripts/build-server.mjs), rebuilt when the server changed.
const serverTime = Math.max(
  ...['src/server', 'src/shared'].map((d) => newest(path.join(root, d))),
  statSync(path.join(root, 'package.json')).mtimeMs,
);
if (!existsSync(serverBundle) || statSync(serverBundle).mtimeMs < serverTime) {
  console.log('Bundling the server (first start or sources changed)…');
  await buildServer();
}
