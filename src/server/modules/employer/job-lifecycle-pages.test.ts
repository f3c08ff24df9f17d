// What the employer's pages say of a job by where it is in its life (DESIGN.md §10), through the
// whole app (sessions, the production web build, plain form posts as without JavaScript): a
// rejected job's form says why and what submitting it again does; closing a job never on the
// board does not say it leaves the board, and such a job was submitted, not posted (the dashboard
// and the operator's preview alike); a draft made by Repost or Duplicate says which, of what job.
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
import { signInOperator } from '../../../../test/support/operators.ts';

const PAGE = '/employer';
const REASON = 'Misleading: the salary is not paid monthly';

describe("a job's life as the employer's pages tell it", () => {
  let database: TestDatabase;
  let app: App;
  let web: TestBrowsers;
  let ref: Reference;
  /** Vera's company is verified (her address is at its website); Uma's is not. */
  const people: Record<'vera' | 'uma', { account: TestAccount; companyId: number }> = {} as never;

  const submit = async (who: 'vera' | 'uma', title: string) =>
    submitJob(
      database.db,
      people[who].account.id,
      people[who].companyId,
      validForm(ref, { title }),
    );
  const reject = (jobId: number) =>
    database.db.execute(sql`update jobs set status = 'rejected', is_active = false,
      rejection_reason = ${REASON} where id = ${jobId}`);
  const statusOf = async (jobId: number) =>
    (
      await queryRows<{ status: string }>(
        database.db,
        sql`select status from jobs where id = ${jobId}`,
      )
    )[0]?.status;
  /** The dashboard row of the job titled `title`, as its words read. */
  const rowOf = (html: string, title: string) => {
    const at = html.indexOf(`>${title}<`);
    expect(at).toBeGreaterThan(-1);
    return html.slice(at, html.indexOf('</li>', at)).replace(/<[^>]*>/g, ' ');
  };

  beforeAll(async () => {
    ({ database, ref } = await openReferenceDatabase());
    ({ app, web } = await startPagesApp(database));
    const svc = employerServices(database.db);
    for (const [who, email, name, website] of [
      ['vera', 'vera@vera-ports.example', 'Vera Ports', 'https://vera-ports.example'],
      ['uma', 'uma@mail.example', 'Uma Freight', 'https://uma-freight.example'],
    ] as const) {
      const account = await web.signIn(who, email);
      const made = await svc.companies.create(account, companyForm(name, website));
      if (!made.ok || made.value.verified !== (who === 'vera'))
        throw new Error(`no company ${name}`);
      people[who] = { account, companyId: made.value.companyId };
    }
    await signInOperator(web, database.db, 'op');
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("says on a rejected job's form why, and that Submit again sends it to review", async () => {
    const { jobId } = await submit('uma', 'Net Mender');
    await reject(jobId);
    const edit = `/employer/jobs/${jobId}/edit`;
    const html = pageText((await web.get('uma', edit)).body);
    expect(html).toContain('>Employer · Rejected</p>');
    expect(html).toContain('Our team rejected this job');
    expect(html).toContain(`<p class="mt-1">Why: ${REASON}</p>`);
    expect(html).toContain('It is not on the board. Correct it below, then submit it again.');
    // Above the form, where it is corrected.
    expect(html.indexOf('data-rejected')).toBeLessThan(html.indexOf('name="title"'));
    expect(html).toMatch(/<button[^>]*value="submit"[^>]*>Submit again<\/button>/);
    expect(html).not.toContain('Save changes');
    expect(html).toContain('Submit again sends the job to our team for review');

    const sent = await web.post('uma', edit, {
      ...validForm(ref, {
        title: 'Net Mender',
        description: 'Mend the nets of our fishing fleet by hand; paid every month.',
      }),
      intent: 'submit',
    });
    expect(sent.headers.location).toBe(`${PAGE}?done=in_review`);
    expect(await statusOf(jobId)).toBe('in_review');
    // In review, the form is an edit's again.
    const after = pageText((await web.get('uma', edit)).body);
    expect(after).toContain('Save changes');
    expect(after).not.toContain('data-rejected');
  });

  it("says on a verified company's rejected job that Submit again publishes it", async () => {
    const { jobId } = await submit('vera', 'Rope Maker');
    await reject(jobId);
    const edit = `/employer/jobs/${jobId}/edit`;
    const html = pageText((await web.get('vera', edit)).body);
    expect(html).toContain('Submit again publishes the job at once: your company is verified.');
    expect(html).not.toContain('sends the job to our team');
    const sent = await web.post('vera', edit, {
      ...validForm(ref, {
        title: 'Rope Maker',
        description: 'Make and splice the ropes of our sailing fleet; paid every month.',
      }),
      intent: 'submit',
    });
    expect(sent.headers.location).toBe(`${PAGE}?done=live`);
    expect(await statusOf(jobId)).toBe('live');
  });

  it('asks to close a job by where it is, and dates one never on the board as submitted', async () => {
    const ask = async (who: 'vera' | 'uma', jobId: number) => {
      const asked = await web.post(who, PAGE, { intent: 'close', id: `${jobId}` });
      expect(asked.statusCode).toBe(200);
      return pageText(asked.body);
    };
    const close = async (who: 'vera' | 'uma', jobId: number) => {
      const closed = await web.post(who, PAGE, { intent: 'close', id: `${jobId}`, confirm: 'yes' });
      expect(closed.statusCode).toBe(302);
    };
    // Waiting for its first review: never on the board.
    const waiting = await submit('uma', 'Sail Patcher');
    const first = await ask('uma', waiting.jobId);
    expect(first).toContain(
      'Close “Sail Patcher”? It is waiting for our review, and it will not be published. You can repost it later.',
    );
    expect(first).not.toContain('leaves the board');
    await close('uma', waiting.jobId);
    const closedRow = rowOf(pageText((await web.get('uma', PAGE)).body), 'Sail Patcher');
    expect(closedRow).toContain('Submitted:');
    expect(closedRow).not.toContain('Posted:');

    // Live once, then back in review after a change to its words: off the board, but posted.
    const back = await submit('uma', 'Deck Painter');
    await database.db.execute(sql`update jobs set status = 'live', is_active = true
      where id = ${back.jobId}`);
    const sent = await web.post('uma', `/employer/jobs/${back.jobId}/edit`, {
      ...validForm(ref, { title: 'Deck Painter', applyLink: 'https://uma-freight.example/deck' }),
      intent: 'submit',
    });
    expect(sent.headers.location).toBe(`${PAGE}?done=changes-in_review`);
    expect(await ask('uma', back.jobId)).toContain(
      'Close “Deck Painter”? It is off the board while it waits for our review, and it will not come back.',
    );
    expect(rowOf(pageText((await web.get('uma', PAGE)).body), 'Deck Painter')).toContain('Posted:');

    // Live: it leaves the board.
    const live = await submit('vera', 'Mast Rigger');
    expect(await ask('vera', live.jobId)).toContain(
      'Close “Mast Rigger”? It leaves the board at once and its page says it is no longer active.',
    );
    await close('vera', live.jobId);
    expect(rowOf(pageText((await web.get('vera', PAGE)).body), 'Mast Rigger')).toContain('Posted:');
  });

  it('says a saved edit of a closed job saved it and left it closed, not "Job closed."', async () => {
    const job = await submit('vera', 'Rope Splicer');
    const closed = await web.post('vera', PAGE, {
      intent: 'close',
      id: `${job.jobId}`,
      confirm: 'yes',
    });
    expect(closed.statusCode).toBe(302);
    const saved = await web.post('vera', `/employer/jobs/${job.jobId}/edit`, {
      ...validForm(ref, { title: 'Rope Splicer (nights)' }),
      intent: 'submit',
    });
    expect(saved.statusCode).toBe(302);
    expect(saved.headers.location).toBe(`${PAGE}?done=changes-closed`);
    const page = pageText((await web.get('vera', saved.headers.location!)).body);
    expect(page).toContain('Changes saved. The job stays closed; Repost it to list it again.');
    expect(page).not.toContain('Job closed.');
    expect(await statusOf(job.jobId)).toBe('closed');
  });

  it("dates a job never on the board as submitted in the operator's preview", async () => {
    const waiting = await submit('uma', 'Hull Scraper');
    const html = pageText((await web.get('op', `/admin/jobs/${waiting.jobId}`)).body);
    expect(html).toMatch(/<dt[^>]*>Submitted<\/dt>/);
    expect(html).toContain('Submitted on ');
    expect(html).not.toMatch(/Posted date|Posted (by [^<]* )?on /);

    // Approved: on the board, so posted.
    await database.db.execute(sql`update jobs set status = 'live', is_active = true
      where id = ${waiting.jobId}`);
    const live = pageText((await web.get('op', `/admin/jobs/${waiting.jobId}`)).body);
    expect(live).toMatch(/<dt[^>]*>Posted date<\/dt>/);
    expect(live).not.toContain('Submitted on ');
  });

  it('names the job a draft reposts or copies on its form, after a save and a reload too', async () => {
    const { jobId } = await submit('vera', 'Sail Maker');
    const copied = await web.post('vera', PAGE, { intent: 'duplicate', id: `${jobId}` });
    expect(copied.headers.location).toMatch(/^\/employer\/jobs\/new\?draft=\d+$/);
    const copy = pageText((await web.get('vera', copied.headers.location!)).body);
    expect(copy).toContain('>Employer · Copy of “Sail Maker”</p>');
    expect(copy).toContain('A new job, filled in from “Sail Maker”, which stays as it is');
    expect(copy).not.toContain('Repost');
    // Saved with another title (without JavaScript: back to the form), it still says so.
    const saved = await web.post('vera', copied.headers.location!, {
      ...validForm(ref, { title: 'Sail Maker (nights)' }),
      intent: 'save',
    });
    expect(saved.statusCode).toBe(302);
    expect(pageText((await web.get('vera', saved.headers.location!)).body)).toContain(
      '>Employer · Copy of “Sail Maker”</p>',
    );

    await web.post('vera', PAGE, { intent: 'close', id: `${jobId}`, confirm: 'yes' });
    const reposted = await web.post('vera', PAGE, { intent: 'repost', id: `${jobId}` });
    expect(reposted.headers.location).toMatch(/^\/employer\/jobs\/new\?draft=\d+$/);
    const repost = pageText((await web.get('vera', reposted.headers.location!)).body);
    expect(repost).toContain('>Employer · Repost of “Sail Maker”</p>');
    expect(repost).toContain('A new posting of the job, filled in from it');
    expect(repost).not.toContain('Copy of');

    // A new job's form is a plain one.
    const fresh = pageText((await web.get('vera', '/employer/jobs/new')).body);
    expect(fresh).toContain('>Employer</p>');
    expect(fresh).not.toMatch(/Repost of|Copy of/);
  });
});
