import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { tempDirs } from '../../../test/support/temp-dirs.ts';
import { NoDatabaseError } from './cli-support.ts';
import { runMaintenance } from './maintenance.ts';
import { runOperatorCommand } from './operator.ts';
import { runTasksCommand } from './tasks.ts';

const tempDir = tempDirs('openings-cli-support');
afterEach(() => vi.restoreAllMocks());

describe('an operator command on a database that is not there', () => {
  it('says so in one line (exit 1) and creates nothing in DATA_DIR', () => {
    const dataDir = path.join(tempDir(), 'data');
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    // The command as npm runs it: runCli prints the line and sets the exit code.
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.resolve(import.meta.dirname, 'maintenance.ts'), 'status'],
      { env, encoding: 'utf8' },
    );
    expect(run.stderr.trim()).toBe(
      `No database in ${dataDir}/pglite: start the server once (npm start) or set DATA_DIR`,
    );
    expect(run.status).toBe(1);
    expect(existsSync(dataDir)).toBe(false);
  });

  it.each([
    ['operator list', (env: NodeJS.ProcessEnv) => runOperatorCommand(['list'], env)],
    ['tasks list', (env: NodeJS.ProcessEnv) => runTasksCommand(['list'], env)],
    ['maintenance on', (env: NodeJS.ProcessEnv) => runMaintenance(['on'], env)],
  ])('%s is refused the same way', async (_name, run) => {
    const dataDir = path.join(tempDir(), 'data');
    await expect(run({ DATA_DIR: dataDir })).rejects.toThrow(NoDatabaseError);
    expect(existsSync(dataDir)).toBe(false);
  });

  // A server migrates at start; a database nobody migrated failed on its first missing relation.
  it('refuses a database without tables, saying what to run', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    let env: NodeJS.ProcessEnv;
    let cleanup = async () => {};
    if (serverUrl) {
      const name = `openings_test_empty_${process.pid}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name}`);
      await admin.query(`create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      env = { DATABASE_URL: url.toString() };
      cleanup = async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      };
    } else {
      const dataDir = tempDir();
      await (await openDatabase({ dataDir })).close();
      env = { DATA_DIR: dataDir };
    }
    try {
      await expect(runMaintenance(['status'], env)).rejects.toThrow(
        /^The database (at|in) .* has no tables yet: run the server or npm run db:migrate first$/,
      );
    } finally {
      await cleanup();
    }
  }, 60_000);
});
