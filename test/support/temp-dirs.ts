// Temporary directories for one test file, all removed once its tests ran.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/** Registers the cleanup and answers a function that makes a new directory `<prefix>-…` each call. */
export function tempDirs(prefix: string) {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  return () => {
    const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
    dirs.push(dir);
    return dir;
  };
}
