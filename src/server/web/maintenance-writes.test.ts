// Maintenance through the whole app (sessions, the production web build, form posts as without
// JavaScript and as React Router's fetches with it): while it is on, no page's form changes
// anything — the job form, the company's invitations, alerts, reports, saved jobs, account
// changes, sign-up and password resets, and better-auth's own endpoints alike — and each answers
// 503 (the maintenance page, or its data); the same posts change something once it is off. Signing
// in and out, an alert's one-click unsubscribe and, for an operator, the console stay open, and the
// maintenance page leads an operator to the console.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { type Db, queryRows } from '../db/client.ts';
import { openReferenceDatabase, type TestDatabase } from '../../../test/support/database.ts';
import type { Reference } from '../../../test/support/fixtures.ts';
import {
  companyForm,
  companyWithMember,
  pageText,
  startPagesApp,
  submitJob,
  TEST_ORIGIN,
  type TestBrowsers,
  validForm,
} from '../../../test/support/employer.ts';
import { recordingMailer } from '../../../test/support/mailer.ts';
import { signInOperator } from '../../../test/support/operators.ts';

const PASSWORD = 'a long and unusual passphrase 7';

/**
 * Every table's rows, as one text per table (their count and a hash of their contents): equal
 * before and after a request when it changed nothing anywhere.
 */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number; h: string | null }>(
      db,
      sql`select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as h
          from ${sql.identifier(name)} t`,
    );
    out[name] = `${row!.n}:${row!.h ?? ''}`;
  }
  return out;
}

/** A form post's body, a list as repeated fields. */
function formBody(form: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) for (const item of [v].flat()) body.append(k, item);
  return body.toString();
}

describe('maintenance and the pages that write', () => {
  let database: TestDatabase;
  let db: Db;
  let ref: Reference;
  let app: App;
  let web: TestBrowsers;
  const { mails, mailer } = recordingMailer();
  let pageUrl = '';
  let jobId = 0;
  let verifyLink = '';
  let alertToken = '';
  /** The visitor cookie a page load sets: a report needs one. */
  let visitor = '';

  const maintenance = (on: boolean) => app.services.appDetails.setMaintenance(on);
  /** A post as `who` (signed in with web.signIn, or '' for nobody), with the app's own Origin. */
  const post = (
    who: string,
    url: string,
    form: Record<string, string | string[]>,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method: 'POST',
      url,
      headers: {
        cookie: web.cookie[who] ?? '',
        origin: TEST_ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
        ...headers,
      },
      payload: formBody(form),
    });
  const json = (url: string, payload: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload,
    });

  beforeAll(async () => {
    ({ database, db, ref } = await openReferenceDatabase());
    // Sign-ups are limited to 5 a minute: this file makes more.
    ({ app, web } = await startPagesApp(database, { mailer, env: { RATE_LIMIT_SCALE: '4' } }));
    const companyId = await companyWithMember(web, db, {
      owner: 'ivy',
      member: 'milo',
      name: 'Quiet Works',
      domain: 'quiet-works.example',
    });
    await db.execute(sql`update companies set verified = true where id = ${companyId}`);
    const owner = (
      await queryRows<{ id: string }>(db, sql`select id from "user" where email like 'ivy@%'`)
    )[0]!.id;
    ({ jobId } = await submitJob(
      db,
      owner,
      companyId,
      validForm(ref, { title: 'Lighthouse Keeper' }),
    ));
    pageUrl = (
      await queryRows<{ page_url: string }>(db, sql`select page_url from jobs where id = ${jobId}`)
    )[0]!.page_url;
    const visit = await app.inject(`/job-description/${encodeURIComponent(pageUrl)}/report`);
    visitor = [visit.headers['set-cookie']]
      .flat()
      .filter((c): c is string => Boolean(c))
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(visitor).not.toBe('');
    await signInOperator(web, db, 'op');
    await web.signIn('sam', 'sam@seeker.example');
    // A confirmed alert, to unsubscribe from during maintenance.
    mails.length = 0;
    expect(
      (
        await post('', `/alerts/new?location=${ref.cities.pune}`, {
          email: 'alerted@seeker.example',
          frequency: 'daily',
        })
      ).statusCode,
    ).toBe(200);
    alertToken = /\/alerts\/manage\?token=([\w-]+)/.exec(mails[0]!.text)![1]!;
    expect((await post('', `/alerts/confirm?token=${alertToken}`, {})).statusCode).toBe(200);
    // A new account whose confirmation link is followed during maintenance.
    mails.length = 0;
    const up = await json('/api/auth/sign-up/email', {
      name: 'Late',
      email: 'late@seeker.example',
      password: PASSWORD,
    });
    expect(up.statusCode, up.body).toBe(200);
    await app.accounts.settled();
    verifyLink = /\/verify-email\?[^\s"]+/.exec(
      mails.find((m) => m.to === 'late@seeker.example')!.text,
    )![0];
  }, 90_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** Each write a page takes, as a browser sends it: who, where, what; `js`: as a fetch. */
  const writes = () =>
    [
      {
        name: 'the job form saves a draft',
        who: 'ivy',
        url: '/employer/jobs/new',
        form: { ...validForm(ref, { title: 'Draft Keeper' }), intent: 'save' },
      },
      {
        name: 'the job form submits a job',
        who: 'ivy',
        url: '/employer/jobs/new',
        form: { ...validForm(ref, { title: 'Submitted Keeper' }), intent: 'submit' },
      },
      {
        name: "the job form's save as you type",
        who: 'ivy',
        url: '/employer/jobs/new.data',
        form: { ...validForm(ref, { title: 'Autosaved Keeper' }), intent: 'autosave' },
        js: 'data',
      },
      {
        name: 'the job form submits a job, with JavaScript',
        who: 'ivy',
        url: '/employer/jobs/new.data',
        form: { ...validForm(ref, { title: 'Fetched Keeper' }), intent: 'submit' },
        js: 'data',
      },
      {
        name: 'a job is edited',
        who: 'ivy',
        url: `/employer/jobs/${jobId}/edit`,
        form: { ...validForm(ref, { title: 'Edited Keeper' }), intent: 'submit' },
      },
      {
        name: 'the company page invites someone',
        who: 'ivy',
        url: '/employer/company',
        form: { intent: 'invite', email: 'pat@elsewhere.example' },
      },
      {
        name: 'the company page invites someone, with JavaScript',
        who: 'ivy',
        url: '/employer/company.data',
        form: { intent: 'invite', email: 'kim@elsewhere.example' },
        js: 'error',
      },
      {
        name: 'a company is made on the dashboard',
        who: 'sam',
        url: '/employer',
        form: {
          intent: 'create-company',
          ...companyForm('Sam Studio', 'https://sam-studio.example'),
        },
      },
      {
        name: 'an alert is asked for',
        who: '',
        url: `/alerts/new?location=${ref.cities.munich}`,
        form: { email: 'new@seeker.example', frequency: 'weekly' },
      },
      {
        name: 'a job is reported',
        who: '',
        url: `/job-description/${encodeURIComponent(pageUrl)}/report`,
        form: { reason: 'scam', details: 'It asks for a fee to apply.' },
        headers: { cookie: visitor },
      },
      {
        name: 'a job is saved',
        who: 'sam',
        url: '/saved',
        form: { intent: 'mark', kind: 'saved', id: String(jobId), on: '1' },
        headers: { accept: 'application/json' },
      },
      {
        name: 'the account asks to change its address',
        who: 'sam',
        url: '/account',
        form: { intent: 'change-email', newEmail: 'sam@elsewhere.example' },
      },
      {
        name: 'a password reset is asked for',
        who: '',
        url: '/forgot-password',
        form: { email: 'sam@seeker.example' },
      },
      {
        name: 'an account is signed up',
        who: '',
        url: '/signup',
        form: { name: 'Newcomer', email: 'newcomer@seeker.example', password: PASSWORD },
      },
    ] as {
      name: string;
      who: string;
      url: string;
      form: Record<string, string | string[]>;
      headers?: Record<string, string>;
      /**
       * Sent as React Router's fetch (with JavaScript), answered as the action's data (the job
       * form keeps what was typed, and says so) or as an error (the maintenance page).
       */
      js?: 'data' | 'error';
    }[];

  it('changes nothing while maintenance is on, answering 503, and writes once it is off', async () => {
    await maintenance(true);
    try {
      for (const write of writes()) {
        const before = await fingerprint(db);
        const mailed = mails.length;
        const res = await post(write.who, write.url, write.form, write.headers);
        await app.accounts.settled();
        expect(res.statusCode, `${write.name}: ${res.body.slice(0, 300)}`).toBe(503);
        // A fetch's answer is the page's data, read by the page's script, not a page: its first
        // line is the JSON of ["…", "data" or "error", …] (React Router's turbo-stream).
        if (write.js) {
          expect(res.body, write.name).toContain('"maintenance",true');
          expect(JSON.parse(res.body.split('\n', 1)[0]!)[1], write.name).toBe(write.js);
        } else {
          expect(res.headers['retry-after'], write.name).toBe('300');
          expect(pageText(res.body), write.name).toContain('We are in maintenance.');
        }
        expect(await fingerprint(db), write.name).toEqual(before);
        expect(mails.length, `${write.name}: mail sent`).toBe(mailed);
      }
      // better-auth's endpoints: a sign-up and a password reset wait too.
      for (const [url, payload] of [
        [
          '/api/auth/sign-up/email',
          { name: 'Api', email: 'api@seeker.example', password: PASSWORD },
        ],
        ['/api/auth/request-password-reset', { email: 'sam@seeker.example', redirectTo: '/' }],
      ] as const) {
        const before = await fingerprint(db);
        const mailed = mails.length;
        const res = await json(url, payload);
        await app.accounts.settled();
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after'], url).toBe('300');
        expect(res.json().message, url).toContain('Openings is in maintenance');
        expect(await fingerprint(db), url).toEqual(before);
        expect(mails.length, url).toBe(mailed);
      }
      // A confirmation link followed: the maintenance page, and the address is not confirmed.
      const before = await fingerprint(db);
      expect((await app.inject(verifyLink)).statusCode).toBe(503);
      expect(await fingerprint(db)).toEqual(before);
      // A signed-in visitor who is no operator cannot act from the console either.
      expect((await post('sam', '/admin', { intent: 'maintenance-off' })).statusCode).toBe(503);
      expect((await app.services.appDetails.get()).isUnderMaintenance).toBe(true);
    } finally {
      await maintenance(false);
    }

    // The same posts once maintenance is off: each writes (so the refusals above were real).
    for (const write of writes()) {
      const before = await fingerprint(db);
      const mailed = mails.length;
      const res = await post(write.who, write.url, write.form, write.headers);
      await app.accounts.settled();
      expect(res.statusCode, `${write.name}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
      const changed =
        JSON.stringify(await fingerprint(db)) !== JSON.stringify(before) || mails.length > mailed;
      expect(changed, `${write.name} changed something`).toBe(true);
    }
    const verified = await app.inject(verifyLink);
    expect(verified.statusCode).toBe(200);
  });

  it('keeps signing in and out, the one-click unsubscribe and the console open', async () => {
    await maintenance(true);
    try {
      // The sign-in page's form: an operator goes to the console, where maintenance is turned off.
      const signIn = await post('', '/login', { email: 'op@board.example', password: PASSWORD });
      expect(signIn.statusCode, signIn.body.slice(0, 300)).toBe(302);
      expect(signIn.headers.location).toBe('/admin');
      const api = await json('/api/auth/sign-in/email', {
        email: 'milo@quiet-works.example',
        password: PASSWORD,
      });
      expect(api.statusCode, api.body).toBe(200);
      const signOut = await post('sam', '/sign-out', {});
      expect(signOut.statusCode).toBe(302);
      expect(signOut.headers.location).toBe('/');

      // A mail client's one-click unsubscribe: the alert stops (its digests are still sent).
      const unsubscribe = await app.inject({
        method: 'POST',
        url: `/alerts/unsubscribe?token=${alertToken}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(unsubscribe.statusCode).toBe(200);
      const alerts = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from job_alerts where email = 'alerted@seeker.example'`,
      );
      expect(alerts[0]!.n).toBe(0);

      // Any other page, for an operator, leads to the console; for anyone else it does not.
      const home = await web.get('op', '/employer');
      expect(home.statusCode).toBe(503);
      expect(pageText(home.body)).toMatch(/<a [^>]*href="\/admin"[^>]*>Open the console<\/a>/);
      expect(pageText(home.body)).toContain('You are an operator');
      for (const who of ['ivy', '']) {
        const other = await web.get(who, '/');
        expect(other.statusCode).toBe(503);
        expect(other.body).not.toContain('Open the console');
        expect(pageText(other.body)).toContain('We are in maintenance.');
      }
      // An operator's post to another page is refused too, and its page leads to the console.
      const refused = await post('op', '/employer', {
        intent: 'create-company',
        ...companyForm('Op Works', 'https://op-works.example'),
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.body).toContain('Open the console');

      // The console acts: maintenance is turned off there.
      const off = await post('op', '/admin', {
        intent: 'maintenance-off',
        form: 'maintenance-off',
      });
      expect(off.statusCode).toBe(302);
      expect((await app.services.appDetails.get()).isUnderMaintenance).toBe(false);
    } finally {
      await maintenance(false);
    }
  });
});
