// A job closed because its apply link failed twice comes back once the link works: the employer
// checks the link on demand or reopens the job (which checks it right then), against a local HTTP
// server whose answer the test switches; a still-broken link keeps it closed with a clear message.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../db/client.ts';
import { openReferenceDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import type { Reference } from '../../../../test/support/fixtures.ts';
import {
  employerServices,
  ownerWithCompany,
  validForm,
} from '../../../../test/support/employer.ts';
import { recordingMailer } from '../../../../test/support/mailer.ts';
import { checkApplyLinks } from './apply-link-check.ts';
import { createLinkRecovery } from './link-recovery.ts';

const HOUR = 3_600_000;
let database: TestDatabase;
let db: Db;
let ref: Reference;
let server: http.Server;
let base: string;
let answer = 404;
const { mailer } = recordingMailer();
const accounts: Record<string, string> = {};
const companies: Record<string, number> = {};

beforeAll(async () => {
  ({ database, db, ref } = await openReferenceDatabase());
  server = http.createServer((_req, res) => res.writeHead(answer).end());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A verified company (its jobs go live) and one that needs review (a free-mail owner).
  for (const [name, email, site] of [
    ['verified', 'owner@alpha.example', 'https://alpha.example'],
    ['review', 'someone@gmail.example', 'https://beta.example'],
    ['stranger', 'stranger@gamma.example', 'https://gamma.example'],
  ] as const) {
    const { owner, companyId } = await ownerWithCompany(db, { email, name, website: site });
    accounts[name] = owner.id;
    companies[name] = companyId;
  }
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await database.close();
});

/** A live job whose link the daily check found broken twice (so it closed). */
async function closedByLink(company: 'verified' | 'review') {
  const done = await employerServices(db).jobs.submit(
    accounts[company]!,
    { companyId: companies[company]! },
    validForm(ref, { applyLink: `${base}/apply` }),
  );
  if (!done.ok || done.value.jobId === null) throw new Error(JSON.stringify(done));
  const id = done.value.jobId;
  // Live whatever the company's review (the operator approved it).
  await db.execute(sql`update jobs set status = 'live', is_active = true where id = ${id}`);
  answer = 404;
  const day = Date.now();
  for (const at of [day, day + 21 * HOUR]) {
    await checkApplyLinks(db, {
      now: new Date(at),
      mailer,
      publicUrl: 'http://board.test',
      allowPrivate: true,
      timeoutMs: 3_000, // a loopback answer on a busy CI machine
    });
  }
  expect(await stateOf(id)).toMatchObject({
    status: 'closed',
    closed_reason: 'apply link not working',
  });
  return id;
}

const stateOf = async (id: number) =>
  (
    await queryRows<{ status: string; is_active: boolean; closed_reason: string | null }>(
      db,
      sql`select status, is_active, closed_reason from jobs where id = ${id}`,
    )
  )[0];

const recovery = (reloads: string[] = []) =>
  createLinkRecovery(db, {
    allowPrivate: true,
    timeoutMs: 3_000, // a loopback answer on a busy CI machine
    onPublicChange: () => reloads.push('reload'),
  });

describe('a job closed for its apply link', () => {
  it('shows on the dashboard with its reason', async () => {
    const id = await closedByLink('verified');
    const list = await employerServices(db).jobs.list(accounts.verified!, companies.verified!);
    if (!list.ok) throw new Error('no list');
    expect(list.value.find((row) => row.id === id)).toMatchObject({
      status: 'closed',
      closedReason: 'apply link not working',
      applyLinkResult: '404',
    });
  });

  it('stays closed with a clear message while the link fails, and reopens once it works', async () => {
    const id = await closedByLink('verified');
    const reloads: string[] = [];
    const service = recovery(reloads);
    expect(await service.check(accounts.verified!, id)).toMatchObject({
      ok: true,
      value: {
        works: false,
        result: '404',
        message: expect.stringContaining('still does not work'),
      },
    });
    const refused = await service.reopen(accounts.verified!, id);
    expect(refused).toMatchObject({ ok: false, reason: 'conflict' });
    expect(refused.ok ? '' : refused.message).toContain('still does not work');
    expect(refused.ok ? '' : refused.message).toContain('404');
    expect(await stateOf(id)).toMatchObject({ status: 'closed', is_active: false });

    answer = 200;
    expect(await service.check(accounts.verified!, id)).toMatchObject({
      ok: true,
      value: { works: true, result: '200', message: expect.stringContaining('works again') },
    });
    expect(await service.reopen(accounts.verified!, id)).toEqual({
      ok: true,
      value: { status: 'live' },
    });
    expect(await stateOf(id)).toEqual({ status: 'live', is_active: true, closed_reason: null });
    expect(reloads).toEqual(['reload']);
    const [entry] = await queryRows<{ action: string; actor_email: string; after: unknown }>(
      db,
      sql`select action, actor_email, after from audit_log where target_id = ${String(id)}
          order by id desc limit 1`,
    );
    expect(entry).toMatchObject({
      action: 'job.reopen-after-link-check',
      actor_email: 'owner@alpha.example',
    });
    // Live again: the next daily check looks at it like any other.
    expect(await service.reopen(accounts.verified!, id)).toMatchObject({
      ok: false,
      reason: 'conflict',
    });
  });

  it('goes to review when the company needs review, and only its company can act', async () => {
    const id = await closedByLink('review');
    answer = 200;
    expect(await recovery().reopen(accounts.stranger!, id)).toMatchObject({
      ok: false,
      reason: 'not-found',
    });
    expect(await recovery().check(accounts.stranger!, id)).toMatchObject({
      ok: false,
      reason: 'not-found',
    });
    expect(await recovery().reopen(accounts.review!, id)).toEqual({
      ok: true,
      value: { status: 'in_review' },
    });
    expect(await stateOf(id)).toMatchObject({ status: 'in_review', is_active: false });
  });

  it('reopens after the employer corrects the link', async () => {
    const id = await closedByLink('verified');
    // The old link still fails; the employer edits the closed job to a new one that works.
    const fixed = http.createServer((_req, res) => res.writeHead(200).end());
    await new Promise<void>((r) => fixed.listen(0, '127.0.0.1', r));
    const fixedLink = `http://127.0.0.1:${(fixed.address() as AddressInfo).port}/careers`;
    try {
      await employerServices(db).jobs.submit(
        accounts.verified!,
        { companyId: companies.verified!, jobId: id },
        validForm(ref, { applyLink: fixedLink }),
      );
      expect(await recovery().reopen(accounts.verified!, id)).toEqual({
        ok: true,
        value: { status: 'live' },
      });
    } finally {
      fixed.closeAllConnections();
      fixed.close();
    }
  });

  it('is found working again by the next daily check, which the dashboard shows', async () => {
    const id = await closedByLink('verified');
    answer = 200;
    await checkApplyLinks(db, {
      now: new Date(Date.now() + 45 * HOUR),
      mailer,
      publicUrl: 'http://board.test',
      allowPrivate: true,
      timeoutMs: 3_000, // a loopback answer on a busy CI machine
    });
    const list = await employerServices(db).jobs.list(accounts.verified!, companies.verified!);
    if (!list.ok) throw new Error('no list');
    expect(list.value.find((row) => row.id === id)).toMatchObject({
      status: 'closed',
      applyLinkResult: '200',
    });
  });
});
