// /admin through the whole app (sessions, the production web build, plain form posts as without
// JavaScript): what takes something down (unpublish, suspend, maintenance on) is asked first and
// only done on its confirm; the rest is done on the first press; a refused form that is gone from
// the page leaves what was typed at the top; each repeated button names its item; maintenance
// leaves the sign-in page and the console open to operators.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { openReferenceDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import type { Reference } from '../../../../test/support/fixtures.ts';
import {
  companyForm,
  employerServices,
  ownerWithCompany,
  pageText,
  startPagesApp,
  submitJob,
  type TestBrowsers,
  validForm,
} from '../../../../test/support/employer.ts';
import { consoleFormFields, signInOperator } from '../../../../test/support/operators.ts';

const PAGE = '/admin';

describe('/admin', () => {
  let database: TestDatabase;
  let db: Db;
  let ref: Reference;
  let app: App;
  let web: TestBrowsers;
  let companyId: number;
  let ownerId: string;

  const post = (form: Record<string, string>, url = PAGE) => web.post('op', url, form);
  /** The queue's Approve of a job as `who`'s console shows it now (with the stamp of its words). */
  const approveForm = async (jobId: number | string, who = 'op') => {
    const fields = consoleFormFields((await web.get(who, PAGE)).body, `review-approve-${jobId}`);
    if (!fields) throw new Error(`no Approve of job ${jobId} in the queue`);
    return fields;
  };
  const jobState = async (id: number) =>
    (
      await queryRows<{ status: string; is_active: boolean }>(
        db,
        sql`select status, is_active from jobs where id = ${id}`,
      )
    )[0];
  const submit = async (title: string) =>
    (await submitJob(db, ownerId, companyId, validForm(ref, { title }))).jobId;

  beforeAll(async () => {
    ({ database, db, ref } = await openReferenceDatabase());
    ({ app, web } = await startPagesApp(database));
    await signInOperator(web, db, 'op');
    const made = await ownerWithCompany(db, {
      name: 'Zeta Works',
      website: 'https://zeta.example',
    });
    ({ companyId } = made);
    ownerId = made.owner.id;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('asks before an unpublish, a suspension or maintenance, and does it only when confirmed', async () => {
    await db.execute(sql`update companies set verified = true where id = ${companyId}`);
    const jobId = await submit('Tide Watcher');
    expect(await jobState(jobId)).toEqual({ status: 'live', is_active: true });

    // Posted from the any-job list, found by a search the answers keep.
    const searched = `${PAGE}?q=Tide+Watcher`;
    const unpublish = { intent: 'unpublish', form: `jobs-unpublish-${jobId}`, jobId: `${jobId}` };
    const asked = await post(unpublish, searched);
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['cache-control']).toBe('private, no-store');
    expect(asked.body).toContain('at Zeta Works? It closes at once: it leaves the board');
    // The answer posts the same action again, confirmed, from a button that takes the focus.
    expect(asked.body).toContain('name="confirm" value="yes"');
    expect(asked.body).toMatch(/<button[^>]*autofocus[^>]*>Unpublish for good<\/button>/i);
    // Cancel: the same page as before, back at the form.
    const cancel = `/admin?q=Tide+Watcher&amp;cancelled=unpublish#jobs-unpublish-${jobId}`;
    expect(asked.body).toContain(`href="${cancel}"`);
    const cancelled = await web.get('op', `${searched}&cancelled=unpublish`);
    expect(cancelled.body).toContain(
      'Cancelled: the job was not unpublished. Nothing was changed.',
    );
    expect(await jobState(jobId)).toEqual({ status: 'live', is_active: true });

    const suspend = { intent: 'suspend', form: `companies-suspend-${companyId}` };
    const suspendAsked = await post({ ...suspend, companyId: `${companyId}` });
    expect(suspendAsked.statusCode).toBe(200);
    expect(suspendAsked.body).toContain(
      `Suspend Zeta Works #${companyId}? Its company page and its 1 live job leave the board`,
    );
    const suspended = async () =>
      (
        await queryRows<{ suspended: boolean }>(
          db,
          sql`select suspended from companies where id = ${companyId}`,
        )
      )[0]!.suspended;
    expect(await suspended()).toBe(false);

    const maintenance = await post({ intent: 'maintenance-on', form: 'maintenance-on' });
    expect(maintenance.statusCode).toBe(200);
    expect(maintenance.body).toContain('Put the site into maintenance? Every page');
    expect((await web.get('op', PAGE)).statusCode).toBe(200);

    const done = await post({ ...unpublish, confirm: 'yes' }, searched);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe(`/admin?q=Tide+Watcher&done=unpublish&item=${jobId}`);
    // The word on it names the job and its company, read from the ids (never from the address).
    expect((await web.get('op', done.headers.location!)).body).toContain(
      'Unpublished “Tide Watcher” (Zeta Works).',
    );
    expect(await jobState(jobId)).toEqual({ status: 'closed', is_active: false });

    expect((await post({ ...suspend, companyId: `${companyId}`, confirm: 'yes' })).statusCode).toBe(
      302,
    );
    expect(await suspended()).toBe(true);
    // Undoing it is not asked.
    const unsuspend = await post({
      intent: 'unsuspend',
      form: `companies-unsuspend-${companyId}`,
      companyId: `${companyId}`,
    });
    expect(unsuspend.headers.location).toBe(`/admin?done=unsuspend&item=${companyId}`);
    expect((await web.get('op', unsuspend.headers.location!)).body).toContain(
      `Unsuspended Zeta Works #${companyId}: its page and jobs are back on the board.`,
    );
    expect(await suspended()).toBe(false);

    // A signed-in visitor who is no operator (signed up first: maintenance holds sign-ups back).
    await web.signIn('visitor', 'visitor@board.example');
    expect(
      (await post({ intent: 'maintenance-on', form: 'maintenance-on', confirm: 'yes' })).statusCode,
    ).toBe(302);
    // Visitors get the maintenance page; the sign-in page and, for an operator, the console stay
    // open (as a page and as a client-side navigation's data), so it can be turned off there.
    await expect.poll(async () => (await app.inject('/')).statusCode).toBe(503);
    expect((await app.inject('/jobs')).statusCode).toBe(503);
    expect((await app.inject('/login')).statusCode).toBe(200);
    // Signed out, the console leads to the sign-in page, as it does outside maintenance.
    expect((await app.inject(PAGE)).headers.location).toBe('/login?next=%2Fadmin');
    expect((await web.get('visitor', PAGE)).statusCode).toBe(503);
    expect((await web.get('visitor', '/')).statusCode).toBe(503);
    const consolePage = await web.get('op', PAGE);
    expect(consolePage.statusCode).toBe(200);
    expect(consolePage.body).toContain('Turn maintenance off');
    expect(consolePage.body).toMatch(
      /<a [^>]*href="\/admin\/city-requests"[^>]*>City requests<\/a>/,
    );
    expect((await web.get('op', `${PAGE}.data`)).statusCode).toBe(200);
    // The console's other pages too (city requests), for an operator only.
    expect((await web.get('op', `${PAGE}/city-requests`)).statusCode).toBe(200);
    expect((await web.get('visitor', `${PAGE}/city-requests`)).statusCode).toBe(503);
    expect((await web.get('op', '/')).statusCode).toBe(503);
    const off = await post({ intent: 'maintenance-off', form: 'maintenance-off' });
    expect(off.headers.location).toBe('/admin?done=maintenance-off');
    expect((await web.get('op', off.headers.location!)).body).toContain(
      'Maintenance is off: the site is open again.',
    );
    await expect.poll(async () => (await app.inject('/')).statusCode).toBe(200);
  });

  it('keeps what was typed into a refused form that is gone from the page, at the top', async () => {
    await db.execute(sql`update companies set verified = false where id = ${companyId}`);
    const jobId = await submit('Harbour Pilot');
    expect(await jobState(jobId)).toMatchObject({ status: 'in_review' });
    const reject = (text: string, reason = 'Other') =>
      post({ intent: 'reject', form: `review-reject-${jobId}`, jobId: `${jobId}`, reason, text });

    // Refused while its form is on the page: the error points to the form, which keeps the text.
    const why = await reject('');
    expect(why.statusCode).toBe(409);
    expect(why.body).toContain('Go to the form');
    expect(why.body).not.toContain('to copy');

    expect((await reject('', 'Not a real job opening')).statusCode).toBe(302);
    // Another operator was first, for another reason: the job left the queue, and its form with it.
    const gone = await reject('The logo is someone else’s & the salary is missing.');
    expect(gone.statusCode).toBe(409);
    expect(gone.body).toContain(
      '“Harbour Pilot” was rejected already, for another reason: Not a real job opening. The employer was not e-mailed again.',
    );
    expect(gone.body).not.toContain('Go to the form');
    expect(gone.body).toMatch(
      // Escaped, as typed.
      /Your message to the employer, to copy(<!-- -->)?:<textarea readonly=""[^>]*>The logo is someone else’s &amp; the salary is missing\.<\/textarea>/i,
    );
  });

  it('says plainly what happened to a job its employer closed while the console was open', async () => {
    await db.execute(sql`update companies set verified = true where id = ${companyId}`);
    const jobId = await submit('Lighthouse Keeper');
    // The console was loaded with the job live; its employer closes it before Unpublish is pressed.
    const closed = await employerServices(db).jobs.close(ownerId, jobId);
    expect(closed.ok).toBe(true);
    const form = `jobs-unpublish-${jobId}`;
    const stale = await post(
      { intent: 'unpublish', form, jobId: `${jobId}` },
      `${PAGE}?q=Lighthouse+Keeper`,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain(
      '“Lighthouse Keeper” was closed already by its employer, so it is not on the board. Nothing was changed.',
    );
    expect(stale.body).not.toContain('this one is closed');
    // Its form is gone from the page as it is now, so the top of the page does not point to it.
    expect(stale.body).not.toContain(`id="${form}"`);
    expect(stale.body).not.toContain('Go to the form');
    expect(await jobState(jobId)).toEqual({ status: 'closed', is_active: false });
  });

  it('offers only dismissing the reports on a reported job its employer closed, and leaves it closed', async () => {
    await db.execute(sql`update companies set verified = true where id = ${companyId}`);
    const jobId = await submit('Canal Warden');
    await db.execute(
      sql`insert into job_reports (job_id, reason, visitor_hash, address_hash)
        values (${jobId}, 'scam', 'v', 'a')`,
    );
    // The console showed it live with Restore and Unpublish; then its employer closes it.
    expect((await employerServices(db).jobs.close(ownerId, jobId)).ok).toBe(true);
    const stale = { jobId: `${jobId}` };
    const unpublish = await post({
      ...stale,
      intent: 'unpublish-reported',
      form: `reports-unpublish-reported-${jobId}`,
    });
    expect(unpublish.statusCode).toBe(409);
    expect(pageText(unpublish.body)).toContain(
      '“Canal Warden” was closed already by its employer, so it is not on the board. Nothing was changed. Dismiss its reports instead.',
    );
    expect(unpublish.body).not.toContain('It closes at once');
    const restore = await post({ ...stale, intent: 'restore', form: `reports-restore-${jobId}` });
    expect(restore.statusCode).toBe(409);
    expect(pageText(restore.body)).toContain('Dismiss its reports instead.');
    // The page as it is now says why, and offers only the dismissal.
    const page = await web.get('op', PAGE);
    const group = page.body.slice(page.body.indexOf(`id="reports-title-${jobId}"`));
    const item = pageText(group.slice(0, group.indexOf('</li>')));
    expect(item).toMatch(/The employer closed this job on .+; it is not on the board\./);
    expect(item).toContain('Dismiss the reports');
    expect(page.body).not.toContain(`id="reports-restore-${jobId}"`);
    expect(page.body).not.toContain(`id="reports-unpublish-reported-${jobId}"`);
    const dismissed = await post({
      ...stale,
      intent: 'dismiss-reports',
      form: `reports-dismiss-reports-${jobId}`,
    });
    expect(dismissed.headers.location).toBe(`/admin?done=dismiss-reports&item=${jobId}`);
    expect(pageText((await web.get('op', dismissed.headers.location!)).body)).toContain(
      'Dismissed the reports on “Canal Warden” (Zeta Works); the job stays off the board.',
    );
    const [job] = await queryRows<{ status: string; closed_reason: string | null; open: number }>(
      db,
      sql`select status, closed_reason, (select count(*)::int from job_reports
            where job_id = ${jobId} and resolved_at is null) as open from jobs where id = ${jobId}`,
    );
    expect(job).toEqual({ status: 'closed', closed_reason: null, open: 0 });
    // Dismissing a live job's reports is refused: it is restored or unpublished.
    const live = await submit('Weir Keeper');
    await db.execute(
      sql`insert into job_reports (job_id, reason, visitor_hash, address_hash)
        values (${live}, 'scam', 'v', 'a')`,
    );
    const wrong = await post({ intent: 'dismiss-reports', jobId: `${live}` });
    expect(wrong.statusCode).toBe(409);
    expect(pageText(wrong.body)).toContain('“Weir Keeper” is live. Nothing was changed.');
    const restored = await post({ intent: 'restore', jobId: `${live}` });
    expect(restored.headers.location).toBe(`/admin?done=restore&item=${live}`);
  });

  it("says in the queue and on approval that a suspended company's job stays hidden until it is unsuspended", async () => {
    const made = await ownerWithCompany(db, {
      email: 'owner@kappa.example',
      name: 'Kappa Docks',
      website: 'https://kappa.example',
    });
    await db.execute(sql`update companies set verified = false where id = ${made.companyId}`);
    const jobId = (
      await submitJob(db, made.owner.id, made.companyId, validForm(ref, { title: 'Dock Hand' }))
    ).jobId;
    const company = { companyId: `${made.companyId}`, confirm: 'yes' };
    expect((await post({ ...company, intent: 'suspend' })).statusCode).toBe(302);
    const page = pageText((await web.get('op', PAGE)).body);
    expect(page).toContain('Kappa Docks (unverified, suspended)');
    expect(page).toContain('Its company is suspended: approved, the job stays hidden');
    const approved = await post(await approveForm(jobId));
    expect(approved.headers.location).toBe(`/admin?done=approve&item=${jobId}`);
    expect(pageText((await web.get('op', approved.headers.location!)).body)).toContain(
      'Approved “Dock Hand” (Kappa Docks); its company is suspended, so it shows on the board once the company is unsuspended.',
    );
    expect(await jobState(jobId)).toEqual({ status: 'live', is_active: false });
    // It comes back with the company, as the jobs its suspension hid do.
    expect((await post({ ...company, intent: 'unsuspend' })).statusCode).toBe(302);
    expect(await jobState(jobId)).toEqual({ status: 'live', is_active: true });
  });

  it('says what was done in a sentence, and counts reports in the right number', async () => {
    await db.execute(sql`update companies set verified = false where id = ${companyId}`);
    const jobId = await submit('Ferry Mate');
    const approved = await post(await approveForm(jobId));
    expect(approved.headers.location).toBe(`/admin?done=approve&item=${jobId}`);
    const page = await web.get('op', approved.headers.location!);
    expect(page.body).toContain('Approved “Ferry Mate” (Zeta Works).');
    expect(page.body).not.toMatch(/Done: /);
    // A made-up address claims nothing: a job that is not there, one nobody approved, one
    // another operator approved, one approved by this operator but rejected since.
    const claims = async (address: string, who = 'op') =>
      /role="status"[^>]*>\s*Approved /.test((await web.get(who, address)).body);
    expect(await claims(`${PAGE}?done=approve&item=999999`)).toBe(false);
    const waiting = await submit('Ferry Hand');
    expect(await claims(`${PAGE}?done=approve&item=${waiting}`)).toBe(false);
    await signInOperator(web, db, 'op3');
    expect(await claims(approved.headers.location!, 'op3')).toBe(false);
    expect(await claims(approved.headers.location!)).toBe(true);
    await post({
      intent: 'reject',
      jobId: `${jobId}`,
      seen: 'live',
      reason: 'Not a real job opening',
    });
    expect(await claims(approved.headers.location!)).toBe(false);
    expect((await web.get('op', `${PAGE}?done=pwned`)).body).not.toMatch(
      /role="status"[^>]*>[^<]*pwned/,
    );
    // Names every object has are no actions either: the page shows, with no word on it.
    for (const name of ['constructor', 'toString', '__proto__']) {
      for (const key of ['done', 'cancelled']) {
        const odd = await web.get('op', `${PAGE}?${key}=${name}`);
        expect(odd.statusCode, `${key}=${name}`).toBe(200);
        expect(odd.body, `${key}=${name}`).not.toMatch(/Cancelled: |function /);
      }
    }
    await db.execute(
      sql`insert into job_reports (job_id, reason, visitor_hash, address_hash)
        values (${jobId}, 'scam', 'v', 'a')`,
    );
    expect(pageText((await web.get('op', PAGE)).body)).toContain('Reports (1 job)');
  });

  it("shows a suspended company's employer what it means, and offers only what will work", async () => {
    const boss = await web.signIn('boss', 'boss@eta.example');
    const made = await employerServices(db).companies.create(
      boss,
      companyForm('Eta Yard', 'https://eta.example'),
    );
    if (!made.ok) throw new Error(made.message);
    const etaId = made.value.companyId;
    await db.execute(sql`update companies set verified = true where id = ${etaId}`);
    const post = async (title: string) =>
      (await submitJob(db, boss.id, etaId, validForm(ref, { title }))).jobId;
    await post('Crane Operator');
    const unpublished = await post('Rigger');
    const confirm = { confirm: 'yes' };
    await web.post('op', PAGE, { intent: 'unpublish', jobId: `${unpublished}`, ...confirm });
    const before = (await web.get('boss', '/employer')).body;
    expect(before).toContain('Post a job');
    expect(before).toContain('Closed by our team.');
    expect(before).not.toContain('data-suspended-notice');

    await web.post('op', PAGE, { intent: 'suspend', companyId: `${etaId}`, ...confirm });
    const page = (await web.get('boss', '/employer')).body;
    expect(page).toContain('data-suspended-notice');
    expect(page).toContain('Eta Yard is suspended');
    // The job form's notice, less its way back here.
    expect(pageText(page)).toContain('You can still preview and close its jobs.');
    expect(page).not.toContain('Back to your jobs');
    expect(page).toContain('href="/contact"');
    // The live job is hidden: its badge says so, not "Live", and it is not called rejected.
    expect(page).toMatch(/>Hidden<\/span>/);
    expect(page).not.toMatch(/>Live<\/span>/);
    expect(page).not.toContain('Rejected:');
    expect(page).toContain('Hidden while the company is suspended.');
    // The jobs service refuses to publish for it: nothing that leads there is offered.
    expect(page).not.toContain('Post a job');
    expect(page).not.toMatch(/aria-label="(Edit|Duplicate|Repost): /);
    expect(page).toContain('aria-label="Close: Crane Operator"');
    expect(page).toContain('aria-label="Preview: Rigger"');
    // The console says its live job is hidden, rather than "1 live job".
    const listed = pageText((await web.get('op', `${PAGE}?company=Eta`)).body);
    expect(listed).toContain('suspended; 1 job hidden while suspended');
    expect(listed).not.toContain('suspended; 1 live job');
  });

  it('answers a second press of an action (a double click, a second tab) as done, like the first', async () => {
    await db.execute(sql`update companies set verified = false where id = ${companyId}`);
    const jobId = await submit('Buoy Tender');
    const approve = await approveForm(jobId);
    for (let press = 1; press <= 2; press++) {
      const answer = await post(approve);
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe(`/admin?done=approve&item=${jobId}`);
    }
    expect((await web.get('op', `${PAGE}?done=approve&item=${jobId}`)).body).toContain(
      'Approved “Buoy Tender” (Zeta Works).',
    );
    expect(await jobState(jobId)).toEqual({ status: 'live', is_active: true });

    // What is asked first, pressed again once done: nothing is asked, and it says it is done.
    const company = { companyId: `${companyId}` };
    const asked = [
      [{ intent: 'suspend', ...company }, `/admin?done=suspend&item=${companyId}`],
      [{ intent: 'maintenance-on' }, '/admin?done=maintenance-on'],
    ] as const;
    for (const [form, done] of asked) {
      const presses: Record<string, string>[] = [{ confirm: 'yes' }, {}, { confirm: 'yes' }];
      for (const confirm of presses) {
        const answer = await post({ ...form, ...confirm });
        expect([answer.statusCode, answer.headers.location]).toEqual([302, done]);
      }
    }
    for (const form of [{ intent: 'unsuspend', ...company }, { intent: 'maintenance-off' }]) {
      for (let press = 1; press <= 2; press++) expect((await post(form)).statusCode).toBe(302);
    }
    await expect.poll(async () => (await app.inject('/')).statusCode).toBe(200);

    // Rejected meanwhile by another operator: approving it would overrule them, so it is refused.
    const refused = await submit('Net Mender');
    await post({ intent: 'reject', jobId: `${refused}`, reason: 'Not a real job opening' });
    const late = await post({ ...approve, form: `review-approve-${refused}`, jobId: `${refused}` });
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('Only a job in review can be approved (this one is rejected)');
    expect(await jobState(refused)).toEqual({ status: 'rejected', is_active: false });
  });

  it("refuses a stale page's decision that another operator made first, saying so, and keeps Unpublish at hand", async () => {
    await signInOperator(web, db, 'op2');
    const byOther = (form: Record<string, string>) => web.post('op2', PAGE, form);
    await db.execute(sql`update companies set verified = false where id = ${companyId}`);
    const job = await submitJob(db, ownerId, companyId, validForm(ref, { title: 'Dock Clerk' }));
    const jobId = `${job.jobId}`;
    expect((await byOther(await approveForm(jobId, 'op2'))).statusCode).toBe(302);

    // This operator's queue still showed it in review: Reject is refused, and it stays live.
    const reject = {
      intent: 'reject',
      form: `review-reject-${jobId}`,
      jobId,
      seen: 'in_review',
      reason: 'Not a real job opening',
      text: '',
    };
    const stale = await post(reject);
    expect(stale.statusCode).toBe(409);
    const said = pageText(stale.body);
    expect(said).toContain(
      '“Dock Clerk” was approved already, by another operator (it is live). Nothing was changed. If it must still go, unpublish it under “Any job”.',
    );
    expect(said).not.toContain('Rejected “Dock Clerk”');
    expect(await jobState(job.jobId)).toEqual({ status: 'live', is_active: true });
    // The way to take it down: its Unpublish in "Any job", which asks first.
    const unpublishAt = `/admin?q=${job.pageUrl}#jobs-unpublish-${jobId}`;
    expect(stale.body).toContain(`href="${unpublishAt}"`);
    expect(said).toMatch(/<a [^>]*href="[^"]+"[^>]*>Unpublish “Dock Clerk” under “Any job”<\/a>/);
    const anyJob = await web.get('op', unpublishAt.replace(/#.*/, ''));
    expect(anyJob.body).toContain(`id="jobs-unpublish-${jobId}"`);
    // "Any job" shows it live, so its Reject there posts that it saw it live.
    expect(anyJob.body).toMatch(
      new RegExp(`<form [^>]*id="jobs-reject-${jobId}"[^]*?name="seen" value="live"`),
    );

    // Suspended and unsuspended by another operator: this one's stale Unsuspend did nothing.
    const company = { companyId: `${companyId}` };
    expect((await byOther({ intent: 'suspend', ...company, confirm: 'yes' })).statusCode).toBe(302);
    const staleSuspend = await post({
      intent: 'suspend',
      form: `companies-suspend-${companyId}`,
      ...company,
    });
    expect(staleSuspend.statusCode).toBe(409);
    expect(pageText(staleSuspend.body)).toContain(
      `Zeta Works #${companyId} was suspended already, by another operator. Nothing was changed.`,
    );
    expect((await byOther({ intent: 'unsuspend', ...company })).statusCode).toBe(302);
    const staleUnsuspend = await post({
      intent: 'unsuspend',
      form: `companies-unsuspend-${companyId}`,
      ...company,
    });
    expect(staleUnsuspend.statusCode).toBe(409);
    const unsaid = pageText(staleUnsuspend.body);
    expect(unsaid).toContain(
      `Zeta Works #${companyId} was unsuspended already, by another operator. Nothing was changed.`,
    );
    expect(unsaid).not.toContain('back on the board');
  });

  it('ties each repeated button to the title of its item', async () => {
    const jobId = await submit('Lock Keeper');
    const page = await web.get('op', PAGE);
    expect(page.body).toContain(`id="review-title-${jobId}"`);
    const describedBy = (name: string) =>
      new RegExp(`<button[^>]*aria-describedby="review-title-${jobId}"[^>]*>${name}</button>`);
    expect(page.body).toMatch(describedBy('Approve'));
    expect(page.body).toMatch(describedBy('Reject'));
    expect(page.body).toContain(`id="companies-title-${companyId}"`);
  });
});
