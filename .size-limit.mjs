// Bundle budgets of issue 7, checked by `npm test` (scripts/test.mjs): the JavaScript and CSS a
// first visit to `/` downloads — the files the home page modulepreloads, read from the build's
// React Router manifest — gzip-compressed.
import path from 'node:path';
import { homeAssets } from './bench/web/home-assets.mjs';

const client = path.join(import.meta.dirname, process.env.BUILD_DIR ?? 'build', 'client');
const assets = homeAssets(client);

// JS: issue 7's 120 kB, measured 119.9 kB on a clean build (the framework chunk 107.1 kB: React,
// React DOM and every React Router export any page uses, vite.config.ts). It holds because the
// first visit carries only what the listing's first paint needs: React Router exports only other
// pages used (Await, Navigate, useSearchParams) are not used; the addresses only owners' and
// operators' pages read are a chunk of their own (lib/owner-path-list.ts); and what sits below the fold or inside the closed Filters
// disclosure (the footer, the disclosure's inside) loads after the first paint, which the server
// renders in full, so both work before and without JavaScript. A new React Router export on any
// page, or new code for the first paint, must be paid for.
export default [
  { name: 'JS of a first visit to /', path: assets.js, limit: '120 kB', gzip: true },
  { name: 'CSS of a first visit to /', path: assets.css, limit: '20 kB', gzip: true },
];
