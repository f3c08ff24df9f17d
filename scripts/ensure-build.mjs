// Builds what `npm start` serves when it is missing or was built from other sources: the web app
// (React Router) and the server bundle, each rebuilt only when its own inputs changed. The inputs'
// contents are hashed and the hashes kept in BUILD_DIR/build-stamp.json, so a checkout, a pull or
// a stash that leaves modification times behind still triggers a rebuild. Runs before `npm start`,
// before Vitest (the page tests render the production build) and before the browser tests; a lock
// keeps two of them from building into the same directory at once.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildDir, projectRoot } from './server-process.mjs';

/** What each part of the build is made from (folders and files, relative to the project). */
export const buildInputs = {
  web: [
    'src/web',
    'src/shared',
    'public',
    'vite.config.ts',
    'react-router.config.ts',
    'tsconfig.json',
    'package-lock.json',
  ],
  server: ['src/server', 'src/shared', 'scripts/build-server.mjs', 'package-lock.json'],
};

// Tests are never part of a bundle; editing one must not cost a rebuild.
const isTest = (file) => /\.test\.tsx?$/.test(file);

function filesUnder(root, rel) {
  const full = path.join(root, rel);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [rel];
  return readdirSync(full, { withFileTypes: true })
    .flatMap((e) => filesUnder(root, path.join(rel, e.name)))
    .filter((f) => !isTest(f));
}

/** A hash of the names and contents of every input file under `root`. */
export function hashInputs(inputs, root = projectRoot) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((i) => filesUnder(root, i)).sort()) {
    hash.update(file.split(path.sep).join('/')).update('\0');
    hash.update(readFileSync(path.join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

const stampFile = (dir) => path.join(dir, 'build-stamp.json');

function readStamp(dir) {
  try {
    return JSON.parse(readFileSync(stampFile(dir), 'utf8'));
  } catch {
    return {};
  }
}

/** Which parts are out of date: their output is missing or was built from other inputs. */
export function staleParts({ root = projectRoot, dir = buildDir() } = {}) {
  const stamp = readStamp(dir);
  const outputs = {
    web: path.join(dir, 'server/index.js'),
    server: path.join(dir, 'server-main.js'),
  };
  const hashes = {};
  const stale = [];
  for (const part of ['web', 'server']) {
    hashes[part] = hashInputs(buildInputs[part], root);
    if (!existsSync(outputs[part]) || stamp[part] !== hashes[part]) stale.push(part);
  }
  return { stale, hashes };
}

/**
 * The parts to build, in order, of those asked for: the stale ones, and the server bundle after
 * any web build, because React Router's build empties the whole build directory, the server
 * bundle with it.
 */
export function buildPlan(stale, parts) {
  const plan = ['web', 'server'].filter((part) => parts.includes(part) && stale.includes(part));
  if (plan.includes('web') && parts.includes('server') && !plan.includes('server')) {
    plan.push('server');
  }
  return plan;
}

/** Records that the build in `dir` was made from `hashes`. */
export function writeStamp(dir, hashes) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(stampFile(dir), `${JSON.stringify(hashes, null, 2)}\n`);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Holds `${dir}.lock` while `fn` runs; a lock older than 15 minutes was left by a dead build. */
async function withBuildLock(dir, fn) {
  const lock = `${dir}.lock`;
  mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const age = Date.now() - statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (age > 15 * 60_000) rmSync(lock, { recursive: true, force: true });
      else await sleep(500);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Builds those of `parts` that are stale (none when the build matches the sources; all of them
 * with `force`); answers which it built.
 */
export async function ensureBuild({
  parts = ['web', 'server'],
  force = false,
  log = console.log,
} = {}) {
  const dir = buildDir();
  const pending = () => staleParts({ dir }).stale.filter((p) => parts.includes(p));
  if (!force && pending().length === 0) return [];
  return withBuildLock(dir, async () => {
    // Another process may have built it while this one waited for the lock.
    const { hashes } = staleParts({ dir });
    const stale = buildPlan(force ? parts : pending(), parts);
    const stamp = readStamp(dir);
    for (const part of stale) {
      if (part === 'web') {
        log('Building the web app (first start or its sources changed)…');
        // A production bundle whatever NODE_ENV the caller has (Vitest, for one, sets "test").
        execSync('npx react-router build', {
          cwd: projectRoot,
          stdio: ['ignore', 'inherit', 'inherit'],
          env: { ...process.env, NODE_ENV: 'production' },
        });
      } else {
        log('Bundling the server (first start or its sources changed)…');
        const { buildServer } = await import('./build-server.mjs');
        await buildServer();
      }
      // A source edited while it built (an editor's save, a checkout) may or may not be in the
      // build: stamp it only if its inputs are still those hashed before, else the next run builds.
      if (hashInputs(buildInputs[part]) !== hashes[part]) {
        log(`The ${part} sources changed during the build; it will be built again next time.`);
        continue;
      }
      stamp[part] = hashes[part];
      writeStamp(dir, stamp);
    }
    return stale;
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await ensureBuild({ force: process.argv.includes('--force') });
}
