/** Where the server bundle goes: `<BUILD_DIR>/server-main.js`. */
export const serverBundle: string;
/** Bundles src/server/main.ts into `serverBundle`, and the PGlite worker beside it. */
export function buildServer(): Promise<void>;
/** Node flags the server runs with (package.json's start script repeats them). */
export const serverNodeFlags: string[];
