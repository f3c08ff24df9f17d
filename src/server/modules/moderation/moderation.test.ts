// The operators' services on a real database: scam reports from three networks hide a
// job until an operator restores it; rejection with a reason mails the employer; suspension takes
// a company's jobs off the board; the review queue flags duplicates; the audit log cannot change.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '../../../shared/dates.ts';
import type { SaveOutcome } from '../../../shared/employer-services.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { openReferenceDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import type { Reference } from '../../../../test/support/fixtures.ts';
import { createAppDetailsService } from '../app-details/app-details.service.ts';
import { createJobsService } from '../jobs/jobs.service.ts';
import {
  companyForm,
  employerServices,
  insertAccount,
  ownerWithCompany,
  submitJob,
  validForm,
} from '../../../../test/support/employer.ts';
import { insertAppDetails } from '../../../../test/support/api-rows.ts';
import { recordingMailer } from '../../../../test/support/mailer.ts';
import { createModeration } from './moderation.service.ts';
import { createOperators } from './operators.service.ts';
import { createReports, networkOf } from './reports.service.ts';

let database: TestDatabase;
let db: Db;
let ref: Reference;
let ownerId: string;
let verifiedCompany: number;
let otherCompany: number;
const { mails, mailer } = recordingMailer();
let moderation: ReturnType<typeof createModeration>;
const actor = { id: 'op', email: 'op@board.example' };

beforeAll(async () => {
  ({ database, db, ref } = await openReferenceDatabase());
  const { owner, companyId } = await ownerWithCompany(db);
  ownerId = owner.id;
  verifiedCompany = companyId;
  const b = await employerServices(db).companies.create(
    owner,
    companyForm('Gamma Co', 'https://gamma.other'),
  );
  if (!b.ok) throw new Error('no company');
  otherCompany = b.value.companyId;
  moderation = createModeration(db, {
    mailer,
    publicUrl: 'http://board.test',
    appDetails: createAppDetailsService(db),
  });
});
afterAll(() => database.close());

const submit = (companyId: number, title = 'Backend Engineer', by = ownerId) =>
  submitJob(db, by, companyId, validForm(ref, { title }));
const stateOf = async (id: number) =>
  (
    await queryRows<{
      status: string;
      is_active: boolean;
      hidden_reason: string | null;
      rejection_reason: string | null;
    }>(
      db,
      sql`select status, is_active, hidden_reason, rejection_reason from jobs where id = ${id}`,
    )
  )[0];

describe('reports', () => {
  it('hides a job after scam reports from three networks, until an operator restores it', async () => {
    const job = await submit(verifiedCompany);
    expect(job.status).toBe('live');
    const report = (visitorId: string, address: string) =>
      createReports(db, { visitorId, address }).report({
        pageUrl: job.pageUrl!,
        reason: 'scam',
        details: 'asks for a fee',
      });
    expect(await report('v1', '198.51.100.7')).toEqual({ ok: true, hidden: false });
    expect(await report('v1', '198.51.100.7')).toEqual({ ok: true, hidden: false }); // again
    // New visitor cookies cost nothing: more of them from the same network do not hide the job.
    expect(await report('v2', '198.51.100.8')).toEqual({ ok: true, hidden: false });
    expect(await report('v3', '198.51.100.9')).toEqual({ ok: true, hidden: false });
    expect(await report('v4', '2001:db8:1:2::5')).toEqual({ ok: true, hidden: false });
    expect(await report('v5', '2001:db8:1:2:ffff::9')).toEqual({ ok: true, hidden: false });
    expect((await stateOf(job.jobId!))?.is_active).toBe(true);
    expect(await report('v6', '::ffff:203.0.113.4')).toEqual({ ok: true, hidden: true });
    expect(await stateOf(job.jobId!)).toMatchObject({
      is_active: false,
      hidden_reason: 'reported as a scam',
    });
    const [group] = (await moderation.reports()).filter((r) => r.jobId === job.jobId);
    expect(group).toMatchObject({ reasons: { scam: 6 }, hiddenReason: 'reported as a scam' });
    expect(JSON.stringify(group)).not.toMatch(/v1|198\.51/);
    expect(await moderation.decideReports(actor, job.jobId!, 'restore')).toEqual({ ok: true });
    expect(await stateOf(job.jobId!)).toMatchObject({ is_active: true, hidden_reason: null });
    expect((await moderation.reports()).some((r) => r.jobId === job.jobId)).toBe(false);
  });

  it('groups client addresses by network', () => {
    expect(networkOf('198.51.100.7')).toBe('198.51.100.0/24');
    expect(networkOf('::ffff:198.51.100.7')).toBe('198.51.100.0/24');
    expect(networkOf('2001:db8:1:2::5')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
  });

  it('refuses unknown reasons and limits reports per visitor per hour', async () => {
    const job = await submit(verifiedCompany, 'Data Engineer');
    const reports = createReports(db, { visitorId: 'busy', address: '203.0.113.9' });
    expect(
      await reports.report({ pageUrl: job.pageUrl!, reason: 'meh', details: '' }),
    ).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    const others = await Promise.all(
      ['A', 'B', 'C', 'D', 'E'].map((t) => submit(verifiedCompany, `Role ${t}`)),
    );
    for (const o of others) {
      expect(
        await reports.report({ pageUrl: o.pageUrl!, reason: 'other', details: '' }),
      ).toMatchObject({ ok: true });
    }
    expect(
      await reports.report({ pageUrl: job.pageUrl!, reason: 'other', details: '' }),
    ).toMatchObject({
      ok: false,
      reason: 'rate-limited',
    });
  });
});

describe('review and companies', () => {
  it('rejects with a reason the employer sees and gets by e-mail; approves; flags duplicates', async () => {
    const live = await submit(verifiedCompany, 'Senior Backend Engineer');
    await db.execute(sql`update companies set verified = false where id = ${verifiedCompany}`);
    const dup = await submit(verifiedCompany, 'Senior Backend Engineer II');
    const fresh = await submit(verifiedCompany, 'Gardener');
    expect(dup.status).toBe('in_review');
    const queue = await moderation.reviewQueue();
    expect(queue.find((q) => q.id === dup.jobId)?.duplicateOf?.id).toBe(live.jobId);
    expect(queue.find((q) => q.id === fresh.jobId)?.duplicateOf).toBeNull();
    mails.length = 0;
    expect(await moderation.reject(actor, dup.jobId!, 'Nope', '')).toMatchObject({ ok: false });
    // A message too long for the employer is refused whole, not cut short without a word.
    expect(await moderation.reject(actor, dup.jobId!, 'Other', 'x'.repeat(1001))).toMatchObject({
      ok: false,
      message: expect.stringContaining('at most 1000 characters') as unknown,
    });
    expect(
      await moderation.reject(
        actor,
        dup.jobId!,
        'Duplicate of another posting',
        'Same as your live job',
      ),
    ).toEqual({ ok: true });
    expect(await stateOf(dup.jobId!)).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Duplicate of another posting: Same as your live job',
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'owner@alpha.example' });
    expect(mails[0]?.text).toContain('Reason: Duplicate of another posting: Same as your live job');
    expect(mails[0]?.text).toContain('You can edit the job on your dashboard and submit it again.');
    const rows = await employerServices(db).jobs.list(ownerId, verifiedCompany, 'rejected');
    expect(rows.ok && rows.value.map((r) => r.rejectionReason)).toEqual([
      'Duplicate of another posting: Same as your live job',
    ]);
    expect(await moderation.approve(actor, fresh.jobId!)).toEqual({ ok: true });
    expect(await stateOf(fresh.jobId!)).toMatchObject({ status: 'live', is_active: true });
  });

  it('tells the employer of a job synced from its ATS board to correct it on the board', async () => {
    const job = await submit(verifiedCompany, 'Board Welder');
    const [board] = await queryRows<{ id: number }>(
      db,
      sql`insert into ats_connections (company_id, source, board_id)
          values (${verifiedCompany}, 'greenhouse', 'alpha-board') returning id`,
    );
    await db.execute(sql`update jobs set status = 'in_review', is_active = false,
      ats_connection_id = ${board!.id} where id = ${job.jobId!}`);
    mails.length = 0;
    expect(
      await moderation.reject(actor, job.jobId!, 'Missing or misleading information', ''),
    ).toEqual({
      ok: true,
    });
    // Edits on the dashboard would be replaced by the board's next change to the posting.
    expect(mails[0]?.text).toContain(
      'This job comes from your Greenhouse board "alpha-board". Correct the posting there',
    );
    expect(mails[0]?.text).not.toContain('edit the job on your dashboard');
  });

  it("dates a job's Posted by its first approval, and keeps the date of one live before", async () => {
    const postedOf = async (id: number) =>
      new Date(
        (
          await queryRows<{ posted_at: Date | string }>(
            db,
            sql`select posted_at from jobs where id = ${id}`,
          )
        )[0]!.posted_at,
      ).getTime();
    const weekAgo = new Date(Date.now() - 7 * 86_400_000);
    // Sent a week ago and approved today: posted today.
    const fresh = await submit(otherCompany, 'Late Reviewer');
    expect(fresh.status).toBe('in_review');
    await db.execute(sql`update jobs set posted_at = ${weekAgo} where id = ${fresh.jobId!}`);
    const before = Date.now();
    expect(await moderation.approve(actor, fresh.jobId!)).toEqual({ ok: true });
    expect(await postedOf(fresh.jobId!)).toBeGreaterThanOrEqual(before - 1000);
    // Live before, back in review after an edit: its Posted stands.
    await db.execute(sql`update jobs set status = 'in_review', is_active = false,
      posted_at = ${weekAgo} where id = ${fresh.jobId!}`);
    expect(await moderation.approve(actor, fresh.jobId!)).toEqual({ ok: true });
    expect(await postedOf(fresh.jobId!)).toBe(weekAgo.getTime());
  });

  it('suspending a company takes its live jobs off the board at once, and back', async () => {
    await db.execute(sql`update companies set verified = true where id = ${otherCompany}`);
    const job = await submit(otherCompany, 'Plumber');
    expect(await moderation.setCompanyFlag(actor, otherCompany, 'suspended', true)).toEqual({
      ok: true,
    });
    expect(await stateOf(job.jobId!)).toMatchObject({
      is_active: false,
      hidden_reason: 'company suspended',
    });
    expect(await moderation.setCompanyFlag(actor, otherCompany, 'suspended', false)).toEqual({
      ok: true,
    });
    expect(await stateOf(job.jobId!)).toMatchObject({ is_active: true, hidden_reason: null });
  });
});

describe('the questions asked before a job or a company is taken down', () => {
  it('names the job an unpublish would close, and refuses one that is not live or in review', async () => {
    const job = await submit(verifiedCompany, 'Lamplighter');
    const before = await stateOf(job.jobId!);
    expect(await moderation.unpublishPreview(job.jobId!, false)).toEqual({
      ok: true,
      title: 'Lamplighter',
      companyName: 'Alpha Labs',
    });
    // Asking changed nothing.
    expect(await stateOf(job.jobId!)).toEqual(before);
    expect(await moderation.unpublishPreview(999_999, false)).toEqual({
      ok: false,
      message: 'No such job',
    });
    expect(await moderation.unpublish(actor, job.jobId!)).toEqual({ ok: true });
    // Already closed (another operator was first): the question is refused, saying what happened
    // to it; from the reports list it may still be closed with its reports. A confirmed unpublish
    // pressed again finds it done (tested below).
    expect(await moderation.unpublishPreview(job.jobId!, false)).toEqual({
      ok: false,
      message:
        '“Lamplighter” was unpublished already by an operator, so it is not on the board. Nothing was changed.',
    });
    expect(await moderation.unpublishPreview(job.jobId!, true)).toMatchObject({ ok: true });
  });

  it('says how many live jobs a suspension would hide, and refuses a company suspended already', async () => {
    const { owner, companyId } = await ownerWithCompany(db, {
      email: 'owner@epsilon.example',
      name: 'Epsilon',
      website: 'https://epsilon.example',
    });
    await db.execute(sql`update companies set verified = true where id = ${companyId}`);
    await submit(companyId, 'Epsilon Engineer', owner.id);
    const hidden = await submit(companyId, 'Epsilon Analyst', owner.id);
    await db.execute(
      sql`update jobs set hidden_reason = ${'reported as a scam'}, is_active = false where id = ${hidden.jobId!}`,
    );
    // Only the job a suspension takes off the board counts (the other is hidden already).
    expect(await moderation.suspendPreview(companyId)).toEqual({
      ok: true,
      companyName: 'Epsilon',
      liveJobs: 1,
    });
    expect(await moderation.suspendPreview(999_999)).toEqual({
      ok: false,
      message: 'No such company',
    });
    expect(await moderation.setCompanyFlag(actor, companyId, 'suspended', true)).toEqual({
      ok: true,
    });
    expect(await moderation.suspendPreview(companyId)).toEqual({
      ok: false,
      message: 'Epsilon is suspended already',
    });
  });
});

describe('what the employer is told', () => {
  it('mails the employer when our team closes a job or suspends the company, not when nothing changed', async () => {
    const { owner, companyId } = await ownerWithCompany(db, {
      email: 'owner@iota.example',
      name: 'Iota',
      website: 'https://iota.example',
    });
    await db.execute(sql`update companies set verified = true where id = ${companyId}`);
    const unpublished = await submit(companyId, 'Iota Engineer', owner.id);
    const reported = await submit(companyId, 'Iota Analyst', owner.id);
    mails.length = 0;
    expect(await moderation.unpublish(actor, unpublished.jobId!)).toEqual({ ok: true });
    expect(await moderation.decideReports(actor, reported.jobId!, 'unpublish')).toEqual({
      ok: true,
    });
    // Closed already: the reports are closed, but the employer hears nothing new.
    expect(await moderation.decideReports(actor, reported.jobId!, 'unpublish')).toEqual({
      ok: true,
    });
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['owner@iota.example', '"Iota Engineer" was closed by our team'],
      ['owner@iota.example', '"Iota Analyst" was closed by our team'],
    ]);
    expect(mails[1]?.text).toContain('because visitors reported it');
    expect(mails[0]?.text).toContain('http://board.test/contact');
    mails.length = 0;
    await moderation.setCompanyFlag(actor, companyId, 'suspended', true);
    await moderation.setCompanyFlag(actor, companyId, 'suspended', true);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['owner@iota.example', 'Iota was suspended on Openings'],
    ]);
  });

  it('mails the employer a job approved: live, or shown once the suspension is lifted, which is mailed too', async () => {
    const { owner, companyId } = await ownerWithCompany(db, {
      email: 'owner@rho.example',
      name: 'Rho',
      website: 'https://rho.example',
    });
    await db.execute(sql`update companies set verified = false where id = ${companyId}`);
    const [live, later, lapsed, reported] = await Promise.all(
      ['Rho Engineer', 'Rho Analyst', 'Rho Designer', 'Rho Tester'].map((t) =>
        submit(companyId, t, owner.id),
      ),
    );
    expect(later!.status).toBe('in_review');
    mails.length = 0;
    expect(await moderation.approve(actor, live!.jobId!)).toEqual({ ok: true });
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['owner@rho.example', '"Rho Engineer" is live on Openings'],
    ]);
    const [{ valid_through: closing } = { valid_through: '' }] = await queryRows<{
      valid_through: Date | string;
    }>(db, sql`select valid_through from jobs where id = ${live!.jobId!}`);
    const jobUrl = `http://board.test/job-description/${live!.pageUrl!}`;
    expect(mails[0]?.text).toContain(
      `We approved your job "Rho Engineer": job seekers see it on the board now. It stays listed until ${formatDay(new Date(closing))}.`,
    );
    expect(mails[0]?.text).toContain(`See your job:\n${jobUrl}`);
    expect(mails[0]?.text).toContain(
      'Edit or close it from your dashboard:\nhttp://board.test/employer',
    );
    expect(mails[0]?.text).toMatch(/\n\n— Openings$/);
    expect(mails[0]?.html).toContain(`href="${jobUrl}"`);

    // Still hidden for its scam reports, which an operator decides under Reports: it is not live.
    await db.execute(
      sql`update jobs set hidden_reason = 'reported as a scam' where id = ${reported!.jobId!}`,
    );
    mails.length = 0;
    expect(await moderation.approve(actor, reported!.jobId!)).toEqual({ ok: true });
    expect(await stateOf(reported!.jobId!)).toMatchObject({ status: 'live', is_active: false });
    expect(mails).toEqual([]);

    // Approved while its company is suspended: hidden with the company's other jobs, and said so.
    expect(await moderation.approve(actor, lapsed!.jobId!)).toEqual({ ok: true });
    await moderation.setCompanyFlag(actor, companyId, 'suspended', true);
    mails.length = 0;
    expect(await moderation.approve(actor, later!.jobId!)).toEqual({ ok: true });
    expect(await stateOf(later!.jobId!)).toMatchObject({
      status: 'live',
      is_active: false,
      hidden_reason: 'company suspended',
    });
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['owner@rho.example', '"Rho Analyst" was approved'],
    ]);
    expect(mails[0]?.text).toContain(
      'We approved your job "Rho Analyst". It shows on the board once the suspension of Rho is lifted.',
    );

    // Lifted: its owners are told once, with the jobs back on the board (not one whose closing
    // date passed meanwhile).
    await db.execute(
      sql`update jobs set valid_through = now() - interval '1 day' where id = ${lapsed!.jobId!}`,
    );
    mails.length = 0;
    await moderation.setCompanyFlag(actor, companyId, 'suspended', false);
    await moderation.setCompanyFlag(actor, companyId, 'suspended', false);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['owner@rho.example', 'Rho can post again on Openings'],
    ]);
    expect(mails[0]?.text).toContain(
      'Our team has lifted the suspension of Rho. Its company page is back, and jobs can be posted and edited again.\n\nIts 2 live jobs are back on the board.',
    );
    expect(await stateOf(later!.jobId!)).toMatchObject({ is_active: true, hidden_reason: null });
  });
});

describe('a second press of an action, or another operator who did the same first', () => {
  const audited = async () =>
    (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from audit_log`))[0]!.n;
  const report = (pageUrl: string, visitorId: string) =>
    createReports(db, { visitorId, address: `192.0.2.${visitorId.length}` }).report({
      pageUrl,
      reason: 'other',
      details: '',
    });

  it('answers done when what was asked holds already, and changes, audits and mails nothing again', async () => {
    const { owner, companyId } = await ownerWithCompany(db, {
      email: 'owner@kappa.example',
      name: 'Kappa',
      website: 'https://kappa.example',
    });
    await db.execute(sql`update companies set verified = false where id = ${companyId}`);
    const approved = await submit(companyId, 'Kappa Approved', owner.id);
    const rejected = await submit(companyId, 'Kappa Rejected', owner.id);
    expect(approved.status).toBe('in_review');
    await db.execute(sql`update companies set verified = true where id = ${companyId}`);
    const restored = await submit(companyId, 'Kappa Restored', owner.id);
    const reported = await submit(companyId, 'Kappa Reported', owner.id);
    const unpublished = await submit(companyId, 'Kappa Unpublished', owner.id);
    expect(await report(restored.pageUrl!, 'r1')).toMatchObject({ ok: true });
    expect(await report(reported.pageUrl!, 'r2')).toMatchObject({ ok: true });
    const reason = 'Missing or misleading information';
    const into = await ownerWithCompany(db, {
      email: 'owner@kappa-into.example',
      name: 'Kappa Into',
      website: 'https://kappa-into.example',
    });
    await insertAppDetails(db);

    const twice = [
      () => moderation.approve(actor, approved.jobId!),
      () => moderation.reject(actor, rejected.jobId!, reason, 'No salary'),
      () => moderation.decideReports(actor, restored.jobId!, 'restore'),
      () => moderation.decideReports(actor, reported.jobId!, 'unpublish'),
      () => moderation.unpublish(actor, unpublished.jobId!),
      () => moderation.setCompanyFlag(actor, companyId, 'verified', false),
      () => moderation.setCompanyFlag(actor, companyId, 'suspended', true),
      () => moderation.setCompanyFlag(actor, companyId, 'suspended', false),
      () => moderation.mergeCompanies(actor, companyId, into.companyId),
      () => moderation.setMaintenance(actor, true),
      () => moderation.setMaintenance(actor, false),
    ];
    for (const action of twice) {
      expect(await action()).toEqual({ ok: true });
      const states = await queryRows(
        db,
        sql`select id, status, is_active, hidden_reason,
        rejection_reason, closed_at, updated_at from jobs where company_id in (${companyId}, ${into.companyId}) order by id`,
      );
      const entries = await audited();
      mails.length = 0;
      // The second press: done, as the first was, and nothing written, audited or mailed.
      expect(await action()).toEqual({ ok: true });
      expect(
        await queryRows(
          db,
          sql`select id, status, is_active, hidden_reason,
        rejection_reason, closed_at, updated_at from jobs where company_id in (${companyId}, ${into.companyId}) order by id`,
        ),
      ).toEqual(states);
      expect(await audited()).toBe(entries);
      expect(mails).toEqual([]);
    }
    expect(await stateOf(approved.jobId!)).toMatchObject({ status: 'live' });
    expect(await stateOf(rejected.jobId!)).toMatchObject({
      status: 'rejected',
      rejection_reason: `${reason}: No salary`,
    });
  });

  it('refuses what was decided otherwise meanwhile, saying how', async () => {
    const { owner, companyId } = await ownerWithCompany(db, {
      email: 'owner@lambda.example',
      name: 'Lambda',
      website: 'https://lambda.example',
    });
    await db.execute(sql`update companies set verified = false where id = ${companyId}`);
    const job = await submit(companyId, 'Lambda Engineer', owner.id);
    const closedJob = await submit(companyId, 'Lambda Analyst', owner.id);
    expect(await moderation.reject(actor, job.jobId!, 'Not a real job opening', '')).toEqual({
      ok: true,
    });
    // Rejected meanwhile: an approval would overrule it (the employer was told it is not published).
    expect(await moderation.approve(actor, job.jobId!)).toEqual({
      ok: false,
      message: 'Only a job in review can be approved (this one is rejected)',
    });
    // Rejected for another reason: this operator's message was never sent.
    mails.length = 0;
    expect(await moderation.reject(actor, job.jobId!, 'Other', 'Typo in the title')).toEqual({
      ok: false,
      message:
        '“Lambda Engineer” was rejected already, for another reason: Not a real job opening. The employer was not e-mailed again.',
    });
    expect(mails).toEqual([]);
    expect(await stateOf(job.jobId!)).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Not a real job opening',
    });
    // As its company's Close leaves it: no reason of ours.
    await db.execute(sql`update jobs set status = 'closed', is_active = false,
      closed_reason = null where id = ${closedJob.jobId!}`);
    expect(await moderation.approve(actor, closedJob.jobId!)).toEqual({
      ok: false,
      message: 'Only a job in review can be approved (this one is closed)',
    });
    // Closed by its company, not by an operator: the unpublish did not happen, and it says so.
    expect(await moderation.unpublish(actor, closedJob.jobId!)).toEqual({
      ok: false,
      message:
        '“Lambda Analyst” was closed already by its employer, so it is not on the board. Nothing was changed.',
    });
    expect(await moderation.unpublishPreview(closedJob.jobId!, false)).toMatchObject({
      message:
        '“Lambda Analyst” was closed already by its employer, so it is not on the board. Nothing was changed.',
    });

    await db.execute(sql`update companies set verified = true where id = ${companyId}`);
    const live = await submit(companyId, 'Lambda Designer', owner.id);
    expect(await report(live.pageUrl!, 'r3')).toMatchObject({ ok: true });
    expect(await moderation.decideReports(actor, live.jobId!, 'restore')).toEqual({ ok: true });
    expect(await moderation.decideReports(actor, live.jobId!, 'unpublish')).toEqual({
      ok: false,
      message:
        'Its reports were dismissed already and the job restored: unpublish it from “Any job” if it must go',
    });
    expect(await stateOf(live.jobId!)).toMatchObject({ status: 'live', is_active: true });
    expect(await report(live.pageUrl!, 'r4')).toMatchObject({ ok: true });
    expect(await moderation.decideReports(actor, live.jobId!, 'unpublish')).toEqual({ ok: true });
    expect(await moderation.decideReports(actor, live.jobId!, 'restore')).toEqual({
      ok: false,
      message: 'Its reports were decided already: the job was unpublished',
    });
    expect(await stateOf(live.jobId!)).toMatchObject({ status: 'closed', is_active: false });
  });
});

describe('a stale page: another operator decided first, what this one saw moved', () => {
  const other = { id: 'op2', email: 'op2@board.example' };
  const audited = async () =>
    (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from audit_log`))[0]!.n;
  /** `action` is refused with `message`, and writes, audits and mails nothing. */
  async function refusedUnchanged(action: () => Promise<unknown>, message: string) {
    const jobs = sql`select id, status, is_active, hidden_reason, rejection_reason, closed_reason,
      updated_at, company_id from jobs order by id`;
    const companies = sql`select id, verified, suspended, merged_into_id from companies order by id`;
    const before = [await queryRows(db, jobs), await queryRows(db, companies), await audited()];
    mails.length = 0;
    expect(await action()).toEqual({ ok: false, message });
    expect([await queryRows(db, jobs), await queryRows(db, companies), await audited()]).toEqual(
      before,
    );
    expect(mails).toEqual([]);
  }

  it('refuses a Reject of a job approved meanwhile (it stays live), and an Approve made already', async () => {
    const { owner, companyId } = await ownerWithCompany(db, {
      email: 'owner@mu.example',
      name: 'Mu Gadgets',
      website: 'https://mu.example',
    });
    await db.execute(sql`update companies set verified = false where id = ${companyId}`);
    const job = await submit(companyId, 'Gadget Support Engineer', owner.id);
    expect(job.status).toBe('in_review');
    expect(await moderation.approve(other, job.jobId!)).toEqual({ ok: true });
    // Seen in review (the queue, the preview), as a form that posts no status reads too.
    for (const seen of ['in_review', undefined] as const) {
      await refusedUnchanged(
        () => moderation.reject(actor, job.jobId!, 'Not a real job opening', '', seen),
        '“Gadget Support Engineer” was approved already, by another operator (it is live). Nothing was changed. If it must still go, unpublish it under “Any job”.',
      );
    }
    await refusedUnchanged(
      () => moderation.approve(actor, job.jobId!),
      '“Gadget Support Engineer” was approved already, by another operator (it is live). Nothing was changed.',
    );
    expect(await stateOf(job.jobId!)).toMatchObject({ status: 'live', is_active: true });

    // "Any job" showed it live: a Reject then does what the operator saw it would, and the
    // employer reads that the published job was taken off, not that it was never published.
    mails.length = 0;
    expect(
      await moderation.reject(actor, job.jobId!, 'Not a real job opening', '', 'live'),
    ).toEqual({ ok: true });
    expect(await stateOf(job.jobId!)).toMatchObject({ status: 'rejected', is_active: false });
    expect(mails.map((m) => m.subject)).toEqual([
      '"Gadget Support Engineer" was taken off Openings',
    ]);
    expect(mails[0]?.text).toContain('We took your job "Gadget Support Engineer" off the board');

    // Shown live, but back in review since (its words changed): refused too.
    const again = await submit(companyId, 'Gadget Support Engineer II', owner.id);
    await refusedUnchanged(
      () => moderation.reject(actor, again.jobId!, 'Not a real job opening', '', 'live'),
      '“Gadget Support Engineer II” is in review again (its words changed since it went live). Nothing was changed. Decide on it in the review queue.',
    );
    // Rejected by another operator for the same reason as this one's: it was not this press.
    expect(await moderation.reject(other, again.jobId!, 'Not a real job opening', '')).toEqual({
      ok: true,
    });
    await refusedUnchanged(
      () => moderation.reject(actor, again.jobId!, 'Not a real job opening', ''),
      '“Gadget Support Engineer II” was rejected already, by another operator, for the same reason. The employer was not e-mailed again.',
    );
  });

  it('refuses an Unpublish, a report decision, a flag and a merge another operator made first', async () => {
    const { owner, companyId } = await ownerWithCompany(db, {
      email: 'owner@nu.example',
      name: 'Nu Works',
      website: 'https://nu.example',
    });
    await db.execute(sql`update companies set verified = true where id = ${companyId}`);
    const unpublished = await submit(companyId, 'Nu Unpublished', owner.id);
    expect(await moderation.unpublish(other, unpublished.jobId!)).toEqual({ ok: true });
    await refusedUnchanged(
      () => moderation.unpublish(actor, unpublished.jobId!),
      '“Nu Unpublished” was unpublished already, by another operator, so it is not on the board. Nothing was changed.',
    );

    for (const decision of ['restore', 'unpublish'] as const) {
      const reported = await submit(companyId, `Nu Reported ${decision}`, owner.id);
      expect(
        await createReports(db, { visitorId: `nu-${decision}`, address: '192.0.2.77' }).report({
          pageUrl: reported.pageUrl!,
          reason: 'other',
          details: '',
        }),
      ).toMatchObject({ ok: true });
      expect(await moderation.decideReports(other, reported.jobId!, decision)).toEqual({
        ok: true,
      });
      await refusedUnchanged(
        () => moderation.decideReports(actor, reported.jobId!, decision),
        decision === 'restore'
          ? 'Its reports were dismissed already, by another operator, and the job restored. Nothing was changed.'
          : 'Its reports were decided already, by another operator: the job was unpublished. Nothing was changed.',
      );
    }

    const name = `Nu Works #${companyId}`;
    // Never suspended by anyone: it says how the company is.
    await refusedUnchanged(
      () => moderation.setCompanyFlag(actor, companyId, 'suspended', false),
      `${name} is not suspended. Nothing was changed.`,
    );
    for (const [flag, on, done] of [
      ['verified', false, 'unverified'],
      ['verified', true, 'verified'],
      ['suspended', true, 'suspended'],
      ['suspended', false, 'unsuspended'],
    ] as const) {
      expect(await moderation.setCompanyFlag(other, companyId, flag, on)).toEqual({ ok: true });
      await refusedUnchanged(
        () => moderation.setCompanyFlag(actor, companyId, flag, on),
        `${name} was ${done} already, by another operator. Nothing was changed.`,
      );
    }

    const into = await ownerWithCompany(db, {
      email: 'owner@nu-into.example',
      name: 'Nu Into',
      website: 'https://nu-into.example',
    });
    expect(await moderation.mergeCompanies(other, companyId, into.companyId)).toEqual({ ok: true });
    await refusedUnchanged(
      () => moderation.mergeCompanies(actor, companyId, into.companyId),
      `${name} was merged into Nu Into #${into.companyId} already, by another operator. Nothing was changed.`,
    );
  });
});

describe('merging companies', () => {
  it('says what a merge would do, then does it: jobs move, members join as members, the company is suspended', async () => {
    const dup = await ownerWithCompany(db, {
      email: 'owner@delta-dup.example',
      name: 'Delta Dup',
      website: 'https://delta-dup.example',
    });
    const into = await ownerWithCompany(db, {
      email: 'owner@delta.example',
      name: 'Delta',
      website: 'https://delta.example',
    });
    await submit(dup.companyId, 'Delta Engineer', dup.owner.id);
    await submit(dup.companyId, 'Delta Analyst', dup.owner.id);
    expect(await moderation.mergePreview(dup.companyId, into.companyId)).toEqual({
      ok: true,
      fromName: 'Delta Dup',
      intoName: 'Delta',
      jobs: 2,
      members: 1,
    });
    expect(await moderation.mergePreview(dup.companyId, dup.companyId)).toEqual({
      ok: false,
      message: 'A company cannot be merged into itself',
    });
    expect(await moderation.mergePreview(dup.companyId, 999_999)).toEqual({
      ok: false,
      message: 'No such company',
    });
    // Looking changed nothing.
    const jobsOf = async (companyId: number) =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from jobs where company_id = ${companyId}`,
        )
      )[0]!.n;
    expect(await jobsOf(dup.companyId)).toBe(2);

    expect(await moderation.mergeCompanies(actor, dup.companyId, into.companyId)).toEqual({
      ok: true,
    });
    expect(await jobsOf(dup.companyId)).toBe(0);
    expect(await jobsOf(into.companyId)).toBe(2);
    const [merged] = await queryRows<{ merged_into_id: number; suspended: boolean }>(
      db,
      sql`select merged_into_id, suspended from companies where id = ${dup.companyId}`,
    );
    expect(merged).toEqual({ merged_into_id: into.companyId, suspended: true });
    const members = await queryRows<{ user_id: string; role: string }>(
      db,
      sql`select user_id, role from company_members where company_id = ${into.companyId}`,
    );
    // The merged company's owner joins as a member: the company's own owner stays its only one.
    expect(Object.fromEntries(members.map((m) => [m.user_id, m.role]))).toEqual({
      [dup.owner.id]: 'member',
      [into.owner.id]: 'owner',
    });
    // Once merged, neither way again.
    expect(await moderation.mergePreview(dup.companyId, into.companyId)).toMatchObject({
      ok: false,
      message: 'One of these companies was merged already',
    });
    expect(await moderation.mergeCompanies(actor, into.companyId, dup.companyId)).toMatchObject({
      ok: false,
    });
  });
  it('refuses a merge into a suspended company, asked or done, and moves nothing', async () => {
    const from = await ownerWithCompany(db, {
      email: 'owner@theta-dup.example',
      name: 'Theta Dup',
      website: 'https://theta-dup.example',
    });
    const into = await ownerWithCompany(db, {
      email: 'owner@theta.example',
      name: 'Theta',
      website: 'https://theta.example',
    });
    await db.execute(sql`update companies set verified = true where id = ${from.companyId}`);
    const job = await submit(from.companyId, 'Theta Engineer', from.owner.id);
    expect(await moderation.setCompanyFlag(actor, into.companyId, 'suspended', true)).toEqual({
      ok: true,
    });
    const refusal = {
      ok: false,
      message: `Theta #${into.companyId} is suspended: unsuspend it first, or merge into another company`,
    };
    expect(await moderation.mergePreview(from.companyId, into.companyId)).toEqual(refusal);
    expect(await moderation.mergeCompanies(actor, from.companyId, into.companyId)).toEqual(refusal);
    const [moved] = await queryRows<{ company_id: number }>(
      db,
      sql`select company_id from jobs where id = ${job.jobId!}`,
    );
    expect(moved?.company_id).toBe(from.companyId);
    expect(await stateOf(job.jobId!)).toMatchObject({ status: 'live', is_active: true });

    // Nor is a suspended company merged: its jobs, hidden by its suspension, would stay hidden
    // under a company with no suspension to lift. The console counts them as the suspension's.
    await moderation.setCompanyFlag(actor, into.companyId, 'suspended', false);
    await moderation.setCompanyFlag(actor, from.companyId, 'suspended', true);
    const suspended = {
      ok: false,
      message: `Theta Dup #${from.companyId} is suspended: its jobs are hidden, and merged they would stay hidden under Theta. Unsuspend it first, or leave it suspended`,
    };
    expect(await moderation.mergePreview(from.companyId, into.companyId)).toEqual(suspended);
    expect(await moderation.mergeCompanies(actor, from.companyId, into.companyId)).toEqual(
      suspended,
    );
    expect(await stateOf(job.jobId!)).toMatchObject({ status: 'live', is_active: false });
    const row = async (id: number) =>
      (await moderation.companies(String(id))).find((c) => c.id === id);
    expect(await row(from.companyId)).toMatchObject({ suspended: true, liveJobs: 1 });
    // A job hidden for another reason is not counted as on the board.
    await moderation.setCompanyFlag(actor, from.companyId, 'suspended', false);
    expect(await row(from.companyId)).toMatchObject({ suspended: false, liveJobs: 1 });
    await db.execute(sql`update jobs set hidden_reason = 'reported', is_active = false
      where id = ${job.jobId!}`);
    expect(await row(from.companyId)).toMatchObject({ liveJobs: 0 });
  });
});

describe('operators and the audit log', () => {
  it('adds and removes operators by e-mail, audits every action, and refuses to edit the log', async () => {
    const operators = createOperators(db);
    await insertAccount(db, 'ops@board.example');
    expect(await operators.add('OPS@board.example')).toBe(true);
    expect(await operators.add('ops@board.example')).toBe(false);
    expect((await operators.list()).map((o) => o.email)).toEqual(['ops@board.example']);
    await expect(operators.add('ghost@board.example')).rejects.toThrow('No account has the e-mail');
    expect(await operators.remove('ops@board.example')).toBe(true);
    const log = await moderation.audit(100);
    const actions = log.map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'operator.add',
        'operator.remove',
        'job.reject',
        'job.approve',
        'reports.restore',
        'company.suspend',
        'company.unsuspend',
      ]),
    );
    expect(log.find((a) => a.action === 'operator.add')).toMatchObject({
      targetId: 'ops@board.example',
      before: { operator: false },
      after: { operator: true },
    });
    expect(log.find((a) => a.action === 'operator.remove')).toMatchObject({
      targetId: 'ops@board.example',
      before: { operator: true },
      after: { operator: false },
    });
    // The second add changed nothing, so it left no entry.
    expect(log.filter((a) => a.action === 'operator.add')).toHaveLength(1);
    expect(log.find((a) => a.action === 'company.suspend')).toMatchObject({
      actorEmail: 'op@board.example',
      before: { suspended: false },
      after: { suspended: true },
    });
    await expect(db.execute(sql`update audit_log set action = 'nothing'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await moderation.audit(100)).length).toBe(log.length);
  });
});

describe('trust signals', () => {
  it('shows the verified mark, the first posting date and how often a job was reposted', async () => {
    await db.execute(
      sql`update companies set verified = true, suspended = false where id = ${verifiedCompany}`,
    );
    const svc = employerServices(db);
    const first = await submit(verifiedCompany, 'Lighthouse Keeper');
    const publicJobs = createJobsService(db);
    const before = await publicJobs.get(first.pageUrl!);
    expect(before.status === 'found' && before.job.trust).toEqual({
      companyVerified: true,
      firstPostedAt: before.status === 'found' ? before.job.postedAt : '',
      reposts: 0,
    });
    const firstPostedAt = before.status === 'found' ? before.job.postedAt : '';
    let current: SaveOutcome = first;
    for (let n = 1; n <= 2; n++) {
      expect((await svc.jobs.close(ownerId, current.jobId!)).ok).toBe(true);
      const draft = await svc.jobs.repost(ownerId, current.jobId!);
      if (!draft.ok) throw new Error(draft.message);
      const next = await svc.jobs.submit(
        ownerId,
        { companyId: verifiedCompany, draftId: draft.value.draftId },
        validForm(ref, { title: 'Lighthouse Keeper' }),
      );
      if (!next.ok) throw new Error(next.message);
      current = next.value;
    }
    const after = await publicJobs.get(current.pageUrl!);
    expect(after.status === 'found' && after.job.trust).toEqual({
      companyVerified: true,
      firstPostedAt,
      reposts: 2,
    });
  });
});
