// The employer dashboard's actions through the whole app (sessions, the production web build,
// plain form posts as without JavaScript): a done action answers with a redirect to a page that
// says what was done, keeping the filter it was posted from, so a reload shows the page rather
// than posting again; a refused one comes back as the page with why, and a 409.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { queryRows } from '../../db/client.ts';
import { openReferenceDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import type { Reference } from '../../../../test/support/fixtures.ts';
import {
  companyForm,
  employerServices,
  pageText,
  startPagesApp,
  submitJob,
  type TestAccount,
  type TestBrowsers,
  validForm,
} from '../../../../test/support/employer.ts';

const PAGE = '/employer';
/** The words of the page's status box (the answer to the last post), or null when there is none. */
const statusOf = (html: string) =>
  /<p[^>]*role="status"[^>]*>(.*?)<\/p>/.exec(pageText(html))?.[1] ?? null;

describe('/employer actions', () => {
  let database: TestDatabase;
  let app: App;
  let web: TestBrowsers;
  let ref: Reference;
  let owner: TestAccount;
  let companyId: number;

  const submit = async (title: string) =>
    (await submitJob(database.db, owner.id, companyId, validForm(ref, { title }))).jobId;

  beforeAll(async () => {
    ({ database, ref } = await openReferenceDatabase());
    ({ app, web } = await startPagesApp(database));
    owner = await web.signIn('olive', 'olive@omega.example');
    const made = await employerServices(database.db).companies.create(
      owner,
      companyForm('Omega Docks', 'https://omega.example'),
    );
    if (!made.ok) throw new Error(made.message);
    companyId = made.value.companyId;
    await database.db.execute(sql`update companies set verified = true where id = ${companyId}`);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('dates a job waiting for review, or refused, as submitted, not posted', async () => {
    const waiting = await submit('Berth Planner');
    const refused = await submit('Crane Operator');
    // As a first submission of a company not verified leaves them: never on the board.
    await database.db.execute(
      sql`update jobs set status = 'in_review', has_been_live = false where id = ${waiting}`,
    );
    await database.db.execute(
      sql`update jobs set status = 'rejected', rejection_reason = 'Not a real job opening',
            has_been_live = false where id = ${refused}`,
    );
    const rowOf = (html: string, title: string) =>
      html.slice(html.indexOf(title), html.indexOf('Closes:', html.indexOf(title)));
    const page = pageText((await web.get('olive', PAGE)).body);
    for (const title of ['Berth Planner', 'Crane Operator']) {
      expect(rowOf(page, title)).toContain('Submitted:');
      expect(rowOf(page, title)).not.toContain('Posted:');
    }
    const live = await submit('Tally Clerk');
    expect(rowOf(pageText((await web.get('olive', PAGE)).body), 'Tally Clerk')).toContain(
      'Posted:',
    );
    await database.db.execute(sql`delete from jobs where id in (${waiting}, ${refused}, ${live})`);
  });

  it('closes a job and discards a draft with a redirect to the filtered page that says so', async () => {
    const jobId = await submit('Quay Clerk');
    // Posted from a page that said what was done before: the filter stays, the old word goes.
    const from = `${PAGE}?status=live&done=discarded&item=7`;
    const asked = await web.post('olive', from, { intent: 'close', id: `${jobId}` });
    expect(asked.statusCode).toBe(200);
    expect(pageText(asked.body)).toContain('Close “Quay Clerk”? It leaves the board at once');

    const closed = await web.post('olive', from, {
      intent: 'close',
      id: `${jobId}`,
      confirm: 'yes',
    });
    expect(closed.statusCode).toBe(302);
    expect(closed.headers['cache-control']).toBe('private, no-store');
    expect(closed.headers.location).toBe(`${PAGE}?status=live&done=closed&item=${jobId}`);
    const page = await web.get('olive', closed.headers.location!);
    expect(page.statusCode).toBe(200);
    expect(statusOf(page.body)).toBe('Job closed.');
    // The dashboard's forms post to the page without the word, so a question is not shown under it.
    expect(page.body).not.toMatch(/<form[^>]*action="[^"]*done=/);
    // The closed job's row says when it closed (today), not the closing date it never reached.
    const closedPage = pageText((await web.get('olive', `${PAGE}?status=closed`)).body);
    const row = closedPage.slice(closedPage.indexOf('Quay Clerk'));
    const dates = row.slice(0, row.indexOf('</dl>')).replace(/<[^>]*>/g, ' ');
    const today = new Date();
    const day = `${today.getUTCDate()} ${today.toUTCString().slice(8, 11)} ${today.getUTCFullYear()}`;
    expect(dates).toMatch(new RegExp(`Closed:\\s+${day}`));
    expect(dates).not.toContain('Closes:');

    const draft = await employerServices(database.db).jobs.saveDraft(
      owner.id,
      { companyId },
      { title: 'Crane Hand' },
    );
    if (!draft.ok) throw new Error(draft.message);
    // Discard asks first (its question's own button discards), the draft kept until then.
    const discarding = { intent: 'discard', id: `${draft.value.draftId}` };
    const question = await web.post('olive', PAGE, discarding);
    expect(question.statusCode).toBe(200);
    const asking = pageText(question.body);
    expect(asking).toContain(
      'Discard the draft “Crane Hand”? What it holds is deleted and cannot be brought back.',
    );
    expect(asking).toMatch(/name="confirm" value="yes"/);
    expect(asking).toContain('Keep the draft');
    const kept = await queryRows<{ id: number }>(
      database.db,
      sql`select id from job_drafts where id = ${draft.value.draftId}`,
    );
    expect(kept).toHaveLength(1);
    const discarded = await web.post('olive', PAGE, { ...discarding, confirm: 'yes' });
    expect(discarded.headers.location).toBe(`${PAGE}?done=discarded&item=${draft.value.draftId}`);
    expect(statusOf((await web.get('olive', discarded.headers.location!)).body)).toBe(
      'Draft discarded.',
    );
    // An address says only what the dashboard has words for.
    expect(statusOf((await web.get('olive', `${PAGE}?done=constructor`)).body)).toBeNull();
  });

  it('answers a link checked with a redirect, and a refused reopening with the page and a 409', async () => {
    const jobId = await submit('Pilot Boat Skipper');
    // Closed by the daily check; its link now points where no check may go.
    await database.db.execute(sql`update jobs set status = 'closed', is_active = false,
      closed_reason = 'apply link not working', apply_link = 'http://127.0.0.1/apply'
      where id = ${jobId}`);
    const from = `${PAGE}?status=closed`;
    const checked = await web.post('olive', from, { intent: 'check-link', id: `${jobId}` });
    expect(checked.statusCode).toBe(302);
    expect(checked.headers.location).toBe(`${PAGE}?status=closed&done=link-fails&item=${jobId}`);
    expect(statusOf((await web.get('olive', checked.headers.location!)).body)).toBe(
      'The apply link still does not work (the last answer: private address). Correct it with Edit, then reopen the job.',
    );

    const reopen = await web.post('olive', from, { intent: 'reopen', id: `${jobId}` });
    expect(reopen.statusCode).toBe(409);
    expect(statusOf(reopen.body)).toContain('The apply link still does not work');
  });

  it('tells an unverified company that its changed live job went back to review, off the board', async () => {
    const ursula = await web.signIn('ursula', 'ursula@mail.example');
    const made = await employerServices(database.db).companies.create(
      ursula,
      companyForm('Upsilon Yards', 'https://upsilon.example'),
    );
    if (!made.ok || made.value.verified) throw new Error('no unverified company');
    const { jobId, pageUrl } = await submitJob(
      database.db,
      ursula.id,
      made.value.companyId,
      validForm(ref, { title: 'Dock Hand' }),
    );
    // Approved by our team; a seeker's visit keeps the page in this server's cache.
    await database.db.execute(sql`update jobs set status = 'live', is_active = true
      where id = ${jobId}`);
    const jobPage = `/job-description/${pageUrl}`;
    expect((await app.inject({ method: 'GET', url: jobPage })).statusCode).toBe(200);

    const edit = `/employer/jobs/${jobId}/edit`;
    expect(pageText((await web.get('ursula', edit)).body)).toContain(
      'Your company is not verified yet: a change to the title, description, apply link or any other text goes to our team for review',
    );
    const sent = await web.post('ursula', edit, {
      ...validForm(ref, { title: 'Dock Hand', applyLink: 'https://upsilon.example/pay-first' }),
      intent: 'submit',
    });
    expect(sent.statusCode).toBe(302);
    expect(sent.headers.location).toBe(`${PAGE}?done=changes-in_review`);
    expect(statusOf((await web.get('ursula', sent.headers.location!)).body)).toBe(
      'Your changes were sent for review, as your company is not verified yet: the job is off the board until our team has approved them, then it shows again.',
    );
    const gone = await app.inject({ method: 'GET', url: jobPage });
    expect(gone.statusCode).not.toBe(200);
    // Where its address leads says it is being updated, not closed, and shows no unread title.
    const inactive = await app.inject({ method: 'GET', url: gone.headers.location! });
    const said = pageText(inactive.body);
    expect(said).toContain('Being updated: a job at Upsilon Yards');
    expect(said).toContain('This job is being updated and will be back after a check.');
    expect(said).not.toMatch(/Position closed|no longer active|Dock Hand/);

    // A verified company's change is live at once, and its form says nothing of review.
    const own = await submit('Harbour Pilot');
    const ownEdit = `/employer/jobs/${own}/edit`;
    expect(pageText((await web.get('olive', ownEdit)).body)).not.toContain('goes to our team');
    const changed = await web.post('olive', ownEdit, {
      ...validForm(ref, { title: 'Senior Harbour Pilot' }),
      intent: 'submit',
    });
    expect(changed.headers.location).toBe(`${PAGE}?done=live`);
  });

  it('holds the copy of a job hidden after reports for review, and says why', async () => {
    const jobId = await submit('Easy Money Courier');
    await database.db.execute(sql`update jobs set is_active = false,
      hidden_reason = 'reported as a scam' where id = ${jobId}`);
    // Hidden by the reports themselves, not by our team: the row says so.
    expect(pageText((await web.get('olive', PAGE)).body)).toContain(
      'Hidden after reports: visitors reported it as a scam. No visitor sees it until our team has checked the reports.',
    );
    const copied = await web.post('olive', PAGE, { intent: 'duplicate', id: `${jobId}` });
    expect(copied.statusCode).toBe(302);
    const draftPage = copied.headers.location!;
    const sent = await web.post('olive', draftPage, {
      ...validForm(ref, { title: 'Easy Money Courier' }),
      intent: 'submit',
    });
    expect(sent.headers.location).toBe(`${PAGE}?done=in_review-copy-hidden`);
    expect(statusOf((await web.get('olive', sent.headers.location!)).body)).toBe(
      'Your job was held for our review, as the job it copies was hidden after reports: it goes live once our team has checked it.',
    );
    const rows = await queryRows<{ status: string; is_active: boolean }>(
      database.db,
      sql`select status, is_active from jobs where title = 'Easy Money Courier' and id <> ${jobId}`,
    );
    expect(rows.map((r) => [r.status, r.is_active])).toEqual([['in_review', false]]);
  });

  it('answers a request to join with a redirect to the same search, saying it was sent', async () => {
    await web.signIn('pat', 'pat@elsewhere.example');
    const from = `${PAGE}?join=Omega`;
    expect(pageText((await web.get('pat', from)).body)).toContain('Omega Docks');
    const sent = await web.post('pat', from, { intent: 'request-join', companyId: `${companyId}` });
    expect(sent.statusCode).toBe(302);
    expect(sent.headers.location).toBe(`${PAGE}?join=Omega&done=join-requested&item=${companyId}`);
    const page = pageText((await web.get('pat', sent.headers.location!)).body);
    expect(page).toContain('Request sent: an owner of the company will answer it.');
    expect(page).toContain('Omega Docks');
    // Its own company: refused, as the page with why.
    const own = await web.post('olive', from, {
      intent: 'request-join',
      companyId: `${companyId}`,
    });
    expect(own.statusCode).toBe(409);
    expect(statusOf(own.body)).toBe('You already belong to this company');
  });
});
