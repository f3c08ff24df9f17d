import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/client.ts';
import {
  createAdminToken,
  readRunningServer,
  removeServerInfo,
  writeServerInfo,
} from '../modules/admin/server-files.ts';
import { createAppDetailsService } from '../modules/app-details/app-details.service.ts';
import { recentAudit } from '../modules/moderation/audit.ts';
import { insertAppDetails } from '../../../test/support/api-rows.ts';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { runMaintenance } from './maintenance.ts';
import { buildApiApp } from '../../../test/support/app.ts';
import { tempDirs } from '../../../test/support/temp-dirs.ts';

const tempDir = tempDirs('openings-maintenance');
afterEach(() => vi.restoreAllMocks());

function captureLog() {
  return vi.spyOn(console, 'log').mockImplementation(() => {});
}

describe('maintenance command', () => {
  it('prints help and refuses unknown commands', async () => {
    const log = captureLog();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await runMaintenance(['--help'])).toBe(0);
    expect(log.mock.calls[0]![0]).toContain('on|off|status');
    expect(await runMaintenance(['maybe'])).toBe(2);
    expect(error.mock.calls[0]![0]).toContain('Unknown command: maybe');
  });

  it('says in one line that PostgreSQL cannot be reached, as the other commands do', () => {
    // The command as npm runs it: its last words are the entry point's, not runMaintenance's.
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.resolve(import.meta.dirname, 'maintenance.ts'), 'status'],
      {
        env: { ...process.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/x' },
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('Cannot reach PostgreSQL at 127.0.0.1:1: connection refused');
  });

  it('goes through the running server, which reflects it at once', async () => {
    const dataDir = tempDir();
    const database: TestDatabase = await openTestDatabase();
    await insertAppDetails(database.db);
    const app = await buildApiApp(database, { adminToken: createAdminToken(dataDir) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    writeServerInfo(dataDir, { port, pid: process.pid });
    expect(statSync(path.join(dataDir, 'admin-token')).mode & 0o777).toBe(0o600);
    expect(readRunningServer(dataDir)).toEqual({ port, pid: process.pid });
    try {
      const log = captureLog();
      // DATABASE_URL is left out on purpose: the embedded case is the one that needs the server.
      expect(await runMaintenance(['on'], { DATA_DIR: dataDir })).toBe(0);
      expect(log).toHaveBeenLastCalledWith('Maintenance is on.');
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/app-details/get-app-details`);
      expect(
        ((await res.json()) as { content: { isUnderMaintenance: boolean } }).content,
      ).toMatchObject({
        isUnderMaintenance: true,
      });
      expect(await runMaintenance(['off'], { DATA_DIR: dataDir })).toBe(0);
      expect(log).toHaveBeenLastCalledWith('Maintenance is off.');
      expect((await createAppDetailsService(database.db).get()).isUnderMaintenance).toBe(false);
      // In the console's audit log, as the command line's; a switch to what it is, not again.
      expect(await runMaintenance(['off'], { DATA_DIR: dataDir })).toBe(0);
      expect((await recentAudit(database.db)).map((e) => [e.action, e.actorEmail])).toEqual([
        ['maintenance.off', 'command line'],
        ['maintenance.on', 'command line'],
      ]);
    } finally {
      removeServerInfo(dataDir);
      await app.close();
      await database.close();
    }
  });

  // On PostgreSQL (TEST_DATABASE_URL) the command writes there; otherwise it opens the embedded
  // database of DATA_DIR, which only works because no server holds it.
  // Opening and migrating an embedded database on disk takes ~25 s on a busy two-core machine.
  it('writes the flag directly when no server runs', async () => {
    const dataDir = tempDir();
    const postgres = process.env.TEST_DATABASE_URL ? await openTestDatabase() : undefined;
    const setup = postgres ?? (await openDatabase({ dataDir }));
    await setup.migrate();
    if (!postgres) await setup.close();
    // A server.json left by a crashed server (its pid is gone) must not be trusted.
    writeServerInfo(dataDir, { port: 1, pid: 2 ** 22 + 12345 });
    const env = { DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url! } : {}) };
    // Migrated but not seeded: what to run, not a "Start-up failed" naming no command.
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await runMaintenance(['status'], env)).toBe(1);
    expect(error.mock.calls).toEqual([
      [
        'The site details are not there yet: start the server once (npm start seeds them), ' +
          'or run npm run db:seed -- --jobs 450.',
      ],
    ]);
    const seeded = postgres ?? (await openDatabase({ dataDir }));
    await insertAppDetails(seeded.db);
    if (!postgres) await seeded.close();
    const log = captureLog();
    expect(await runMaintenance(['on'], env)).toBe(0);
    expect(await runMaintenance(['status'], env)).toBe(0);
    expect(log).toHaveBeenLastCalledWith('Maintenance is on.');
    const check = postgres ?? (await openDatabase({ dataDir }));
    expect((await createAppDetailsService(check.db).get()).isUnderMaintenance).toBe(true);
    expect((await recentAudit(check.db)).map((e) => [e.action, e.actorEmail])).toEqual([
      ['maintenance.on', 'command line'],
    ]);
    await check.close();
  }, 90_000);
});
