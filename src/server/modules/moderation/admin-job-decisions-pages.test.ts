// Approve and Reject pressed on the job preview /admin/jobs/:id, through the whole app (sessions,
// the production web build, plain form posts as without JavaScript): done, the console says what
// was done, as after its own forms; refused (a reason missing, another operator first), the
// preview stays, saying why, with what was typed kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { type Reference, seedReference } from '../../../../test/support/fixtures.ts';
import {
  employerServices,
  ownerWithCompany,
  pageText,
  startPagesApp,
  type TestBrowsers,
  validForm,
} from '../../../../test/support/employer.ts';
import { consoleFormFields } from '../../../../test/support/operators.ts';
import { createOperators } from './operators.service.ts';

const MESSAGE = 'Please name the salary range, then send it again.';

describe('deciding from /admin/jobs/:id', () => {
  let database: TestDatabase;
  let app: App;
  let web: TestBrowsers;
  let ref: Reference;
  let owner: Awaited<ReturnType<typeof ownerWithCompany>>['owner'];
  let companyId: number;

  /** A new job of the unverified company, waiting for review: its id and preview's address. */
  async function jobInReview(title: string) {
    const done = await employerServices(database.db).jobs.submit(
      owner.id,
      { companyId },
      validForm(ref, { title }),
    );
    if (!done.ok || done.value.jobId === null) throw new Error(JSON.stringify(done));
    expect(done.value.status).toBe('in_review');
    const id = done.value.jobId;
    return { id, page: `/admin/jobs/${id}` };
  }

  /**
   * Approve or Reject as the form sends it from the page at `url` as `who` loads it now, or, given,
   * as `shown` (a page loaded earlier); a page without the form posts its bare ids.
   */
  const decide = async (
    who: string,
    url: string,
    id: number,
    intent: 'approve' | 'reject',
    typed: Record<string, string> = {},
    shown?: string,
  ) => {
    const form = `review-${intent}-${id}`;
    const html = shown ?? (await web.get(who, url)).body;
    const fields = consoleFormFields(html, form) ?? { intent, form, jobId: String(id) };
    return web.post(who, url, { ...fields, ...typed });
  };

  /** The top of the page's refusal: its box, which script focuses, and what it holds. */
  const alertOf = (html: string) => {
    const at = html.indexOf('role="alert"');
    expect(at, 'a refusal at the top').toBeGreaterThan(-1);
    const start = html.lastIndexOf('<div', at);
    return html.slice(start, html.indexOf('</div>', html.indexOf('</p>', at)) + 6);
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    ref = await seedReference(database.db);
    ({ app, web } = await startPagesApp(database));
    for (const who of ['op', 'op2']) {
      await web.signIn(who, `${who}@board.example`);
      await createOperators(database.db).add(`${who}@board.example`);
    }
    ({ owner, companyId } = await ownerWithCompany(database.db, {
      name: 'Lamp Counters',
      website: 'https://lamps.example',
    }));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('posts its forms to the preview itself', async () => {
    const { id, page } = await jobInReview('Lamp Counter');
    const html = pageText((await web.get('op', page)).body);
    for (const form of [`review-approve-${id}`, `review-reject-${id}`]) {
      expect(/<form [^>]*>/.exec(html.slice(html.indexOf(`<form id="${form}"`)))?.[0]).toContain(
        `action="${page}"`,
      );
    }
  });

  it('done, goes to the console, which says what was done', async () => {
    const approved = await jobInReview('Lamp Lighter');
    const answer = await decide('op', approved.page, approved.id, 'approve');
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(`/admin?done=approve&item=${approved.id}`);
    const consolePage = pageText((await web.get('op', answer.headers.location!)).body);
    expect(consolePage).toContain('Approved “Lamp Lighter” (Lamp Counters).');
    expect(pageText((await web.get('op', approved.page)).body)).toContain('data-status="live"');

    const rejected = await jobInReview('Lamp Polisher');
    const no = await decide('op', rejected.page, rejected.id, 'reject', {
      reason: 'Other',
      text: MESSAGE,
    });
    expect(no.statusCode).toBe(302);
    expect(no.headers.location).toBe(`/admin?done=reject&item=${rejected.id}`);
    expect(pageText((await web.get('op', no.headers.location!)).body)).toContain(
      'Rejected “Lamp Polisher” (Lamp Counters); the employer was e-mailed the reason.',
    );
  });

  it('refused while the job still waits, stays on the preview with the error at the form and the reason kept', async () => {
    const { id, page } = await jobInReview('Lamp Trimmer');
    const answer = await decide('op', page, id, 'reject', { reason: 'Other', text: '' });
    expect(answer.statusCode).toBe(409);
    const html = pageText(answer.body);
    expect(html).toContain('Operator’s preview of “Lamp Trimmer”');
    const error = 'Say why, when the reason is "Other"';
    // Under its form, which describes the button pressed by it (the button keeps the focus)...
    expect(html).toContain(`<p id="review-reject-${id}-error" class="text-danger`);
    const form = html.slice(html.indexOf(`<form id="review-reject-${id}"`));
    expect(form.slice(0, form.indexOf('</form>'))).toContain(error);
    expect(form).toMatch(
      new RegExp(`<button[^>]*aria-describedby="preview-job-title review-reject-${id}-error"`),
    );
    expect(form).toContain('<option selected="">Other</option>');
    // ...and at the top, leading to it.
    const notice = alertOf(html);
    expect(notice).toContain(error);
    expect(notice).toContain(`href="#review-reject-${id}"`);
    expect(html).toContain('data-status="in_review"');
  });

  it('refused because another operator decided first, stays on the preview: the job as it is now, the refusal focusable and what was typed to copy', async () => {
    const { id, page } = await jobInReview('Lamp Keeper');
    const other = await decide('op2', '/admin', id, 'reject', {
      reason: 'Not a real job opening',
    });
    expect(other.statusCode).toBe(302);

    const rejecting = await decide('op', page, id, 'reject', { reason: 'Other', text: MESSAGE });
    expect(rejecting.statusCode).toBe(409);
    let html = pageText(rejecting.body);
    expect(html).toContain('Operator’s preview of “Lamp Keeper”');
    expect(html).toContain('data-status="rejected"');
    expect(html).not.toContain(`id="review-reject-${id}"`);
    let notice = alertOf(html);
    // The box the script focuses (the button pressed went with its form).
    expect(notice).toMatch(/^<div[^>]*tabindex="-1"/);
    expect(notice).toContain(
      '“Lamp Keeper” was rejected already, by another operator, for another reason: Not a real job opening. The employer was not e-mailed again.',
    );
    expect(notice).toContain('Your message to the employer, to copy');
    expect(notice).toContain(MESSAGE);
    expect(notice).not.toContain('Go to the form');

    const approving = await decide('op', page, id, 'approve');
    expect(approving.statusCode).toBe(409);
    html = pageText(approving.body);
    notice = alertOf(html);
    expect(notice).toContain(
      'Only a job in review can be approved (this one is rejected, by another operator)',
    );
    expect(html).not.toContain(`id="review-approve-${id}"`);
  });

  it('refuses an Approve or a Reject of words edited since the page showed them; the page then shows the new ones', async () => {
    const { id, page } = await jobInReview('Lamp Mender');
    const shown = (await web.get('op', page)).body;
    expect(consoleFormFields(shown, `review-approve-${id}`)).toMatchObject({
      jobId: String(id),
      version: expect.stringMatching(/^\d+$/),
    });
    // The employer swaps the title and the apply link while the operator reads.
    const jobs = employerServices(database.db).jobs;
    const form = await jobs.form(owner.id, { jobId: id });
    if (!form.ok) throw new Error(form.message);
    const { cityLabel: _city, ...values } = form.value.values;
    const edited = await jobs.submit(
      owner.id,
      { companyId, jobId: id },
      { ...values, title: 'Lamp Mender - pay a deposit first', applyLink: 'https://pay.example/x' },
    );
    expect(edited.ok).toBe(true);

    const refusal = `“Lamp Mender - pay a deposit first” was edited since your page showed it (by its employer or its board). Nothing was changed: read it again and decide.`;
    for (const [intent, typed] of [
      ['approve', {}],
      ['reject', { reason: 'Other', text: MESSAGE }],
    ] as const) {
      const answer = await decide('op', page, id, intent, typed, shown);
      expect(answer.statusCode).toBe(409);
      const html = pageText(answer.body);
      expect(alertOf(html)).toContain(refusal);
      // The page answered shows the words as they are now, with forms that carry their stamp.
      expect(html).toContain('Operator’s preview of “Lamp Mender - pay a deposit first”');
      expect(html).toContain('https://pay.example/x');
      expect(html).toContain('data-status="in_review"');
    }
    // From the console's queue too, with the stamp its list showed.
    const queue = (await web.get('op', '/admin')).body;
    // A second edit, from the form as it is now (a stale form's Save is refused: employer-jobs).
    const reread = await jobs.form(owner.id, { jobId: id });
    if (!reread.ok) throw new Error(reread.message);
    const { cityLabel: _again, ...current } = reread.value.values;
    const second = await jobs.submit(
      owner.id,
      { companyId, jobId: id },
      { ...current, title: 'Lamp Mender II' },
    );
    expect(second.ok).toBe(true);
    const fromQueue = await decide('op', '/admin', id, 'approve', {}, queue);
    expect(fromQueue.statusCode).toBe(409);
    expect(pageText(fromQueue.body)).toContain(
      '“Lamp Mender II” was edited since your page showed it',
    );

    // Read again, it is approved as shown.
    const approved = await decide('op', page, id, 'approve');
    expect(approved.headers.location).toBe(`/admin?done=approve&item=${id}`);
    expect(pageText((await web.get('op', page)).body)).toContain('data-status="live"');
  });

  it('refuses a Reject of a job another operator approved meanwhile: it stays live, and its Unpublish is offered', async () => {
    const { id, page } = await jobInReview('Gadget Support Engineer');
    // The preview as this operator loaded it: its Reject posts that it saw the job in review.
    const shown = pageText((await web.get('op', page)).body);
    const form = shown.slice(shown.indexOf(`<form id="review-reject-${id}"`));
    expect(form.slice(0, form.indexOf('</form>'))).toContain('name="seen" value="in_review"');
    expect((await decide('op2', '/admin', id, 'approve')).statusCode).toBe(302);

    const rejecting = await decide('op', page, id, 'reject', {
      seen: 'in_review',
      reason: 'Not a real job opening',
      text: MESSAGE,
    });
    expect(rejecting.statusCode).toBe(409);
    const html = pageText(rejecting.body);
    expect(html).toContain('data-status="live"');
    expect(html).not.toContain(`id="review-reject-${id}"`);
    const notice = alertOf(html);
    expect(notice).toContain(
      '“Gadget Support Engineer” was approved already, by another operator (it is live). Nothing was changed. If it must still go, unpublish it under “Any job”.',
    );
    // The console's Unpublish of this job (it asks first), and the message typed, to copy.
    expect(notice).toMatch(
      new RegExp(
        `href="/admin\\?q=[^"#]+#jobs-unpublish-${id}"[^>]*>Unpublish “Gadget Support Engineer” under “Any job”<`,
      ),
    );
    expect(notice).toContain(MESSAGE);
  });
});
