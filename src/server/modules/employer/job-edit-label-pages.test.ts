// The edit page of a job names its status; a suspended company's live job is off the board, so
// the page says it is hidden, as the dashboard does, and never "Live"; so is one our team hid.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { companies, jobs } from '../../db/schema.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { type Reference, seedReference } from '../../../../test/support/fixtures.ts';
import {
  companyForm,
  employerServices,
  pageText,
  startPagesApp,
  type TestBrowsers,
  validForm,
} from '../../../../test/support/employer.ts';

describe("a job's edit page", () => {
  let database: TestDatabase;
  let app: App;
  let web: TestBrowsers;
  let ref: Reference;
  let companyId: number;
  let jobId: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    ref = await seedReference(database.db);
    ({ app, web } = await startPagesApp(database));
    const owner = await web.signIn('lena', 'lena@label-labs.example');
    const svc = employerServices(database.db);
    const made = await svc.companies.create(
      owner,
      companyForm('Label Labs', 'https://label-labs.example'),
    );
    if (!made.ok || !made.value.verified) throw new Error('no verified company');
    companyId = made.value.companyId;
    const job = await svc.jobs.submit(
      owner.id,
      { companyId },
      validForm(ref, { title: 'Sign Painter' }),
    );
    if (!job.ok || job.value.status !== 'live') throw new Error('no live job');
    jobId = job.value.jobId!;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** As our team's suspension does (moderation.service.ts): the company and its live jobs. */
  const setSuspended = async (suspended: boolean) => {
    await database.db.update(companies).set({ suspended }).where(eq(companies.id, companyId));
    await database.db
      .update(jobs)
      .set({ isActive: !suspended, hiddenReason: suspended ? 'company suspended' : null })
      .where(eq(jobs.id, jobId));
  };
  const editPage = async () => {
    const page = await web.get('lena', `/employer/jobs/${jobId}/edit`);
    expect(page.statusCode).toBe(200);
    return pageText(page.body);
  };

  it('says Live while the company is in good standing', async () => {
    expect(await editPage()).toContain('>Employer · Live</p>');
  });

  it("says a suspended company's live job is hidden, in the dashboard's words", async () => {
    await setSuspended(true);
    try {
      const html = await editPage();
      expect(html).toContain('Label Labs is suspended');
      expect(html).toContain('>Employer · Hidden while the company is suspended</p>');
      expect(html).not.toContain('Employer · Live');
      // The dashboard calls the same job the same.
      const dashboard = pageText((await web.get('lena', '/employer')).body);
      expect(dashboard).toContain('Hidden while the company is suspended.');
    } finally {
      await setSuspended(false);
    }
  });

  it('says a live job our team hid is hidden, why, and that saving does not show it', async () => {
    const reason = 'reported as a scam by visitors';
    await database.db
      .update(jobs)
      .set({ isActive: false, hiddenReason: reason })
      .where(eq(jobs.id, jobId));
    try {
      const html = await editPage();
      expect(html).toContain('>Employer · Hidden by our team</p>');
      expect(html).not.toContain('Employer · Live');
      expect(html).toContain(
        'Reported as a scam by visitors. No visitor sees it. Saving changes does not show it again',
      );
      // The dashboard says the same of it.
      const dashboard = pageText((await web.get('lena', '/employer')).body);
      expect(dashboard).toContain(`Hidden by our team: ${reason}. No visitor sees it.`);
    } finally {
      await database.db
        .update(jobs)
        .set({ isActive: true, hiddenReason: null })
        .where(eq(jobs.id, jobId));
    }
  });

  it('holds an edit of a job hidden after reports for review, and says so', async () => {
    await database.db
      .update(jobs)
      .set({ isActive: false, hiddenReason: 'reported as a scam' })
      .where(eq(jobs.id, jobId));
    try {
      expect(await editPage()).toContain('are held for our review');
      const sent = await web.post('lena', `/employer/jobs/${jobId}/edit`, {
        ...validForm(ref, { title: 'Sign Painter', applyLink: 'https://label-labs.example/fee' }),
        intent: 'submit',
      });
      expect(sent.statusCode).toBe(302);
      expect(sent.headers.location).toBe('/employer?done=changes-in_review-hidden');
      expect(pageText((await web.get('lena', sent.headers.location!)).body)).toContain(
        'Your changes were held for our review, as the job is hidden after reports',
      );
      const [row] = await database.db.select().from(jobs).where(eq(jobs.id, jobId));
      expect([row?.status, row?.isActive]).toEqual(['in_review', false]);
    } finally {
      await database.db
        .update(jobs)
        .set({ status: 'live', isActive: true, hiddenReason: null })
        .where(eq(jobs.id, jobId));
    }
  });

  it("calls a job hidden by visitors' scam reports as the dashboard does", async () => {
    await database.db
      .update(jobs)
      .set({ isActive: false, hiddenReason: 'reported as a scam' })
      .where(eq(jobs.id, jobId));
    try {
      const html = await editPage();
      expect(html).toContain('>Employer · Hidden after reports</p>');
      expect(html).not.toContain('Hidden by our team');
      expect(html).toContain(
        'Visitors reported it as a scam. No visitor sees it until our team has checked the reports.',
      );
      const dashboard = pageText((await web.get('lena', '/employer')).body);
      expect(dashboard).toContain(
        'Hidden after reports: visitors reported it as a scam. No visitor sees it until our team has checked the reports.',
      );
    } finally {
      await database.db
        .update(jobs)
        .set({ isActive: true, hiddenReason: null })
        .where(eq(jobs.id, jobId));
    }
  });
});
