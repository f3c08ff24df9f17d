// Every URL of the web app as one namespace, `paths.home`, `paths.job(pageUrl)` (path-list.ts holds
// them). A namespace, not an object: the bundler keeps only the members a chunk reads.
export * as paths from './path-list.ts';
