/** The project's root folder. */
export const projectRoot: string;
/** Node flags the server process runs with. */
export const serverNodeFlags: string[];
/** `env` with the server process's own defaults (MALLOC_ARENA_MAX) under it. */
export function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
/** BUILD_DIR (relative to the project) or `build/`, as an absolute path. */
export function buildDir(env?: NodeJS.ProcessEnv): string;
/** `<build dir>/server-main.js`. */
export function serverBundle(env?: NodeJS.ProcessEnv): string;
/** The `node` arguments of the server process: its flags and the bundle. */
export function serverArgs(env?: NodeJS.ProcessEnv): string[];
/** scripts/start.mjs, what `npm start` runs with `node`. */
export const startScript: string;
