// Bundle budgets of issue 7, checked by `npm test` (scripts/test.mjs): the JavaScript and CSS a
// first visit to `/` downloads — the files the home page modulepreloads, read from the build's
// React Router manifest — gzip-compressed.
import path from 'node:path';
import { homeAssets } from './bench/web/home-assets.mjs';

const client = path.join(import.meta.dirname, process.env.BUILD_DIR ?? 'build', 'client');
const assets = homeAssets(client);

export default [
  { name: 'JS of a first visit to /', path: assets.js, limit: '120 kB', gzip: true },
  { name: 'CSS of a first visit to /', path: assets.css, limit: '20 kB', gzip: true },
];
