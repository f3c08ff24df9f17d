// Runs pglite-worker.ts from the TypeScript sources (tests, tsx): a worker thread starts without
// the parent's loader, so this registers tsx's before importing it. The production bundle starts
// its compiled pglite-worker.js directly (pglite-thread.ts workerFile).
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
