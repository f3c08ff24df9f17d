// The demo data at start: a database with no jobs gets it. A new embedded database is filled by a
// child process (this same program run with --seed-only): the memory seeding takes (~120 MB that
// the heap keeps) leaves with it, so the server stays under 300 MB (issue 7).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Database } from '../client.ts';
import { ENV_SHARE } from '../data-dir-lock.ts';
import { seedDemoIfEmpty } from './demo.ts';

const SEED_ONLY = '--seed-only';

/** Whether this process is the seeding child (it neither listens nor checks the port). */
export const isSeedingChild = () => process.argv.includes(SEED_ONLY);

export interface SeededDatabase {
  database: Database;
  /** The embedded database did not exist before this start. */
  createdEmbedded: boolean;
  /** Demo data went in on this start. */
  seeded: boolean;
}

/**
 * Opens the database (`open` migrates it) with the demo data in when it had no jobs. In the
 * seeding child it seeds, closes and exits. `lockToken` lets the child share the data-directory
 * lock this process holds.
 */
export async function openSeeded(
  config: Config,
  open: () => Promise<Database>,
  lockToken: string | undefined,
): Promise<SeededDatabase> {
  const demo = { demoAccounts: config.demoAccounts };
  if (isSeedingChild()) {
    const db = await open();
    await seedDemoIfEmpty(db.db, demo);
    await db.close();
    process.exit(0);
  }
  const createdEmbedded =
    !config.databaseUrl && !existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'));
  if (createdEmbedded) await seedInChild(lockToken);
  const database = await open();
  const seeded = (await seedDemoIfEmpty(database.db, demo)) || createdEmbedded;
  return { database, createdEmbedded, seeded };
}

const STOP_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * Runs the seeding child and waits for it. A stop signal meanwhile goes on to the child and then
 * ends this process by the same signal: this process is killed by it anyway (its own handlers
 * come later, in main.ts), and the child, left alone, went on seeding with no parent.
 */
async function seedInChild(lockToken: string | undefined): Promise<void> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, ...process.argv.slice(1), SEED_ONLY],
    {
      stdio: 'inherit',
      env: { ...process.env, [ENV_SHARE]: lockToken },
    },
  );
  let stoppedBy: NodeJS.Signals | undefined;
  const forward = (signal: NodeJS.Signals) => {
    stoppedBy = signal;
    child.kill(signal);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, forward);
  try {
    const [status] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
    if (!stoppedBy && status !== 0) throw new Error(`Seeding the demo data failed (${status}).`);
  } finally {
    for (const signal of STOP_SIGNALS) process.off(signal, forward);
  }
  if (stoppedBy) {
    process.kill(process.pid, stoppedBy);
    // Not reached unless something else handles the signal.
    throw new Error(`Stopped by ${stoppedBy} while seeding the demo data.`);
  }
}
