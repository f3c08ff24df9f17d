/** Where the server bundle goes: `<BUILD_DIR>/server-main.js`. */
export const serverBundle: string;
/** Bundles src/server/main.ts into `serverBundle`. */
export function buildServer(): Promise<void>;
