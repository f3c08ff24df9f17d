// E-mail alerts on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): double opt-in,
// digests that bring only new jobs and none twice, one-click unsubscribe that deletes the address,
// the limit of 10 per address, the rate limit, and tokens bound to one alert.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../db/client.ts';
import { openReferenceDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { insertJob, insertJobs, type Reference } from '../../../../test/support/fixtures.ts';
import { recordingMailer } from '../../../../test/support/mailer.ts';
import { createAttempts } from '../accounts/attempts.ts';
import { createJobsService } from '../jobs/jobs.service.ts';
import { sendAlertDigests } from './alert-digest.ts';
import { canonicalQuery, createAlerts } from './alerts.service.ts';
import {
  ALERT_CONFIRM_RESEND_MINUTES,
  ALERT_WITHOUT_WORDS,
} from '../../../shared/seeker-services.ts';
import type { MailMessage } from '../../mail/mailer.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const publicUrl = 'https://openings.example';
const secret = 'a-test-secret-of-at-least-32-characters!!';

let database: TestDatabase;
let db: Db;
let ref: Reference;
let clock = new Date('2026-06-01T08:00:00Z');
const { mails, mailer } = recordingMailer();

beforeAll(async () => {
  ({ database, db, ref } = await openReferenceDatabase());
});
afterAll(() => database.close());
beforeEach(() => {
  mails.length = 0;
});

function alerts(client = '203.0.113.1', scale = 1) {
  return createAlerts(
    db,
    { mailer, publicUrl, secret, attempts: createAttempts(db, { scale }), now: () => clock },
    client,
  );
}

function digest(now: Date, force = false) {
  const jobs = createJobsService(db);
  return sendAlertDigests(db, {
    mailer,
    publicUrl,
    secret,
    now,
    force,
    listJobs: (q, o) => jobs.list(q, o),
  });
}

/** The token of the link to `path` in a mail's text. */
function tokenIn(mail: MailMessage, path: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((l) => new URL(l).pathname === path);
  if (!link) throw new Error(`no ${path} link in ${mail.text}`);
  return new URL(link).searchParams.get('token')!;
}

const jobLinks = (mail: MailMessage) =>
  (mail.text.match(/https?:\/\/\S+/g) ?? []).filter((l) =>
    new URL(l).pathname.startsWith('/job-description/'),
  );

async function subscribed(email: string, query: string, frequency = 'daily') {
  const result = await alerts().subscribe({ email, query, label: 'SDE jobs in Pune', frequency });
  expect(result).toEqual({ ok: true, outcome: 'sent' });
  return mails.at(-1)!;
}

/** An alert subscribed and confirmed: its token. */
async function confirmedAlert(email: string, query: string) {
  const token = tokenIn(await subscribed(email, query), '/alerts/confirm');
  await alerts().confirm(token);
  return token;
}

describe('subscribe and confirm', () => {
  it('mails a confirmation link and sends nothing until it is followed', async () => {
    const mail = await subscribed('Seeker@Example.com', `role=${ref.roles.sde}`);
    expect(mail.to).toBe('seeker@example.com');
    expect(mail.subject).toBe('Confirm your job alert: SDE jobs in Pune');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const token = tokenIn(mail, '/alerts/confirm');
    expect(mail.headers?.['List-Unsubscribe']).toBe(
      `<${publicUrl}/alerts/unsubscribe?token=${token}>`,
    );
    expect((await alerts().byToken(token))?.confirmed).toBe(false);

    await insertJob(db, ref, { roleId: ref.roles.sde, postedAt: new Date(clock.getTime() + HOUR) });
    mails.length = 0;
    await digest(new Date(clock.getTime() + 2 * DAY), true);
    expect(mails).toHaveLength(0);

    const confirmed = await alerts().confirm(token);
    expect(confirmed).toMatchObject({ email: 'seeker@example.com', confirmed: true });
    await alerts().unsubscribe(token);
  });

  it('refuses a bad address, frequency or search, naming the field', async () => {
    const a = alerts();
    const valid = {
      email: 'a@example.com',
      query: `role=${ref.roles.sde}`,
      label: 'x',
      frequency: 'daily',
    };
    // Each change that makes the subscription invalid, and what the answer must say.
    const cases: [Partial<typeof valid>, Record<string, string>][] = [
      [{ email: 'nope' }, { reason: 'invalid', field: 'email' }],
      [{ frequency: 'hourly' }, { field: 'frequency' }],
      [{ query: 'role=abc' }, { field: 'search' }],
      [{ query: 'page=2' }, { field: 'search' }],
      // A keyword search cannot match (no Latin word): the alert would never send a job.
      [
        { query: 'q=%E0%A4%A8%E0%A5%8C%E0%A4%95%E0%A4%B0%E0%A5%80' },
        { field: 'search', message: ALERT_WITHOUT_WORDS },
      ],
      [{ query: 'q=%2B%2B' }, { field: 'search', message: ALERT_WITHOUT_WORDS }],
    ];
    for (const [change, answer] of cases) {
      expect(await a.subscribe({ ...valid, ...change })).toMatchObject({ ok: false, ...answer });
    }
    expect(mails).toHaveLength(0);
  });

  it('mails a waiting alert its confirmation once in a few minutes, however often it is asked', async () => {
    const query = `role=${ref.roles.sde}&workMode=remote`;
    const first = await subscribed('patient@example.com', query);
    const asked = { email: 'patient@example.com', query, label: 'SDE jobs in Pune' };
    // Asked again at once, and again (weekly this time): nothing new is mailed, and the answer
    // says the link went a moment ago; the alert takes the frequency asked last.
    for (const frequency of ['daily', 'weekly']) {
      expect(await alerts('203.0.113.9').subscribe({ ...asked, frequency })).toEqual({
        ok: true,
        outcome: 'sent-recently',
      });
    }
    expect(mails).toHaveLength(1);
    const token = tokenIn(first, '/alerts/confirm');
    expect((await alerts().byToken(token))?.frequency).toBe('weekly');
    // Once the minutes are over (the window moved back), the link is mailed again.
    await db.execute(
      sql`update rate_limit set last_request = last_request - ${ALERT_CONFIRM_RESEND_MINUTES * 60_000}
          where key like 'openings:alert-confirm:%'`,
    );
    expect(await alerts('203.0.113.9').subscribe({ ...asked, frequency: 'weekly' })).toEqual({
      ok: true,
      outcome: 'sent',
    });
    expect(mails).toHaveLength(2);
    expect(tokenIn(mails[1]!, '/alerts/confirm')).toBe(token);
    await alerts().unsubscribe(token);
  });

  it('says plainly that an alert already followed keeps its frequency, and where to change it', async () => {
    const query = `role=${ref.roles.dataScientist}`;
    const token = tokenIn(
      await subscribed('again@example.com', query, 'weekly'),
      '/alerts/confirm',
    );
    await alerts().confirm(token);
    // The same again: nothing to change.
    const same = await subscribed('again@example.com', query, 'weekly');
    expect(same.subject).toBe('You already follow this search: SDE jobs in Pune');
    expect(same.text).toContain(
      'This address already has this alert, with weekly e-mails, so nothing has changed.',
    );
    expect(same.text).toContain('You can change, pause or delete the alert here:');
    // Daily asked of a weekly alert: said to have changed nothing (it said only "Nothing has
    // changed", as if daily had been taken), with the page where daily can be chosen.
    const daily = await subscribed('again@example.com', query, 'daily');
    expect(daily.text).toContain('Someone asked for daily e-mails');
    expect(daily.text).toContain('Asking again changed nothing: the e-mails still come weekly.');
    expect(daily.text).toContain("To get them daily instead, choose daily on the alert's page:");
    expect(tokenIn(daily, '/alerts/manage')).toBe(token);
    expect(daily.text).not.toContain('/alerts/confirm');
    expect((await alerts().byToken(token))?.frequency).toBe('weekly');
    // Paused, the useful word is resume, not pause.
    await alerts().update(token, { paused: true });
    const paused = await subscribed('again@example.com', query, 'weekly');
    expect(paused.text).toContain('with weekly e-mails (paused now), so nothing has changed.');
    expect(paused.text).toContain('You can change, resume or delete the alert here:');
    await alerts().unsubscribe(token);
  });

  it('writes one search one way: the order of its parameters does not matter', () => {
    expect(canonicalQuery('role=3&location=2&q=react')).toBe('location=2&q=react&role=3');
    expect(canonicalQuery('sortBy=true')).toBeNull();
  });
});

describe('digests', () => {
  it('brings only jobs new since the last digest, matching the search, and none twice', async () => {
    clock = new Date('2026-06-10T08:00:00Z');
    const pune = ref.cities.pune;
    // Before the alert: never sent.
    await insertJob(db, ref, {
      cityId: pune,
      title: 'Old Pune job',
      postedAt: new Date(clock.getTime() - DAY),
    });
    const token = await confirmedAlert('digest@example.com', `location=${pune}`);

    const first = await insertJob(db, ref, {
      cityId: pune,
      title: 'First Pune job',
      postedAt: new Date(clock.getTime() + HOUR),
    });
    // Another city: not this search.
    await insertJob(db, ref, {
      cityId: ref.cities.munich,
      title: 'Munich job',
      postedAt: new Date(clock.getTime() + HOUR),
    });
    mails.length = 0;
    const run1 = new Date(clock.getTime() + DAY);
    await digest(run1);
    const digest1 = mails.filter((m) => m.to === 'digest@example.com');
    expect(digest1).toHaveLength(1);
    expect(digest1[0]!.subject).toBe('1 new job: SDE jobs in Pune');
    expect(jobLinks(digest1[0]!)).toEqual([`${publicUrl}/job-description/${first.pageUrl}`]);
    expect(digest1[0]!.text).toContain('First Pune job');
    // The first digest has no earlier e-mail to count from (alert-mails.ts isFirstDigest).
    expect(digest1[0]!.text).toContain('1 new job since you started this alert: SDE jobs in Pune.');
    expect(digest1[0]!.headers?.['List-Unsubscribe']).toBe(
      `<${publicUrl}/alerts/unsubscribe?token=${token}>`,
    );

    // A job posted between the two runs.
    const second = await insertJob(db, ref, {
      cityId: pune,
      title: 'Second Pune job',
      postedAt: new Date(run1.getTime() + HOUR),
    });
    // Not due an hour later (daily): nothing.
    mails.length = 0;
    await digest(new Date(run1.getTime() + 2 * HOUR));
    expect(mails).toHaveLength(0);

    const run2 = new Date(run1.getTime() + DAY);
    await digest(run2);
    const digest2 = mails.filter((m) => m.to === 'digest@example.com');
    expect(digest2).toHaveLength(1);
    expect(jobLinks(digest2[0]!)).toEqual([`${publicUrl}/job-description/${second.pageUrl}`]);
    expect(digest2[0]!.text).toContain('1 new job since we last checked: SDE jobs in Pune.');

    // A third run with nothing new sends nothing, even forced.
    mails.length = 0;
    await digest(new Date(run2.getTime() + DAY), true);
    expect(mails.filter((m) => m.to === 'digest@example.com')).toHaveLength(0);
    await alerts().unsubscribe(token);
  });

  it('sends a job that went live late (after review) once, not again', async () => {
    clock = new Date('2026-07-01T08:00:00Z');
    const token = await confirmedAlert('late@example.com', `location=${ref.cities.munich}`);
    const late = await insertJob(db, ref, {
      cityId: ref.cities.munich,
      isActive: false,
      status: 'in_review',
      postedAt: new Date(clock.getTime() + HOUR),
    });
    mails.length = 0;
    const run1 = new Date(clock.getTime() + DAY);
    await digest(run1);
    expect(mails.filter((m) => m.to === 'late@example.com')).toHaveLength(0);
    await db.execute(sql`update jobs set is_active = true, status = 'live' where id = ${late.id}`);
    await digest(new Date(run1.getTime() + DAY));
    const sent = mails.filter((m) => m.to === 'late@example.com');
    expect(sent.flatMap(jobLinks)).toEqual([`${publicUrl}/job-description/${late.pageUrl}`]);
    await digest(new Date(run1.getTime() + 2 * DAY), true);
    expect(mails.filter((m) => m.to === 'late@example.com')).toHaveLength(1);
    await alerts().unsubscribe(token);
  });

  it('sends nothing to a paused alert', async () => {
    clock = new Date('2026-08-01T08:00:00Z');
    const token = await confirmedAlert('paused@example.com', `location=${ref.cities.bengaluru}`);
    expect(await alerts().update(token, { paused: true, frequency: 'weekly' })).toMatchObject({
      paused: true,
      frequency: 'weekly',
    });
    await insertJob(db, ref, { postedAt: new Date(clock.getTime() + HOUR) });
    mails.length = 0;
    await digest(new Date(clock.getTime() + 8 * DAY), true);
    expect(mails.filter((m) => m.to === 'paused@example.com')).toHaveLength(0);
    await alerts().unsubscribe(token);
  });

  it('brings a new job of a keyword search that ranks below fifty older ones', async () => {
    clock = new Date('2026-09-01T08:00:00Z');
    // Older jobs that name the word three times rank above a new one that names it once.
    await insertJobs(
      db,
      ref,
      Array.from({ length: 60 }, (_, i) => ({
        title: `Welder welder welder ${i + 1}`,
        postedAt: new Date(clock.getTime() - DAY - i * HOUR),
      })),
    );
    const token = await confirmedAlert('welder@example.com', 'q=welder');
    const fresh = await insertJob(db, ref, {
      title: 'Welder',
      postedAt: new Date(clock.getTime() + HOUR),
    });
    mails.length = 0;
    await digest(new Date(clock.getTime() + DAY));
    const sent = mails.filter((m) => m.to === 'welder@example.com');
    expect(sent.flatMap(jobLinks)).toEqual([`${publicUrl}/job-description/${fresh.pageUrl}`]);
    await alerts().unsubscribe(token);
  });
});

describe('unsubscribe, limits and tokens', () => {
  it('deletes the row, address and all, by the mailed token', async () => {
    const mail = await subscribed('gone@example.com', `role=${ref.roles.productManager}`);
    const token = tokenIn(mail, '/alerts/unsubscribe');
    await alerts().confirm(token);
    expect(await alerts().unsubscribe(token)).toBe(true);
    const rows = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from job_alerts where email = 'gone@example.com'`,
    );
    expect(rows[0]!.n).toBe(0);
    expect(await alerts().unsubscribe(token)).toBe(false);
    expect(await alerts().byToken(token)).toBeNull();
  });

  it('keeps at most 10 alerts per address', async () => {
    const a = alerts('198.51.100.7', 100);
    for (let i = 1; i <= 10; i += 1) {
      const r = await a.subscribe({
        email: 'many@example.com',
        query: `q=word${i}`,
        label: `word ${i}`,
        frequency: 'weekly',
      });
      expect(r.ok).toBe(true);
    }
    const eleventh = await a.subscribe({
      email: 'many@example.com',
      query: 'q=word11',
      label: 'word 11',
      frequency: 'weekly',
    });
    expect(eleventh).toMatchObject({ ok: false, reason: 'limit', field: 'email' });
    expect(await alerts().forEmail('many@example.com')).toHaveLength(10);
  });

  it('limits requests per address and per client, yet lets an address set up all 10 at once', async () => {
    const a = alerts('192.0.2.50');
    // Five an hour (the accounts' mailing limit) refused the sixth of the ten alerts allowed.
    for (let i = 1; i <= 10; i += 1) {
      const result = await a.subscribe({
        email: 'flood@example.com',
        query: `q=x${i}`,
        label: 'x',
        frequency: 'daily',
      });
      expect(result, `request ${i}`).toEqual({ ok: true, outcome: 'sent' });
    }
    expect(
      await a.subscribe({
        email: 'flood@example.com',
        query: 'q=x1',
        label: 'x',
        frequency: 'daily',
      }),
    ).toMatchObject({ ok: false, reason: 'rate-limited' });
    const b = alerts('192.0.2.51');
    const results = [];
    for (let i = 1; i <= 21; i += 1) {
      results.push(
        await b.subscribe({
          email: `p${i}@example.com`,
          query: 'q=y',
          label: 'y',
          frequency: 'daily',
        }),
      );
    }
    expect(results.slice(0, 20).every((r) => r.ok)).toBe(true);
    expect(results[20]).toMatchObject({ ok: false, reason: 'rate-limited' });
  });

  it('gives each alert its own token that opens no other alert, and refuses made-up ones', async () => {
    const one = tokenIn(await subscribed('tok@example.com', 'q=alpha'), '/alerts/manage');
    const two = tokenIn(await subscribed('tok@example.com', 'q=beta'), '/alerts/manage');
    expect(one).not.toBe(two);
    expect(one).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await alerts().byToken(one))?.query).toBe('q=alpha');
    expect((await alerts().byToken(two))?.query).toBe('q=beta');
    // A near miss and a token of the right shape that was never issued.
    const flipped = `${one.slice(0, -1)}${one.endsWith('A') ? 'B' : 'A'}`;
    expect(await alerts().byToken(flipped)).toBeNull();
    expect(await alerts().unsubscribe('A'.repeat(43))).toBe(false);
    // Only hashes are stored.
    const stored = await queryRows<{ token_hash: string }>(
      db,
      sql`select token_hash from job_alerts where email = 'tok@example.com'`,
    );
    expect(stored.map((r) => r.token_hash)).not.toContain(one);
    // Deleting and subscribing again makes a new token; the old one opens nothing.
    await alerts().unsubscribe(one);
    const again = tokenIn(await subscribed('tok@example.com', 'q=alpha'), '/alerts/manage');
    expect(again).not.toBe(one);
    expect(await alerts().byToken(one)).toBeNull();
  });

  it('lists a signed-in seeker’s alerts by address and deletes only theirs', async () => {
    await subscribed('mine@example.com', 'q=gamma');
    const [mine] = await alerts().forEmail('MINE@example.com');
    expect(mine).toMatchObject({ query: 'q=gamma', confirmed: false });
    expect(await alerts().deleteForEmail('other@example.com', mine!.id)).toBe(false);
    expect(await alerts().deleteForEmail('mine@example.com', mine!.id)).toBe(true);
    expect(await alerts().forEmail('mine@example.com')).toEqual([]);
  });

  it('changes a signed-in seeker’s alert by address, and never another address’s', async () => {
    await subscribed('owner@example.com', 'q=delta');
    const [alert] = await alerts().forEmail('owner@example.com');
    const a = alerts();
    expect(await a.updateForEmail('thief@example.com', alert!.id, { paused: true })).toBeNull();
    expect(
      await a.updateForEmail('thief@example.com', alert!.id, { frequency: 'weekly' }),
    ).toBeNull();
    expect(await a.forEmail('owner@example.com')).toEqual([alert]);

    expect(await a.updateForEmail('OWNER@example.com', alert!.id, { frequency: 'weekly' })).toEqual(
      { ...alert, frequency: 'weekly' },
    );
    const paused = await a.updateForEmail('owner@example.com', alert!.id, { paused: true });
    expect(paused).toEqual({ ...alert, frequency: 'weekly', paused: true });
    expect(await a.updateForEmail('owner@example.com', alert!.id, { paused: false })).toEqual({
      ...alert,
      frequency: 'weekly',
      paused: false,
    });
    expect(await a.updateForEmail('owner@example.com', 2_000_000_000, { paused: true })).toBeNull();
  });

  it('deletes every alert of an address at once, and no other address’s', async () => {
    for (const q of ['q=one', 'q=two', 'q=three']) await subscribed('every@example.com', q);
    await subscribed('neighbour@example.com', 'q=one');
    expect(await alerts().deleteAllForEmail(' EVERY@example.com ')).toBe(3);
    expect(await alerts().forEmail('every@example.com')).toEqual([]);
    expect(await alerts().forEmail('neighbour@example.com')).toHaveLength(1);
    expect(await alerts().deleteAllForEmail('every@example.com')).toBe(0);
  });
});
