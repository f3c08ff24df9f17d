// `npm start` spells out the server's Node flags; the benches take them from serverNodeFlags.
// They must agree, or the benches measure a server nobody runs (as bench/api once did).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from './build-server.mjs';

describe('the server Node flags', () => {
  it('are the ones npm start runs the server with', () => {
    const pkg = JSON.parse(
      readFileSync(path.join(import.meta.dirname, '..', 'package.json'), 'utf8'),
    ) as { scripts: { start: string } };
    const server = pkg.scripts.start.split('&&').at(-1)!.trim().split(/\s+/);
    expect(server).toEqual(['node', ...serverNodeFlags, 'scripts/start.mjs']);
  });
});
