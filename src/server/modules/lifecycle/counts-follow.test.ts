// The listing's stored large-result counts (job_counts) follow a job leaving the board, and coming
// back, at once, by every path: the expiry task, the apply-link check, scam reports, an
// operator's unpublish, a company's suspension, the employer's close; and restore, unsuspend, a
// reminder's extend link, the employer's reopening once the link works. The combinations here hold 1,200 jobs, so their counts come from the
// stored table (counts.ts), not from an exact count.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingQuery } from '../../../shared/contract/jobs.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { openReferenceDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { insertJobs, type Reference } from '../../../../test/support/fixtures.ts';
import { createAppDetailsService } from '../app-details/app-details.service.ts';
import { createEmployerJobsService } from '../employer/employer-jobs.service.ts';
import { ownerWithCompany } from '../../../../test/support/employer.ts';
import { recordingMailer } from '../../../../test/support/mailer.ts';
import { createJobsService, type JobsServiceImpl } from '../jobs/jobs.service.ts';
import { createModeration } from '../moderation/moderation.service.ts';
import { createReports } from '../moderation/reports.service.ts';
import { createBoardTasks } from '../tasks/tasks.ts';
import { createJobLinks, hashToken } from './job-lifecycle.ts';
import { createLinkRecovery } from './link-recovery.ts';

const DAY = 86_400_000;
const JOBS = 1_200;
let database: TestDatabase;
let db: Db;
let ref: Reference;
let jobs: JobsServiceImpl;
let companyId: number;
let ownerId: string;
let ids: { id: number; pageUrl: string }[];
let server: http.Server;
let base: string;
const { mailer } = recordingMailer();
const operator = { id: 'op', email: 'op@board.example' };
/** What every service calls after a job entered or left the board (app.ts publicChanged). */
const publicChanged = () => jobs.reloadCounts();

beforeAll(async () => {
  ({ database, db, ref } = await openReferenceDatabase());
  ({
    owner: { id: ownerId },
    companyId,
  } = await ownerWithCompany(db));
  ids = await insertJobs(
    db,
    ref,
    Array.from({ length: JOBS }, (_, i) => ({
      companyId,
      createdBy: ownerId,
      experienceLevelId: i % 2,
    })),
  );
  jobs = createJobsService(db);
  await jobs.refreshCounts();
  server = http.createServer((req, res) => {
    res.writeHead(req.url === '/works' ? 200 : 404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await database.close();
});

const parse = (query: Record<string, string>) => listingQuery.parse({ pageSize: '1', ...query });
const count = async (query: Record<string, string>) => (await jobs.list(parse(query))).noofJobs;
const all = () => count({});
const ofCompany = () => count({ company: String(companyId) });

const moderation = () =>
  createModeration(db, {
    mailer,
    publicUrl: 'http://board.test',
    appDetails: createAppDetailsService(db),
    onPublicChange: publicChanged,
  });

describe('stored counts', () => {
  it('answer the large combinations from the stored table', async () => {
    expect((await jobs.plan(parse({}))).stored).toBe(JOBS);
    expect((await jobs.plan(parse({ company: String(companyId) }))).stored).toBe(JOBS);
    expect(await all()).toBe(JOBS);
  });

  it('drop at once when a job leaves the board by any path, and rise when it comes back', async () => {
    let expected = JOBS;
    const check = async () => {
      expect(await all()).toBe(expected);
      expect(await ofCompany()).toBe(expected);
      // Still answered from the stored table: the exact count would be right by itself.
      expect((await jobs.plan(parse({}))).stored).toBe(expected);
    };
    const [expiring, linkBroken, reported, unpublished, closed] = ids;

    // The expiry task, after the closing date passed (the listing dropped it already by the clock;
    // the stored counts follow when the task switches it off).
    await db.execute(
      sql`update jobs set valid_through = ${new Date(Date.now() + DAY)} where id = ${expiring!.id}`,
    );
    const later = new Date(Date.now() + 2 * DAY);
    const tasks = (now: Date) =>
      createBoardTasks(db, {
        mailer,
        publicUrl: 'http://board.test',
        now: () => now,
        refreshCounts: () => jobs.refreshCounts(),
        linkCheckAllowPrivate: true,
        onPublicChange: publicChanged,
      });
    await tasks(later).runNow('expire-jobs');
    expected -= 1;
    await check();

    // A reminder's extend link brings the expired job back.
    const token = 'extend-token-0123456789abcdef';
    await db.execute(sql`insert into job_action_tokens (token_hash, job_id, kind, action, expires_at)
      values (${hashToken(token)}, ${expiring!.id}, 'test', 'extend', ${new Date(Date.now() + 30 * DAY)})`);
    expect(await createJobLinks(db, undefined, publicChanged).use(token)).toMatchObject({
      status: 'done',
    });
    expected += 1;
    await check();

    // Two failed apply-link checks a day apart close the job.
    await db.execute(
      sql`update jobs set apply_link = ${`${base}/gone`} where id = ${linkBroken!.id}`,
    );
    await tasks(new Date()).runNow('apply-link-checks');
    await check();
    await tasks(new Date(Date.now() + 21 * 3_600_000)).runNow('apply-link-checks');
    expect(
      (
        await queryRows<{ status: string }>(
          db,
          sql`select status from jobs where id = ${linkBroken!.id}`,
        )
      )[0]?.status,
    ).toBe('closed');
    expected -= 1;
    await check();

    // Its link works again (corrected): the employer reopens it.
    await db.execute(
      sql`update jobs set apply_link = ${`${base}/works`} where id = ${linkBroken!.id}`,
    );
    const recovery = createLinkRecovery(db, { allowPrivate: true, onPublicChange: publicChanged });
    expect(await recovery.reopen(ownerId, linkBroken!.id)).toEqual({
      ok: true,
      value: { status: 'live' },
    });
    expected += 1;
    await check();

    // Scam reports from three networks hide a job; an operator restores it.
    for (const visitorId of ['v1', 'v2', 'v3']) {
      const sent = await createReports(
        db,
        { visitorId, address: `198.51.${100 + Number(visitorId.slice(1))}.7` },
        { onPublicChange: publicChanged },
      ).report({ pageUrl: reported!.pageUrl, reason: 'scam', details: '' });
      expect(sent.ok).toBe(true);
    }
    expected -= 1;
    await check();
    expect(await moderation().decideReports(operator, reported!.id, 'restore')).toEqual({
      ok: true,
    });
    expected += 1;
    await check();

    // An operator unpublishes one.
    expect(await moderation().unpublish(operator, unpublished!.id)).toEqual({ ok: true });
    expected -= 1;
    await check();

    // The employer closes one.
    const employerJobs = createEmployerJobsService(db, { onPublicChange: publicChanged });
    expect((await employerJobs.close(ownerId, closed!.id)).ok).toBe(true);
    expected -= 1;
    await check();

    // A suspended company's jobs all leave at once, and come back with it.
    expect(await moderation().setCompanyFlag(operator, companyId, 'suspended', true)).toEqual({
      ok: true,
    });
    expect(await all()).toBe(0);
    expect(await ofCompany()).toBe(0);
    expect(await moderation().setCompanyFlag(operator, companyId, 'suspended', false)).toEqual({
      ok: true,
    });
    await check();

    // The stored table agrees with a recount from scratch.
    await jobs.refreshCounts();
    await check();
  });

  it('reach another server within seconds', async () => {
    const other = createJobsService(db);
    const onOther = async () => (await other.list(parse({}))).noofJobs;
    const before = await onOther();
    expect(before).toBe(await all());
    expect(await moderation().unpublish(operator, ids[10]!.id)).toEqual({ ok: true });
    expect(await all()).toBe(before - 1);
    // The other server answers from its copy, which it reads again within COUNTS_RELOAD_MS.
    await expect.poll(onOther, { timeout: 10_000, interval: 500 }).toBe(before - 1);
  });

  it('leave the view counter and other edits that move no job alone', async () => {
    const [before] = await queryRows<{ n: number }>(
      db,
      sql`select n from job_counts where company_id = 0 and role_id = 0 and city_id = 0
          and experience_level_id = -1 and work_mode = '' and salary_stated = -1`,
    );
    await db.execute(sql`update jobs set views = views + 1, title = title || '!'`);
    const [after] = await queryRows<{ n: number }>(
      db,
      sql`select n from job_counts where company_id = 0 and role_id = 0 and city_id = 0
          and experience_level_id = -1 and work_mode = '' and salary_stated = -1`,
    );
    expect(after?.n).toBe(before?.n);
  });
});
