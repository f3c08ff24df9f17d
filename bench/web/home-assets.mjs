// The files a first visit to `/` downloads, read from React Router's client manifest of a build:
// the entry, the root and home route modules with their static imports (what the page
// modulepreloads), and their CSS; the manifest file too, but only when routes are discovered up
// front (with lazy discovery, the default, the page carries its own routes and asks /__manifest
// for others). Shared by size-limit and bench:web.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

/** Whether the build loads the manifest file on every page (`routeDiscovery: { mode: 'initial' }`). */
function loadsManifestFile(clientDir) {
  const server = path.join(clientDir, '..', 'server', 'index.js');
  if (!existsSync(server)) throw new Error(`No server build at ${server}; build first.`);
  const mode = /routeDiscovery = \{ "mode": "(\w+)"/.exec(readFileSync(server, 'utf8'))?.[1];
  if (!mode) throw new Error(`Cannot read routeDiscovery from ${server}.`);
  return mode === 'initial';
}

/** URL paths (`/assets/…`) of the home page's initial JavaScript and CSS. */
export function homeAssets(clientDir) {
  const { manifest, file } = readClientManifest(clientDir);
  const js = new Set([manifest.entry.module, ...manifest.entry.imports]);
  if (loadsManifestFile(clientDir)) js.add(file);
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
