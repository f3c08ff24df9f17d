import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase, queryRows } from '../db/client.ts';
import { DEMO_PASSWORD, demoEmail } from '../db/seed/demo-accounts.ts';
import type { Mailer } from '../mail/mailer.ts';
import { accountsFor } from '../modules/accounts/accounts.service.ts';
import { buildApiApp } from '../../../test/support/app.ts';
import { insertJobs, seedReference } from '../../../test/support/fixtures.ts';
import { openTestDatabase } from '../../../test/support/database.ts';
import { tempDirs } from '../../../test/support/temp-dirs.ts';
import { runSeed } from './seed.ts';

const tempDir = tempDirs('openings-seed');
afterEach(() => vi.restoreAllMocks());

/** stdin of a script or a pipe: no one there to type yes. */
const notATerminal = () => Readable.from([]);

// On PostgreSQL (TEST_DATABASE_URL) the test keeps its own connection open, as a running server
// would; otherwise an embedded database in a DATA_DIR that no one holds.
const postgres = Boolean(process.env.TEST_DATABASE_URL);
let env: NodeJS.ProcessEnv;
let held: Database | undefined;

async function tableCounts() {
  const database = held ?? (await openDatabase({ dataDir: env.DATA_DIR! }));
  try {
    const [row] = await queryRows<{ jobs: number; companies: number; cities: number }>(
      database.db,
      sql`select (select count(*)::int from jobs) as jobs,
                 (select count(*)::int from companies) as companies,
                 (select count(*)::int from cities) as cities`,
    );
    return row;
  } finally {
    if (!held) await database.close();
  }
}

beforeAll(async () => {
  const dataDir = tempDir();
  const database = postgres ? await openTestDatabase() : await openDatabase({ dataDir });
  if (!postgres) await database.migrate();
  const ref = await seedReference(database.db);
  await insertJobs(database.db, ref, [{}, {}, {}]);
  if (postgres && 'url' in database) {
    held = database;
    env = { DATABASE_URL: String(database.url) };
  } else {
    await database.close();
    env = { DATA_DIR: dataDir };
  }
}, 90_000);
afterAll(() => held?.close());

describe('db:seed --reset', () => {
  it('without --yes and no terminal: says what it would delete, refuses (exit 2), deletes nothing', async () => {
    const before = await tableCounts();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    // --force: on PostgreSQL this test's own connection is another session (the next test).
    const args = ['--jobs', '10', '--reset', ...(postgres ? ['--force'] : [])];
    expect(await runSeed(args, env, notATerminal())).toBe(2);
    expect(error).toHaveBeenCalledTimes(1);
    const line = String(error.mock.calls[0]![0]);
    expect(line).not.toContain('\n');
    expect(line).toMatch(/^db:seed --reset refused: it would delete .*3 jobs, /);
    expect(line).toMatch(/add --yes to confirm\. Nothing was deleted\.$/);
    expect(await tableCounts()).toEqual(before);
    expect(before?.jobs).toBe(3);
  }, 60_000);

  it.runIf(postgres)(
    'on PostgreSQL, refuses while other sessions use the database, even with --yes',
    async () => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      // The held pool's connection is open, as a running server's are.
      expect((await tableCounts())?.jobs).toBe(3);
      expect(await runSeed(['--jobs', '10', '--reset', '--yes'], env, notATerminal())).toBe(1);
      expect(error.mock.calls[0]![0]).toMatch(
        /^db:seed --reset refused: other sessions use this database \(.+\); stop the servers first, or add --force/,
      );
      expect((await tableCounts())?.jobs).toBe(3);
    },
  );

  it('without --jobs: says in its first line that --jobs N is required and what N means', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await runSeed(['--reset', '--yes'], env, notATerminal())).toBe(2);
    expect(String(error.mock.calls[0]![0]).split('\n')[0]).toBe(
      '--jobs N is required: the number of jobs the database should hold when done ' +
        '(the demo data set alone has 450; --jobs 450 with --reset starts over with it)',
    );
    expect((await tableCounts())?.jobs).toBe(3);
  });

  it('refuses --yes without --reset, as a word that does nothing alone', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await runSeed(['--jobs', '10', '--yes'], env, notATerminal())).toBe(2);
  });
});

describe('db:seed --jobs N on a database with more', () => {
  it('says why it adds nothing', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await runSeed(['--jobs', '2'], env, notATerminal())).toBe(0);
    expect(log).toHaveBeenCalledWith(
      'The database already has 3 jobs; nothing added (--jobs is the total to reach; --reset starts over).',
    );
    expect((await tableCounts())?.jobs).toBe(3);
  }, 60_000);
});

describe('db:seed on a new database, then --reset: the documented demo logins', () => {
  // A database db:seed fills before any `npm start`, as the README's demo accounts are promised
  // for: on PostgreSQL with DEMO_ACCOUNTS=true, on the embedded database always.
  let seedEnv: NodeJS.ProcessEnv;
  let pgHeld: Database | undefined;
  beforeAll(async () => {
    if (postgres) {
      const database = await openTestDatabase();
      pgHeld = database;
      seedEnv = { DATABASE_URL: String(database.url), DEMO_ACCOUNTS: 'true' };
    } else {
      seedEnv = { DATA_DIR: tempDir() };
    }
  }, 60_000);
  afterAll(() => pgHeld?.close());

  const noMail: Mailer = { send: async () => ({ messageId: '' }), close: () => {} };

  /** Each company's owner, and whether the first one signs in with the documented password. */
  async function demoLogins() {
    const database = pgHeld ?? (await openDatabase({ dataDir: seedEnv.DATA_DIR! }));
    try {
      const rows = await queryRows<{ id: number; website: string | null; owner: string | null }>(
        database.db,
        sql`select c.id, c.company_website as website, u.email as owner from companies c
            left join company_members m on m.company_id = c.id and m.role = 'owner'
            left join "user" u on u.id = m.user_id order by c.id`,
      );
      const app = await buildApiApp(database, { mailer: noMail, cookieSecret: 'c'.repeat(40) });
      try {
        const signIn = await accountsFor(app.accounts, {
          cookie: undefined,
          userAgent: 't',
          ip: '192.0.2.1',
        }).signIn({ email: demoEmail(rows[0]!.website, rows[0]!.id), password: DEMO_PASSWORD });
        return { rows, signedIn: signIn.ok };
      } finally {
        await app.close();
      }
    } finally {
      if (!pgHeld) await database.close();
    }
  }

  function expectEveryCompanyOwnedByItsDemoAccount(
    rows: { id: number; website: string | null; owner: string | null }[],
  ) {
    expect(rows.length).toBe(68);
    expect(rows.filter((r) => r.owner !== demoEmail(r.website, r.id))).toEqual([]);
  }

  it('a new database gets one demo employer per company, and its password signs in', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await runSeed(['--jobs', '1'], seedEnv, notATerminal())).toBe(0);
    const { rows, signedIn } = await demoLogins();
    expectEveryCompanyOwnedByItsDemoAccount(rows);
    expect(signedIn).toBe(true);
  }, 90_000);

  it('--reset keeps the demo accounts and makes each the owner of its company again', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    // --force: on PostgreSQL this test's own connection is another session.
    const args = ['--jobs', '1', '--reset', '--yes', ...(postgres ? ['--force'] : [])];
    expect(await runSeed(args, seedEnv, notATerminal())).toBe(0);
    const { rows, signedIn } = await demoLogins();
    expectEveryCompanyOwnedByItsDemoAccount(rows);
    expect(signedIn).toBe(true);
  }, 90_000);
});
