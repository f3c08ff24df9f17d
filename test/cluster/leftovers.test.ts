// A killed cluster run leaves its PostgreSQL running. The next run stops it (in the killed run's
// own directory) and uses ports nothing listens on, so it does not fail on the leftover's port.
import { mkdirSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createPrimary,
  freePorts,
  makeDir,
  missingPrerequisite,
  stopAll,
  stopLeftovers,
} from './cluster.ts';

const skip = missingPrerequisite();
const PREFIX = 'openings-cluster-leftovers-test-';

/** A process id no process has now (well above the usual pid_max of 4 million). */
const DEAD_PID = 2 ** 30;

const listens = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(true));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
  });

afterAll(() => stopAll(), 60_000);

describe.skipIf(skip !== undefined)('a killed cluster run', () => {
  it('has its PostgreSQL stopped and its directory removed by the next run', async () => {
    const parent = makeDir(path.join(os.tmpdir(), `${PREFIX}${process.pid}`));
    const killed = makeDir(path.join(parent, `openings-cluster-${DEAD_PID}`));
    const sockets = makeDir(path.join(killed, 'sockets'));
    const [port] = await freePorts(1);
    const leftover = createPrimary(path.join(killed, 'primary'), port!, sockets);
    expect(await leftover.query<{ one: number }>('select 1 as one', [], 'postgres')).toEqual([
      { one: 1 },
    ]);
    // A run still going on beside it (this process) is left alone.
    const running = path.join(parent, `openings-cluster-${process.pid}`);
    mkdirSync(running);

    stopLeftovers(parent, 'openings-cluster-', path.join(parent, 'this-run'));

    expect(await listens(port!)).toBe(false);
    await expect(leftover.query('select 1', [], 'postgres')).rejects.toThrow();
    expect(readdirSync(parent)).toEqual([`openings-cluster-${process.pid}`]);
  }, 60_000);

  it('gets ports that are free, all different', async () => {
    const ports = await freePorts(5);
    expect(new Set(ports).size).toBe(5);
    for (const port of ports) expect(await listens(port)).toBe(false);
  });
});
