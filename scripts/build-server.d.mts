/** Where the server bundle goes: `<BUILD_DIR>/server-main.js`. */
export const serverBundle: string;
/** Bundles src/server/main.ts into `serverBundle`, and the PGlite worker beside it. */
export function buildServer(): Promise<void>;
