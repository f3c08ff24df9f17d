// The job form's pages through the whole app (sessions, the production web build, plain form posts
// as without JavaScript): a new job's form keeps no empty draft and offers the one left unsubmitted;
// the preview shows the job's page with a seeker's controls inert.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { queryRows } from '../../db/client.ts';
import { VISITOR_COOKIE } from '../views/visitor-cookie.ts';
import { JOB_LIST_FIELDS } from '../../../shared/contract/employer-jobs.ts';
import { openReferenceDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import type { Reference } from '../../../../test/support/fixtures.ts';
import {
  companyWithMember,
  employerServices,
  pageText,
  postForm,
  startPagesApp,
  type TestBrowsers,
  validForm,
} from '../../../../test/support/employer.ts';

const NEW = '/employer/jobs/new';

/** What an untouched new-job form sends without JavaScript (job-form.tsx's defaults). */
const UNTOUCHED: Record<string, string | string[]> = {
  title: '',
  roleId: '',
  roleLabel: '',
  cityId: '',
  cityLabel: '',
  cityRequest: '',
  jobTypeId: '',
  experienceLevel: '',
  workMode: '',
  noOfOpening: '1',
  openingsDate: '',
  closingDate: '',
  salaryMode: 'range',
  salaryFrom: '',
  salaryTo: '',
  salaryTypeId: '',
  bestInIndustry: '',
  applyLink: '',
  description: '',
  formKey: '0a1b2c3d-0000-4000-8000-0000000f0e01',
};

describe('the job form pages', () => {
  let database: TestDatabase;
  let app: App;
  let web: TestBrowsers;
  let companyId: number;
  let ref: Reference;

  const drafts = async () =>
    (
      await queryRows<{ id: number; title: string | null }>(
        database.db,
        sql`select id, values->>'title' as title from job_drafts
            where company_id = ${companyId} and job_id is null order by id`,
      )
    ).map((d) => ({ id: d.id, title: d.title }));

  beforeAll(async () => {
    ({ database, ref } = await openReferenceDatabase());
    ({ app, web } = await startPagesApp(database));
    companyId = await companyWithMember(web, database.db, {
      owner: 'nina',
      member: 'noor',
      name: 'Form Labs',
      domain: 'form.example',
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('saves no draft for a new form with nothing in it, whatever its button', async () => {
    const blank = async (intent: string, extra: Record<string, string | string[]> = {}) => {
      const res = await web.post('nina', NEW, { ...UNTOUCHED, ...extra, intent });
      return { status: res.statusCode, body: pageText(res.body) };
    };
    expect((await blank('autosave')).status).toBe(200);
    const saved = await blank('save');
    expect(saved.status).toBe(200);
    expect(saved.body).toContain('Nothing to save yet');
    // The openings date says what seekers read it as, tied to its box.
    const hint =
      /<p id="([^"]+)"[^>]*>The day applications open; seekers read it as “Applications open from”\.<\/p>/.exec(
        saved.body,
      );
    expect(hint).not.toBeNull();
    expect(saved.body).toMatch(
      new RegExp(`id="field-openingsDate"[^>]*aria-describedby="[^"]*${hint![1]}`),
    );
    const previewed = await blank('preview');
    expect(previewed.status).toBe(200);
    expect(previewed.body).toContain('Nothing to preview yet');
    // A list changed without JavaScript comes back with its new (empty) item, still no draft.
    const added = await blank('add:skills');
    expect(added.status).toBe(200);
    expect(added.body).toContain('id="field-skills-0"');
    // Spaces, an empty list item and a city request are not a job.
    expect(
      (await blank('save', { title: '   ', skills: [''], cityRequest: 'Atlantis' })).status,
    ).toBe(200);
    const submitted = await blank('submit');
    expect(submitted.status).toBe(400);
    expect(submitted.body).toContain('Title');
    expect(await drafts()).toEqual([]);
    for (const field of JOB_LIST_FIELDS) expect(UNTOUCHED[field]).toBeUndefined();
  });

  it('makes the draft once something is typed, and offers it to a new form', async () => {
    const res = await web.post('nina', NEW, {
      ...UNTOUCHED,
      title: 'Kiln Operator',
      intent: 'save',
    });
    expect(res.statusCode).toBe(302);
    const [draft] = await drafts();
    expect(draft?.title).toBe('Kiln Operator');
    expect(res.headers.location).toBe(`${NEW}?draft=${draft!.id}&saved=1`);

    // Opening "new" again offers that draft (no second draft is made by opening it).
    const again = pageText((await web.get('noor', NEW)).body);
    expect(again).toContain('A job you did not submit');
    expect(again).toContain(`href="${NEW}?draft=${draft!.id}"`);
    expect(again).toContain('Continue “Kiln Operator”');
    // The draft's own form does not offer itself.
    const own = pageText((await web.get('nina', `${NEW}?draft=${draft!.id}`)).body);
    expect(own).not.toContain('did not submit');
    expect(await drafts()).toHaveLength(1);

    // With two (another form, its own key), the newest is offered, and the list of them.
    await web.post('nina', NEW, {
      ...UNTOUCHED,
      formKey: '0a1b2c3d-0000-4000-8000-0000000f0e02',
      title: 'Glaze Chemist',
      intent: 'save',
    });
    const two = pageText((await web.get('nina', NEW)).body);
    expect(two).toContain('2 jobs you did not submit');
    expect(two).toContain('Continue the newest, “Glaze Chemist”');
    expect(two).toContain('href="/employer?status=draft"');
  });

  it('keeps no draft of a refused first Submit, nor of the job a Submit made', async () => {
    const before = await drafts();
    const refused = await web.post('nina', NEW, {
      ...UNTOUCHED,
      formKey: '0a1b2c3d-0000-4000-8000-0000000f0e11',
      title: 'Stray attempt',
      intent: 'submit',
    });
    expect(refused.statusCode).toBe(400);
    const page = pageText(refused.body);
    // The form answers as typed, with what is wrong, and says nothing of a draft it did not make.
    expect(page).toContain('value="Stray attempt"');
    expect(page).toContain('Role is required');
    expect(page).not.toContain('name="draftId"');
    expect(page).not.toContain('Saved as a draft');
    // It says it was not submitted, and does not offer the company's other drafts over it as
    // "A job you did not submit" (the newest of them may be this very job, saved as typed).
    expect(before.length).toBeGreaterThan(0);
    expect(page).toContain(
      'Not submitted: correct what is marked, then submit again, or press Save draft to finish it later.',
    );
    expect(page).not.toContain('did not submit');
    expect(await drafts()).toEqual(before);
    // A form with a draft (saved as typed, or with Save draft) keeps the refused values in it, and
    // the page says so.
    const saved = await web.post('nina', NEW, {
      ...UNTOUCHED,
      formKey: '0a1b2c3d-0000-4000-8000-0000000f0e13',
      title: 'Kept attempt',
      intent: 'save',
    });
    const draftId = /draft=(\d+)/.exec(String(saved.headers.location))?.[1];
    expect(draftId).toBeDefined();
    const kept = await web.post('nina', `${NEW}?draft=${draftId}`, {
      ...UNTOUCHED,
      formKey: '',
      draftId: String(draftId),
      title: 'Kept attempt, corrected',
      intent: 'submit',
    });
    expect(kept.statusCode).toBe(400);
    expect(pageText(kept.body)).toContain('Saved as a draft, not submitted');
    expect((await drafts()).find((d) => d.id === Number(draftId))?.title).toBe(
      'Kept attempt, corrected',
    );
    await database.db.execute(sql`delete from job_drafts where id = ${Number(draftId)}`);

    // Typed, saved as it was typed (JavaScript's autosave), then submitted before the autosave's
    // answer named the draft: the job is made and the form's draft goes with it.
    const formKey = '0a1b2c3d-0000-4000-8000-0000000f0e12';
    const typed = { ...UNTOUCHED, ...validForm(ref, { title: 'Wheel Thrower' }), formKey };
    expect((await web.post('nina', NEW, { ...typed, intent: 'autosave' })).statusCode).toBe(200);
    expect((await drafts()).map((d) => d.title)).toContain('Wheel Thrower');
    const sent = await web.post('nina', NEW, { ...typed, intent: 'submit' });
    expect(sent.statusCode).toBe(302);
    expect(sent.headers.location).toBe('/employer?done=live');
    expect(await drafts()).toEqual(before);
    // A second press of the same form answers its one job.
    const twice = await web.post('nina', NEW, { ...typed, intent: 'submit' });
    expect(twice.headers.location).toBe('/employer?done=live');
    const made = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from jobs where company_id = ${companyId} and title = 'Wheel Thrower'`,
    );
    expect(made[0]?.n).toBe(1);
    expect(await drafts()).toEqual(before);
  });

  it("shows the preview's save, share and apply inert, and no report or hide", async () => {
    const [owner] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from "user" where email = 'nina@form.example'`,
    );
    const draft = await employerServices(database.db).jobs.saveDraft(
      owner!.id,
      { companyId },
      validForm(ref, { title: 'Preview Potter', applyLink: 'https://form.example/apply' }),
    );
    if (!draft.ok) throw new Error(draft.message);
    const res = await web.get('nina', `/employer/drafts/${draft.value.draftId}/preview`);
    expect(res.statusCode).toBe(200);
    const html = pageText(res.body);
    expect(html).toContain('Preview Potter</h1>');
    expect(html).not.toContain('/report');
    expect(html).not.toContain('Report this job');
    for (const name of ['Save', 'Share job', 'Apply on company page']) {
      expect(html).toMatch(new RegExp(`<button[^>]*disabled=""[^>]*>${name}</button>`));
    }
    expect(html).toContain('Leads to <span class="text-fg">https://form.example/apply</span>');
    expect(html).not.toContain('href="https://form.example/apply"');
    expect(html).not.toContain('Hide…');
    expect(html).not.toContain('application/ld+json');
    expect(html).toContain('Save, share, apply and report work on the job’s page once it is live.');

    // The page a preview's report link used to lead to takes no report (from a browser with
    // its visitor cookie, which a report needs).
    const visitor = `${VISITOR_COOKIE}=${app.signCookie('v-preview')}`;
    const report = await postForm(app, '/job-description/preview/report', visitor, {
      reason: 'scam',
      details: '',
    });
    expect(report.statusCode).toBe(404);
    expect(pageText(report.body)).toContain('No job on the board has this address.');
    const [reports] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from job_reports`,
    );
    expect(reports?.n).toBe(0);
  });
  it('previews a new form into one draft, and submits what the preview shows from it', async () => {
    const before = await drafts();
    const typed = { ...UNTOUCHED, ...validForm(ref, { title: 'Preview Glazier' }) };
    const first = await web.post('nina', NEW, {
      ...typed,
      formKey: '0a1b2c3d-0000-4000-8000-0000000f0e21',
      intent: 'preview',
    });
    expect(first.statusCode).toBe(302);
    const draftId = Number(
      /\/employer\/drafts\/(\d+)\/preview$/.exec(first.headers.location!)?.[1],
    );
    expect(draftId).toBeGreaterThan(0);
    // Back from the preview without JavaScript shows the new form again, under a new key, with
    // what was typed: its Preview shows the same draft instead of making another.
    const again = await web.post('nina', NEW, {
      ...typed,
      formKey: '0a1b2c3d-0000-4000-8000-0000000f0e22',
      intent: 'preview',
    });
    expect(again.headers.location).toBe(first.headers.location);
    expect(await drafts()).toHaveLength(before.length + 1);

    // The preview offers the next step: submit it, or back to the form that holds it.
    const preview = pageText((await web.get('nina', first.headers.location!)).body);
    expect(preview).toMatch(/<button[^>]*value="submit"[^>]*>Submit job<\/button>/);
    expect(preview).toContain(`href="${NEW}?draft=${draftId}"`);
    const sent = await web.post('nina', first.headers.location!, { intent: 'submit' });
    expect(sent.statusCode).toBe(302);
    expect(sent.headers.location).toBe('/employer?done=live');
    expect(await drafts()).toEqual(before);
    const [made] = await queryRows<{ id: number; status: string }>(
      database.db,
      sql`select id, status from jobs where company_id = ${companyId} and title = 'Preview Glazier'`,
    );
    expect(made?.status).toBe('live');

    // A job's preview offers Save changes only when it has unsaved changes, which it saves.
    const jobPreview = `/employer/jobs/${made!.id}/preview`;
    expect(pageText((await web.get('nina', jobPreview)).body)).not.toContain('value="submit"');
    const edited = await web.post('nina', `/employer/jobs/${made!.id}/edit`, {
      ...typed,
      title: 'Preview Glazier, Senior',
      intent: 'preview',
    });
    expect(edited.headers.location).toBe(jobPreview);
    expect(pageText((await web.get('nina', jobPreview)).body)).toMatch(
      /value="submit"[^>]*>Save changes<\/button>/,
    );
    expect((await web.post('nina', jobPreview, { intent: 'submit' })).statusCode).toBe(302);
    const [saved] = await queryRows<{ title: string }>(
      database.db,
      sql`select title from jobs where id = ${made!.id}`,
    );
    expect(saved?.title).toBe('Preview Glazier, Senior');

    // A draft not ready to preview offers no Submit, only the way back to the form.
    const [owner] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from "user" where email = 'nina@form.example'`,
    );
    const half = await employerServices(database.db).jobs.saveDraft(
      owner!.id,
      { companyId },
      { title: 'Half Done' },
    );
    if (!half.ok) throw new Error(half.message);
    const unready = pageText(
      (await web.get('nina', `/employer/drafts/${half.value.draftId}/preview`)).body,
    );
    expect(unready).toContain('Not ready to preview');
    expect(unready).not.toContain('value="submit"');
    await database.db.execute(sql`delete from job_drafts where id = ${half.value.draftId}`);
  });

  it('asks before discarding a job’s unsaved changes, as the form’s own button', async () => {
    const [owner] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from "user" where email = 'nina@form.example'`,
    );
    const jobs = employerServices(database.db).jobs;
    const job = await jobs.submit(
      owner!.id,
      { companyId },
      validForm(ref, { title: 'Kiln Loader' }),
    );
    if (!job.ok) throw new Error(job.message);
    const jobId = job.value.jobId!;
    const edit = `/employer/jobs/${jobId}/edit`;
    const changes = async () =>
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from job_drafts where job_id = ${jobId}`,
        )
      )[0]?.n;
    const change = () =>
      jobs.saveDraft(owner!.id, { companyId, jobId }, validForm(ref, { title: 'Kiln Loader II' }));
    await change();
    const asked = await web.post('nina', edit, { intent: 'discard', ask: '1' });
    expect(asked.statusCode).toBe(200);
    const page = pageText(asked.body);
    expect(page).toContain(
      'Discard your unsaved changes? The job stays as it was last saved; the changes are deleted and cannot be brought back.',
    );
    expect(page).toContain('value="Kiln Loader II"');
    expect(await changes()).toBe(1);
    const done = await web.post('nina', edit, { intent: 'discard', ask: '1', confirm: 'yes' });
    expect(done.headers.location).toBe(`${edit}?discarded=1`);
    expect(await changes()).toBe(0);
    // The refused Save's "Show the job as it is now" (no ask) discards at once, as it says.
    await change();
    const shown = await web.post('nina', edit, { ...validForm(ref), intent: 'discard' });
    expect(shown.headers.location).toBe(`${edit}?discarded=1`);
    expect(await changes()).toBe(0);
  });

  it('tells a suspended company so on the job form pages, a refused submit included', async () => {
    const [owner] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from "user" where email = 'nina@form.example'`,
    );
    const jobs = employerServices(database.db).jobs;
    const job = await jobs.submit(
      owner!.id,
      { companyId },
      validForm(ref, { title: 'Tile Setter' }),
    );
    if (!job.ok) throw new Error(job.message);
    const jobId = job.value.jobId!;
    const setSuspended = (on: boolean) =>
      database.db.execute(sql`update companies set suspended = ${on} where id = ${companyId}`);
    // A form opened before the suspension, sent after it.
    const typed: Record<string, string | string[]> = {
      ...UNTOUCHED,
      ...validForm(ref, { title: 'Grout Mixer' }),
      intent: 'submit',
    };
    await setSuspended(true);
    try {
      for (const url of [NEW, `/employer/jobs/${jobId}/edit`]) {
        const page = await web.get('noor', url);
        expect(page.statusCode).toBe(200);
        const html = pageText(page.body);
        expect(html).toContain('Form Labs is suspended');
        expect(html).toContain('contact us');
        expect(html).not.toContain('name="title"');
      }
      const refused = await web.post('noor', NEW, typed);
      expect(refused.statusCode).toBe(403);
      const html = pageText(refused.body);
      expect(html).toContain('Form Labs is suspended');
      expect(html).toContain('Your job was not submitted');
      expect(html).not.toContain('Request refused');
      const edit = await web.post('noor', `/employer/jobs/${jobId}/edit`, typed);
      expect(edit.statusCode).toBe(403);
      expect(pageText(edit.body)).toContain('Form Labs is suspended');
    } finally {
      await setSuspended(false);
    }
  });

  it('sends a form posted after the session ended to a sign-in page that says why', async () => {
    const typed = { ...UNTOUCHED, title: 'Signed Out Welder', intent: 'submit' };
    const sent = await web.post('nobody', NEW, typed);
    expect(sent.statusCode).toBe(302);
    expect(sent.headers.location).toBe(
      `/login?next=${encodeURIComponent(NEW)}&notice=signed-out-post`,
    );
    const login = pageText((await app.inject(sent.headers.location!)).body);
    expect(login).toContain(
      'You were signed out; sign in to continue. What you sent was not saved.',
    );
    // A page opened while signed out is not a post: the sign-in page says nothing of it.
    const opened = await web.get('nobody', NEW);
    expect(opened.headers.location).toBe(`/login?next=${encodeURIComponent(NEW)}`);
    expect((await drafts()).map((d) => d.title)).not.toContain('Signed Out Welder');
  });

  it('saves a new job only into the company its form names, when the account is its member', async () => {
    const other = await companyWithMember(web, database.db, {
      owner: 'otto',
      member: 'olga',
      name: 'Other Form Labs',
      domain: 'other-form.example',
    });
    const typed = { ...UNTOUCHED, title: 'Misplaced Welder', intent: 'save' };
    // Nina is not Other Form Labs' member: nothing is saved there, nor in her own company.
    const refused = await web.post('nina', NEW, { ...typed, companyId: String(other) });
    expect(refused.statusCode).toBe(403);
    const misplaced = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from job_drafts where values->>'title' = 'Misplaced Welder'`,
    );
    expect(misplaced[0]?.n).toBe(0);
    // Her own company, named by the form, takes it.
    const saved = await web.post('nina', NEW, { ...typed, companyId: String(companyId) });
    expect(saved.statusCode).toBe(302);
    expect((await drafts()).map((d) => d.title)).toContain('Misplaced Welder');
  });
});
