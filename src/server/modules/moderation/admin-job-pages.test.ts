// /admin/jobs/:id through the whole app (sessions, the production web build, plain form posts as
// without JavaScript): an operator previews a job in review, which has no public page (410), with
// its words and apply link, and approves it from there; the review queue links to the preview.
// The page is the console's: signed out, sign in first; signed in but no operator, 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { seedReference } from '../../../../test/support/fixtures.ts';
import {
  ownerWithCompany,
  pageText,
  startPagesApp,
  submitJob,
  type TestBrowsers,
  validForm,
} from '../../../../test/support/employer.ts';
import { consoleFormFields, signInOperator } from '../../../../test/support/operators.ts';

const DESCRIPTION = 'Count the lighthouse lamps on the northern coast and log each one.';
const APPLY = 'https://apply.lamps.example/jobs/counter?ref=board';

describe('/admin/jobs/:id', () => {
  let database: TestDatabase;
  let app: App;
  let web: TestBrowsers;
  let jobId: number;
  let pageUrl: string;
  let page: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    const ref = await seedReference(database.db);
    ({ app, web } = await startPagesApp(database));
    await signInOperator(web, database.db, 'op');
    await web.signIn('visitor', 'visitor@board.example');
    // A company not verified: its job waits for review.
    const { owner, companyId } = await ownerWithCompany(database.db, {
      name: 'Lamp Counters',
      website: 'https://lamps.example',
    });
    const job = await submitJob(
      database.db,
      owner.id,
      companyId,
      validForm(ref, { title: 'Lamp Counter', description: DESCRIPTION, applyLink: APPLY }),
    );
    expect(job.status).toBe('in_review');
    jobId = job.jobId;
    pageUrl = job.pageUrl!;
    page = `/admin/jobs/${jobId}`;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('is the console’s: signed out it asks to sign in, a non-operator and an unknown job get 404', async () => {
    const signedOut = await app.inject({ method: 'GET', url: page });
    expect(signedOut.statusCode).toBe(302);
    expect(signedOut.headers.location).toBe(`/login?next=${encodeURIComponent(page)}`);
    const visitor = await web.get('visitor', page);
    expect(visitor.statusCode).toBe(404);
    expect(visitor.body).not.toContain(DESCRIPTION);
    expect((await web.get('op', '/admin/jobs/999999')).statusCode).toBe(404);
    expect((await web.get('op', '/admin/jobs/abc')).statusCode).toBe(404);
  });

  it('shows an operator a job in review as its page would, with its apply link, and approves it', async () => {
    // Seekers have no page for it while in review (never live: 404; sent back to review: 410).
    const publicPage = await app.inject({ method: 'GET', url: `/job-description/${pageUrl}` });
    expect(publicPage.statusCode).toBe(404);
    expect(publicPage.body).not.toContain(DESCRIPTION);

    const preview = await web.get('op', page);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('private, no-store');
    const html = pageText(preview.body);
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html).toContain('Lamp Counter');
    expect(html).toContain(DESCRIPTION);
    expect(html).toContain('Write code'); // a list (responsibilities)
    expect(html).toContain(`>${APPLY}</dd>`);
    // The address as text, not a live Apply button.
    expect(html).not.toContain(`href="${APPLY}"`);
    expect(html).toContain('In review');
    expect(html).toContain('Lamp Counters (unverified)');
    // The console's forms, posting to this page, which stays in view when a decision is refused.
    for (const form of [`review-approve-${jobId}`, `review-reject-${jobId}`]) {
      expect(/<form [^>]*>/.exec(html.slice(html.indexOf(`<form id="${form}"`)))?.[0]).toContain(
        `action="${page}"`,
      );
    }

    // The review queue links its title here, and shows the apply link.
    const queue = pageText((await web.get('op', '/admin')).body);
    const at = queue.indexOf(`data-review="${pageUrl}"`);
    expect(at).toBeGreaterThan(-1);
    const item = queue.slice(at, queue.indexOf('</li>', at));
    expect(item).toMatch(new RegExp(`<a [^>]*href="${page}"[^>]*>Lamp Counter</a>`));
    expect(item).toContain(APPLY);

    const approved = await web.post(
      'op',
      '/admin',
      consoleFormFields(
        await web.get('op', '/admin').then((r) => r.body),
        `review-approve-${jobId}`,
      )!,
    );
    expect(approved.statusCode).toBe(302);
    expect(approved.headers.location).toBe(`/admin?done=approve&item=${jobId}`);
    const after = pageText((await web.get('op', page)).body);
    expect(after).toContain('Live');
    expect(after).not.toContain(`id="review-approve-${jobId}"`);
  });
});
