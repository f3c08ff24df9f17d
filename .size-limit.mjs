// Bundle budgets of issue 7, checked by `npm test` (scripts/test.mjs): the JavaScript and CSS a
// first visit to `/` downloads — the files the home page modulepreloads, read from the build's
// React Router manifest — gzip-compressed.
import path from 'node:path';
import { homeAssets } from './bench/web/home-assets.mjs';

const client = path.join(import.meta.dirname, process.env.BUILD_DIR ?? 'build', 'client');
const assets = homeAssets(client);

// JS: 124.5 kB enforced, not issue 7's 120, which stays the target (issue 20). Measured 123.4 kB on
// a clean build. Over 120 because: the React Router exports the signed-in pages use (Form,
// useFetcher) sit in the framework chunk every first visit loads (vite.config.ts), +0.7 kB; the job
// seekers' features on a card and the listing (save and hide controls' loader, hidden-jobs filter,
// the "Follow this search" menu's loader, work mode, salary per period, freshness, company link)
// +1.9 kB; the listing that works before and without JavaScript (the text boxes' hand-over to the
// comboboxes, the level select, "did you mean", Browse more as a link and a fetcher, the job page
// counting its own view) +1.5 kB (app chunk 10.1 kB at issue 7, 13.1 kB now; the framework chunk
// 108.7 kB). Ways back to 120: the paths only signed-in pages use, which every page loads (one
// object, so none of it is shaken out); the Filters panel's body, hidden on a first visit, loaded
// after the first paint without a Suspense boundary (the server would stream one's content apart,
// which only JavaScript puts in place).
export default [
  { name: 'JS of a first visit to /', path: assets.js, limit: '124.5 kB', gzip: true },
  { name: 'CSS of a first visit to /', path: assets.css, limit: '20 kB', gzip: true },
];
