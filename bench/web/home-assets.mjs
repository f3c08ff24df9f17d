// The files a first visit to `/` downloads, read from React Router's client manifest of a build:
// the entry, the root and home route modules with their static imports (what the page
// modulepreloads), the manifest itself, and their CSS. Shared by size-limit and bench:web.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Route ids whose modules the home page loads before it is interactive. */
const HOME_ROUTES = ['root', 'routes/home'];

export function readClientManifest(clientDir) {
  const assets = path.join(clientDir, 'assets');
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`No React Router manifest in ${assets}; build first.`);
  const source = readFileSync(path.join(assets, file), 'utf8');
  const json = source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1);
  return { manifest: JSON.parse(json), file: `/assets/${file}` };
}

/** URL paths (`/assets/…`) of the home page's initial JavaScript and CSS. */
export function homeAssets(clientDir) {
  const { manifest, file } = readClientManifest(clientDir);
  const js = new Set([file, manifest.entry.module, ...manifest.entry.imports]);
  const css = new Set(manifest.entry.css ?? []);
  for (const id of HOME_ROUTES) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`Route ${id} is missing from the manifest.`);
    js.add(route.module);
    for (const url of route.imports ?? []) js.add(url);
    for (const url of route.css ?? []) css.add(url);
  }
  const toFile = (url) => path.join(clientDir, url);
  return { js: [...js].map(toFile), css: [...css].map(toFile) };
}
