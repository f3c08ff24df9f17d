// The build is redone when, and only when, its own sources changed: contents, not times, decide,
// and tests are not part of a build.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildPlan, staleParts, writeStamp } from './ensure-build.mjs';

let root: string;
let dir: string;

function write(rel: string, text: string) {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
}

/** A project with one file per input folder, and a build of it recorded as current. */
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'openings-ensure-build-'));
  dir = path.join(root, 'build');
  write('src/web/root.tsx', 'export const page = 1;');
  write('src/web/root.test.tsx', 'test 1');
  write('src/shared/text.ts', 'export const text = 1;');
  write('src/server/main.ts', 'export const main = 1;');
  write('package-lock.json', '{"v":1}');
  write('build/server/index.js', '');
  write('build/server-main.js', '');
  writeStamp(dir, staleParts({ root, dir }).hashes);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const stale = () => staleParts({ root, dir }).stale;

describe('what needs building', () => {
  it('nothing, right after a build', () => {
    expect(stale()).toEqual([]);
  });

  it('the web app when a page changes, the server when the server changes', () => {
    write('src/web/root.tsx', 'export const page = 2;');
    expect(stale()).toEqual(['web']);
    write('src/web/root.tsx', 'export const page = 1;');
    write('src/server/main.ts', 'export const main = 2;');
    expect(stale()).toEqual(['server']);
  });

  it('both when shared code, the lockfile or the set of files changes', () => {
    write('src/shared/text.ts', 'export const text = 2;');
    expect(stale()).toEqual(['web', 'server']);
    writeStamp(dir, staleParts({ root, dir }).hashes);
    write('package-lock.json', '{"v":2}');
    expect(stale()).toEqual(['web', 'server']);
    writeStamp(dir, staleParts({ root, dir }).hashes);
    write('src/shared/new.ts', '');
    expect(stale()).toEqual(['web', 'server']);
  });

  it('nothing when only a test changes', () => {
    write('src/web/root.test.tsx', 'test 2');
    expect(stale()).toEqual([]);
  });

  it('a part whose output is missing, or with no record of its sources', () => {
    rmSync(path.join(dir, 'server-main.js'));
    expect(stale()).toEqual(['server']);
    rmSync(path.join(dir, 'build-stamp.json'));
    expect(stale()).toEqual(['web', 'server']);
  });
});

describe('what gets built', () => {
  it('the stale parts asked for, web first', () => {
    expect(buildPlan([], ['web', 'server'])).toEqual([]);
    expect(buildPlan(['server'], ['web', 'server'])).toEqual(['server']);
    expect(buildPlan(['server', 'web'], ['web', 'server'])).toEqual(['web', 'server']);
    expect(buildPlan(['web', 'server'], ['server'])).toEqual(['server']);
  });

  it('the server bundle again after a web build, which empties the build directory', () => {
    expect(buildPlan(['web'], ['web', 'server'])).toEqual(['web', 'server']);
    // Asked for the web app alone (page tests), the server bundle is left to its next start.
    expect(buildPlan(['web'], ['web'])).toEqual(['web']);
  });
});
