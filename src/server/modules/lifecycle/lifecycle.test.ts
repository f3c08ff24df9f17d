// A job's end on a real database: expiry, the 7-day and 1-day reminders with one-time links, and
// the apply-link check against a local HTTP server (200, 404, 500, never answering).
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
import { checkApplyLinks, checkLink, isNonPublicAddress } from './apply-link-check.ts';
import { closesIn, createJobLinks, expireJobs, sendExpiryReminders } from './job-lifecycle.ts';

const DAY = 86_400_000;
let database: TestDatabase;
let db: Db;
let ref: Reference;
let companyId: number;
let ownerId: string;
const { mails, mailer } = recordingMailer();

beforeAll(async () => {
  ({ database, db, ref } = await openReferenceDatabase());
  const website = 'https://www.alpha.example';
  ({
    owner: { id: ownerId },
    companyId,
  } = await ownerWithCompany(db, { website }));
});
afterAll(() => database.close());

/** A live job posted through the employer service, then given a closing time and link. */
async function liveJob(validThrough: Date, applyLink = 'https://careers.alpha.example/x') {
  const svc = employerServices(db);
  const done = await svc.jobs.submit(ownerId, { companyId }, validForm(ref));
  if (!done.ok || done.value.jobId === null) throw new Error(JSON.stringify(done));
  await db.execute(sql`update jobs set valid_through = ${validThrough}, apply_link = ${applyLink}
    where id = ${done.value.jobId}`);
  return done.value.jobId;
}

const statusOf = async (id: number) =>
  (
    await queryRows<{ status: string; is_active: boolean; closed_reason: string | null }>(
      db,
      sql`select status, is_active, closed_reason from jobs where id = ${id}`,
    )
  )[0];

describe('expiry', () => {
  it('marks live jobs past their closing date expired, and no others', async () => {
    const now = new Date();
    const past = await liveJob(new Date(now.getTime() - 1000));
    const future = await liveJob(new Date(now.getTime() + DAY));
    const { expired } = await expireJobs(db, now);
    expect(expired).toBeGreaterThanOrEqual(1);
    expect(await statusOf(past)).toMatchObject({ status: 'expired', is_active: false });
    expect(await statusOf(future)).toMatchObject({ status: 'live', is_active: true });
  });
});

describe('a reminder says the time left', () => {
  it('in calendar days to the closing date the mail names, whatever the hour', () => {
    // A closing date is stored as the end of its day (employer-jobs.service).
    const closing = (date: string) => new Date(`${date}T23:59:59.999Z`);
    const on = (date: string, now: string) => closesIn(closing(date), new Date(now));
    // On 26 Nov, 28 Nov is two days away, in the morning (2.6 days left) and at night alike.
    expect(on('2026-11-28', '2026-11-26T09:00:00Z')).toBe('in 2 days');
    expect(on('2026-11-28', '2026-11-26T23:30:00Z')).toBe('in 2 days');
    expect(on('2026-12-03', '2026-11-26T00:00:01Z')).toBe('in 7 days');
    expect(on('2026-11-27', '2026-11-26T01:00:00Z')).toBe('tomorrow');
    expect(on('2026-11-26', '2026-11-26T08:00:00Z')).toBe('today');
  });
});

describe('expiry reminders and their links', () => {
  it('mails 7 days and 1 day before, once each; extend works once, close works once', async () => {
    const now = new Date(Date.now() + 30 * DAY); // clear of the other tests' jobs
    const closing = new Date(now.getTime() + 6 * DAY);
    const id = await liveJob(closing);
    mails.length = 0;
    await sendExpiryReminders(db, { mailer, publicUrl: 'http://board.test', now });
    await sendExpiryReminders(db, { mailer, publicUrl: 'http://board.test', now });
    // Sent a day after its due time: it says the time actually left.
    const mine = mails.filter((m) => m.text.includes('closes in 6 days'));
    expect(mine[0]?.subject).toMatch(/" closes in 6 days$/);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.to).toBe('owner@alpha.example');
    // The closing day as the pages write it ("1 Dec 2026"), not an ISO date.
    const month = closing.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
    expect(mine[0]!.text).toContain(
      `(on ${closing.getUTCDate()} ${month} ${closing.getUTCFullYear()})`,
    );
    const links = mine[0]!.text.match(/http:\/\/board\.test\/job-link\/[\w-]+/g) ?? [];
    expect(links).toHaveLength(2);
    const [extend, close] = links.map((l) => l.split('/').pop()!);
    const jobLinks = createJobLinks(db, () => now);
    expect(await jobLinks.preview(extend!)).toMatchObject({ status: 'ready', action: 'extend' });
    // Two clicks at the same moment act once.
    const clicks = await Promise.all([jobLinks.use(extend!), jobLinks.use(extend!)]);
    expect(clicks.map((c) => c.status).sort()).toEqual(['done', 'used']);
    const [row] = await queryRows<{ valid_through: Date | string }>(
      db,
      sql`select valid_through from jobs where id = ${id}`,
    );
    expect(new Date(row!.valid_through).getTime()).toBe(closing.getTime() + 30 * DAY);
    expect(await jobLinks.use(extend!)).toEqual({ status: 'used' });
    expect(await jobLinks.use('x'.repeat(32))).toEqual({ status: 'unknown' });

    // The 1-day reminder of the new date, then its close link.
    mails.length = 0;
    const later = new Date(closing.getTime() + 30 * DAY - 12 * 3_600_000);
    await sendExpiryReminders(db, { mailer, publicUrl: 'http://board.test', now: later });
    // 12 hours before the new date: the same calendar day, or the one before it.
    const sameDay =
      later.toISOString().slice(0, 10) ===
      new Date(closing.getTime() + 30 * DAY).toISOString().slice(0, 10);
    const tomorrow = mails.filter((m) =>
      m.subject.endsWith(sameDay ? 'closes today' : 'closes tomorrow'),
    );
    expect(tomorrow).toHaveLength(1);
    const closeToken = (tomorrow[0]!.text.match(/job-link\/([\w-]+)/g) ?? [])[1]!.split('/')[1]!;
    expect(await createJobLinks(db, () => later).use(closeToken)).toMatchObject({
      status: 'done',
      action: 'close',
    });
    expect(await statusOf(id)).toMatchObject({ status: 'closed', is_active: false });
    // The same mail's extend link now says the job is closed, before its button is offered.
    const extendToken = (tomorrow[0]!.text.match(/job-link\/([\w-]+)/g) ?? [])[0]!.split('/')[1]!;
    const laterLinks = createJobLinks(db, () => later);
    expect(await laterLinks.preview(extendToken)).toMatchObject({ status: 'closed' });
    expect(await laterLinks.use(extendToken)).toMatchObject({ status: 'closed' });
    expect(await statusOf(id)).toMatchObject({ status: 'closed', is_active: false });
    expect(close).toBeDefined();
  });
});

describe('apply-link checks', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/ok') res.writeHead(200).end('fine');
      else if (req.url === '/missing') res.writeHead(404).end();
      else if (req.url === '/broken') res.writeHead(500).end();
      else if (req.url === '/head-refused') {
        res.writeHead(req.method === 'HEAD' ? 405 : 200).end();
      } // '/silent' never answers
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  // Long enough for a loopback answer on a CI machine busy with browser tests (500 ms once
  // timed out on /ok); only the silent path waits it out.
  const opts = { allowPrivate: true, timeoutMs: 3_000 };

  it('answers 200 ok, 404 and 500 failed, silence timed out, and a refused HEAD by GET', async () => {
    expect(await checkLink(`${base}/ok`, opts)).toEqual({ ok: true, result: '200' });
    expect(await checkLink(`${base}/missing`, opts)).toEqual({ ok: false, result: '404' });
    expect(await checkLink(`${base}/broken`, opts)).toEqual({ ok: false, result: '500' });
    expect(await checkLink(`${base}/silent`, { ...opts, timeoutMs: 300 })).toEqual({
      ok: false,
      result: 'timed out',
    });
    expect(await checkLink(`${base}/head-refused`, opts)).toEqual({ ok: true, result: '200' });
  });

  it('never reaches a private or loopback address unless allowed, nor other schemes', async () => {
    expect(await checkLink(`${base}/ok`)).toEqual({ ok: false, result: 'private address' });
    expect(await checkLink('http://localhost/')).toEqual({ ok: false, result: 'private address' });
    expect(await checkLink('ftp://example.org/x')).toEqual({
      ok: false,
      result: 'not http(s): ftp:',
    });
    expect(isNonPublicAddress('10.1.2.3')).toBe(true);
    expect(isNonPublicAddress('::ffff:192.168.1.1')).toBe(true);
    expect(isNonPublicAddress('fd00::1')).toBe(true);
    expect(isNonPublicAddress('93.184.216.34')).toBe(false);
  });

  it('closes a job after two failed checks in a row, not one, and tells the employer', async () => {
    const now = new Date();
    const failing = await liveJob(new Date(now.getTime() + 20 * DAY), `${base}/missing`);
    const silent = await liveJob(new Date(now.getTime() + 20 * DAY), `${base}/silent`);
    const fine = await liveJob(new Date(now.getTime() + 20 * DAY), `${base}/ok`);
    const mailto = await liveJob(new Date(now.getTime() + 20 * DAY), 'mailto:jobs@alpha.example');
    // Only this test's jobs: the others' links are on the documentation domain (not checked).
    mails.length = 0;
    const run = (at: Date) =>
      checkApplyLinks(db, { now: at, mailer, publicUrl: 'http://board.test', ...opts });
    expect(await run(now)).toEqual({ checked: 3, failed: 2, closed: 0 });
    expect(await statusOf(failing)).toMatchObject({ status: 'live', is_active: true });
    expect(await run(new Date(now.getTime() + 3_600_000))).toEqual({
      checked: 0,
      failed: 0,
      closed: 0,
    });
    expect(await run(new Date(now.getTime() + DAY))).toEqual({ checked: 3, failed: 2, closed: 2 });
    expect(await statusOf(failing)).toMatchObject({
      status: 'closed',
      is_active: false,
      closed_reason: 'apply link not working',
    });
    expect(await statusOf(silent)).toMatchObject({ status: 'closed' });
    expect(await statusOf(fine)).toMatchObject({ status: 'live', is_active: true });
    expect(await statusOf(mailto)).toMatchObject({ status: 'live', is_active: true });
    expect(mails.map((m) => m.subject)).toEqual([
      '"Backend Engineer" was closed: apply link not working',
      '"Backend Engineer" was closed: apply link not working',
    ]);
  });
});
