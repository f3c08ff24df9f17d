import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { acquireDataDirLock } from '../db/data-dir-lock.ts';
import { MigrationsNewerError } from '../db/migration-state.ts';
import { insertJob, seedReference } from '../../../test/support/fixtures.ts';
import { spawnServer } from '../../../test/support/server-process.ts';
import { describeStartupError } from './startup-errors.ts';

// Ports of this file: nothing listens on CLOSED_PORT; the server tries BUSY_PORT and FREE_PORT.
const CLOSED_PORT = 4199;
const BUSY_PORT = 4198;
const FREE_PORT = 4197;

const root = mkdtempSync(path.join(tmpdir(), 'openings-startup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

function pgError(message: string, code: string) {
  // The shape pg gives a server's refusal: pg-protocol's DatabaseError with the SQLSTATE.
  return Object.assign(new pg.DatabaseError(message, message.length, 'error'), {
    code,
    severity: 'FATAL',
  });
}

describe('describeStartupError', () => {
  const databaseUrl = `postgres://app:s3cret@127.0.0.1:${CLOSED_PORT}/openings`;

  it('names PostgreSQL host and port when nothing listens there, never the password', async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    const err = await client.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(describeStartupError(err, { databaseUrl })).toBe(
      `Cannot reach PostgreSQL at 127.0.0.1:${CLOSED_PORT}: connection refused`,
    );
    // As Drizzle wraps it.
    const wrapped = new Error('Failed query: select 1\nparams: ', { cause: err });
    expect(describeStartupError(wrapped, { databaseUrl })).not.toContain('s3cret');
  });

  it('says the login was refused (28P01, the shape pg reports) and where to fix it', () => {
    const err = pgError('password authentication failed for user "app"', '28P01');
    expect(describeStartupError(new Error('Failed query', { cause: err }), { databaseUrl })).toBe(
      `PostgreSQL at 127.0.0.1:${CLOSED_PORT} refused user "app": password authentication ` +
        'failed for user "app"; check the user and password in DATABASE_URL',
    );
  });

  it('says which port is taken', async () => {
    const busy = await listen(BUSY_PORT);
    const err = await listen(BUSY_PORT).then(
      () => null,
      (e: unknown) => e,
    );
    busy.close();
    expect(describeStartupError(err)).toBe(`Port ${BUSY_PORT} is in use; set PORT`);
  });

  it('puts every bad setting on one line', () => {
    let err: unknown;
    try {
      loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud' });
    } catch (e) {
      err = e;
    }
    const line = describeStartupError(err);
    expect(line).toMatch(/^Invalid environment: PORT: .+; LOG_LEVEL: .+$/);
    // Said as an operator would read it, not as the validator's "received NaN".
    expect(line).toContain('PORT: must be a number, not "abc"');
  });

  it('keeps the message of a newer database', () => {
    const err = new MigrationsNewerError(1, new Date('2030-01-01T00:00:00Z'));
    expect(describeStartupError(new Error('wrapped', { cause: err }))).toBe(err.message);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('describeStartupError on a real PostgreSQL', () => {
  const base = new URL(process.env.TEST_DATABASE_URL || 'postgres://localhost/x');
  const connect = async (url: URL) => {
    const client = new pg.Client({ connectionString: url.href });
    return client.connect().then(
      () => client.end().then(() => null),
      (e: unknown) => e,
    );
  };

  it('names a user PostgreSQL does not know (28000)', async () => {
    const url = new URL(base);
    url.username = 'no_such_role_h1';
    const line = describeStartupError(await connect(url), { databaseUrl: url.href });
    expect(line).toBe(
      `PostgreSQL at ${base.hostname}:${base.port || '5432'} refused user "no_such_role_h1": ` +
        'role "no_such_role_h1" does not exist; check the user and password in DATABASE_URL',
    );
  });

  it('names a database that does not exist (3D000)', async () => {
    const url = new URL(base);
    url.pathname = '/no_such_database_h1';
    const line = describeStartupError(await connect(url), { databaseUrl: url.href });
    expect(line).toBe(
      `PostgreSQL at ${base.hostname}:${base.port || '5432'} has no database ` +
        '"no_such_database_h1"; create it (createdb no_such_database_h1) or fix DATABASE_URL',
    );
  });
});

/** Starts the server as `npm start` does and answers its exit and output. */
async function startServer(env: Record<string, string>, stopWhen?: RegExp) {
  const server = spawnServer({ LOG_LEVEL: 'info', ...env }, { stopWhen });
  const code = await server.exited;
  return { code, stdout: server.stdout(), stderr: server.stderr() };
}

// Each test starts a process that loads the whole server: slow on a busy machine.
describe('starting the server goes wrong', { timeout: 120_000 }, () => {
  // An embedded database with one job: the server starts without seeding the demo data.
  const ready = path.join(root, 'ready');
  beforeAll(async () => {
    const database = await openDatabase({ dataDir: ready });
    await database.migrate();
    await insertJob(database.db, await seedReference(database.db));
    await database.close();
  });
  const copy = (name: string) => {
    const dir = path.join(root, name);
    cpSync(ready, dir, { recursive: true });
    return dir;
  };
  const oneLine = (stderr: string) => {
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    return lines[0];
  };

  it('logs one line saying which database it uses and what it did, then serves', async () => {
    const run = await startServer(
      { DATA_DIR: copy('info'), PORT: String(FREE_PORT) },
      /Server listening/,
    );
    expect(run.stdout).toContain(
      `"msg":"database: embedded database in ${root}/info: existing database, ` +
        'no migration to apply, no demo data added, new cookie secret',
    );
    expect(run.code).toBe(0);
  });

  it('a taken port: one line, exit 1, before a new database is made', async () => {
    const busy = await listen(BUSY_PORT);
    const dir = path.join(root, 'never-made');
    try {
      const run = await startServer({ DATA_DIR: dir, PORT: String(BUSY_PORT) });
      expect(run.code).toBe(1);
      expect(oneLine(run.stderr)).toBe(`Port ${BUSY_PORT} is in use; set PORT`);
      expect(existsSync(path.join(dir, 'pglite'))).toBe(false);
    } finally {
      busy.close();
    }
  });

  it('PostgreSQL unreachable: one line, exit 1', async () => {
    const run = await startServer({
      DATABASE_URL: `postgres://postgres:pw@127.0.0.1:${CLOSED_PORT}/openings`,
      PORT: String(FREE_PORT),
    });
    expect(run.code).toBe(1);
    expect(oneLine(run.stderr)).toBe(
      `Cannot reach PostgreSQL at 127.0.0.1:${CLOSED_PORT}: connection refused`,
    );
  });

  it('a bad setting: one line, exit 1', async () => {
    const run = await startServer({ PORT: 'abc' });
    expect(run.code).toBe(1);
    expect(oneLine(run.stderr)).toMatch(/^Invalid environment: PORT: /);
  });

  it('a data directory another process holds: one line naming it, exit 1', async () => {
    const dir = copy('held');
    const lock = acquireDataDirLock(dir, 'server (npm start)');
    try {
      const run = await startServer({ DATA_DIR: dir, PORT: String(FREE_PORT) });
      expect(run.code).toBe(1);
      expect(oneLine(run.stderr)).toBe(
        `The embedded database in ${dir} is in use by another process (pid ${process.pid}, ` +
          `server (npm start), since ${lock.owner.since}); stop it first (kill ${process.pid}), ` +
          'or use another DATA_DIR.',
      );
    } finally {
      lock.release();
    }
  });

  it('a database migrated by newer code: one line, exit 1, nothing applied', async () => {
    const dir = copy('newer');
    const database = await openDatabase({ dataDir: dir });
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('future', 4102444800000)`,
    );
    await database.close();
    const run = await startServer({ DATA_DIR: dir, PORT: String(FREE_PORT) });
    expect(run.code).toBe(1);
    expect(oneLine(run.stderr)).toBe(
      'The database has 1 migration this code does not know (the newest from ' +
        '2100-01-01T00:00:00.000Z): it was migrated by a newer version of Openings; run that ' +
        'version, or restore a backup made before it.',
    );
  });

  it('a damaged data directory: one line pointing to db:restore, exit 1', async () => {
    const dir = copy('damaged');
    writeFileSync(path.join(dir, 'pglite', 'global', 'pg_control'), 'not a control file');
    const run = await startServer({ DATA_DIR: dir, PORT: String(FREE_PORT) });
    expect(run.code).toBe(1);
    expect(oneLine(run.stderr)).toMatch(
      new RegExp(
        `^The embedded database in ${dir} cannot be opened \\(.+\\); it may be damaged: ` +
          'restore a backup with npm run db:restore -- FILE --force',
      ),
    );
  });
});
