import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, queryRows } from '../db/client.ts';
import { insertJobs, seedReference } from '../../../test/support/fixtures.ts';
import { startServer, stopServer } from '../../../test/support/server-process.ts';
import { runBackup } from './backup.ts';
import { runRestore } from './restore.ts';

const root = mkdtempSync(path.join(tmpdir(), 'openings-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const original = path.join(root, 'original');

/**
 * Every job with its company and view count, every company and every visitor's view: what a
 * restore must bring back. A job's count is its counted views plus those still pending, since a
 * running server moves pending views into jobs.views every two seconds.
 */
async function contents(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    return {
      jobs: await queryRows(
        database.db,
        sql`select id, page_url, company_id,
              views + coalesce((select sum(pending) from job_views v where v.job_id = jobs.id), 0)::int
                as views
            from jobs order by id`,
      ),
      companies: await queryRows(
        database.db,
        sql`select id, company_name from companies order by id`,
      ),
      views: await queryRows(
        database.db,
        sql`select visitor_id, job_id from job_views order by visitor_id`,
      ),
    };
  } finally {
    await database.close();
  }
}

const quietly = async <T>(run: () => Promise<T>) => {
  const out: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
  const error = vi
    .spyOn(console, 'error')
    .mockImplementation((line: string) => void out.push(line));
  try {
    return { result: await run(), out: out.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
};

let expected: Awaited<ReturnType<typeof contents>>;
beforeAll(async () => {
  const database = await openDatabase({ dataDir: original });
  await database.migrate();
  const ref = await seedReference(database.db);
  const made = await insertJobs(
    database.db,
    ref,
    Array.from({ length: 40 }, (_, i) => ({
      companyId: Object.values(ref.companies)[i % 3],
      pageUrl: `backup-job-${i}`,
    })),
  );
  await database.db.execute(sql`update jobs set views = id * 7`);
  await database.db.execute(
    sql`insert into job_views (visitor_id, job_id, counted_at, pending)
        values ('visitor-a', ${made[0]!.id}, now(), 1), ('visitor-b', ${made[1]!.id}, now(), 1)`,
  );
  await database.close();
  expected = await contents(original);
  expect(expected.jobs).toHaveLength(40);
  expect(expected.jobs[0]).toMatchObject({ page_url: 'backup-job-0', views: 8 });
});

describe('db:backup and db:restore', () => {
  it('refuses a FILE in a folder that does not exist, in words, before copying', async () => {
    const folder = path.join(root, 'no-such-folder');
    const backup = await quietly(() =>
      runBackup([path.join(folder, 'x.tar.gz')], { DATA_DIR: original }),
    );
    expect(backup.result).toBe(1);
    expect(backup.out).toBe(
      `db:backup refused: the folder ${folder} does not exist; create it or name another FILE.`,
    );
  });

  it('refuses a folder as FILE, with --force too, in words', async () => {
    const backup = await quietly(() => runBackup([root, '--force'], { DATA_DIR: original }));
    expect(backup.result).toBe(1);
    expect(backup.out).toBe(
      `db:backup refused: ${root} is a folder; name a file, such as openings.tar.gz.`,
    );
  });

  it('restores a backup into a fresh directory with every job, company and view count', async () => {
    const file = path.join(root, 'direct.tar.gz');
    const backup = await quietly(() => runBackup([file], { DATA_DIR: original }));
    expect(backup.out).toContain('directly (no server was running)');
    expect(backup.result).toBe(0);

    const fresh = path.join(root, 'fresh');
    const restore = await quietly(() => runRestore([file], { DATA_DIR: fresh }));
    expect(restore.out).toContain('(40 jobs)');
    expect(restore.result).toBe(0);
    expect(await contents(fresh)).toEqual(expected);

    // Not over a database without --force; with it, the old one is kept aside.
    const again = await quietly(() => runRestore([file], { DATA_DIR: fresh }));
    expect(again.result).toBe(1);
    expect(again.out).toContain('already holds a database; add --force');
    const forced = await quietly(() => runRestore([file, '--force'], { DATA_DIR: fresh }));
    expect(forced.result).toBe(0);
    expect(
      readdirSync(fresh).filter((name) => name.startsWith('pglite.before-restore-')),
    ).toHaveLength(1);
    expect(await contents(fresh)).toEqual(expected);
  });

  it('refuses a file that is not a whole backup in one line, leaving nothing behind', async () => {
    const junk = path.join(root, 'junk.tar.gz');
    writeFileSync(junk, 'not a backup at all');
    const whole = readFileSync(path.join(root, 'direct.tar.gz'));
    const cut = path.join(root, 'cut.tar.gz');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    for (const file of [junk, cut]) {
      const into = path.join(root, `from-${path.basename(file)}`);
      const restore = await quietly(() => runRestore([file], { DATA_DIR: into }));
      expect(restore.result).toBe(1);
      expect(restore.out).toMatch(
        new RegExp(
          `^db:restore refused: ${file} is not a copy db:restore can use \\(not a whole gzip file: [^\\n]+\\)$`,
        ),
      );
      expect(readdirSync(into).filter((name) => name.startsWith('pglite'))).toEqual([]);
    }
  });

  it('takes the copy through the running server, and restore refuses its directory', async () => {
    const server = await startServer({ DATA_DIR: original });
    try {
      const file = path.join(root, 'live.tar.gz');
      const backup = await quietly(() => runBackup([file], { DATA_DIR: original }));
      expect(backup.out).toContain(`through the running server (pid ${server.child.pid})`);
      const refused = await quietly(() => runRestore([file, '--force'], { DATA_DIR: original }));
      expect(refused.result).toBe(1);
      expect(refused.out).toContain(`in use by the running server (pid ${server.child.pid}`);

      const fresh = path.join(root, 'from-live');
      expect((await quietly(() => runRestore([file], { DATA_DIR: fresh }))).result).toBe(0);
      expect(await contents(fresh)).toEqual(expected);
    } finally {
      await stopServer(server);
    }
    expect(existsSync(path.join(original, 'lock'))).toBe(false);
  }, 120_000);
});
