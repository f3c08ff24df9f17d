// The employer pages attacked as an attacker would (issue 16 §8), through the whole app
// (Fastify, sessions, the production web build): a member of company B changes ids in URLs and
// form fields to reach company A's jobs and drafts; a removed member comes back; forged Origins;
// hostile input in every field. Each answer is a clear refusal and nothing changes in A's data.
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { queryRows } from '../../db/client.ts';
import { jobDrafts, jobs } from '../../db/schema.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { type Reference, seedReference } from '../../../../test/support/fixtures.ts';
import {
  companyForm,
  employerServices,
  type TestAccount,
  type TestBrowsers,
  startPagesApp,
  TEST_ORIGIN,
  validForm,
} from '../../../../test/support/employer.ts';

describe('employer pages under attack', () => {
  let database: TestDatabase;
  let app: App;
  let ref: Reference;
  let svc: ReturnType<typeof employerServices>;
  let web: TestBrowsers;
  const account: Record<string, TestAccount> = {};
  let jobA: number;
  let draftA: number;
  let companyA: number;

  async function signIn(who: string) {
    const email = `${who}@${who === 'mallory' ? 'evil' : 'alpha'}.example`;
    account[who] = await web.signIn(who, email);
  }

  const get = (who: string, url: string) => web.get(who, url);
  const post = (
    who: string,
    url: string,
    form: Record<string, string | string[]>,
    origin?: string,
  ) => web.post(who, url, form, origin);
  const jobRow = async (id: number) =>
    (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0];
  const counts = () =>
    queryRows<{ jobs: number; drafts: number }>(
      database.db,
      sql`select (select count(*)::int from jobs) as jobs, (select count(*)::int from job_drafts) as drafts`,
    );

  beforeAll(async () => {
    database = await openTestDatabase();
    ref = await seedReference(database.db);
    ({ app, web } = await startPagesApp(database));
    svc = employerServices(database.db);
    await signIn('alice');
    await signIn('mallory');
    await signIn('mike');
    const a = await svc.companies.create(
      account.alice!,
      companyForm('Alpha', 'https://alpha.example'),
    );
    const b = await svc.companies.create(
      account.mallory!,
      companyForm('Evil Co', 'https://evil.example'),
    );
    if (!a.ok || !b.ok) throw new Error('companies');
    companyA = a.value.companyId;
    const job = await svc.jobs.submit(account.alice!.id, { companyId: companyA }, validForm(ref));
    const draft = await svc.jobs.saveDraft(
      account.alice!.id,
      { companyId: companyA },
      { title: 'Secret plan' },
    );
    if (!job.ok || !draft.ok) throw new Error('job');
    jobA = job.value.jobId!;
    draftA = draft.value.draftId;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('lets the owner see her own job (the attacks below are refused, not broken)', async () => {
    const own = await get('alice', `/employer/jobs/${jobA}/edit`);
    expect(own.statusCode, own.body.slice(0, 3000)).toBe(200);
    expect((await get('alice', `/employer/drafts/${draftA}/preview`)).body).toContain('Not ready');
  });

  it('refuses another company’s job and draft by URL', async () => {
    for (const url of [
      `/employer/jobs/${jobA}/edit`,
      `/employer/jobs/${jobA}/preview`,
      `/employer/drafts/${draftA}/preview`,
      `/employer/jobs/new?draft=${draftA}`,
    ]) {
      const res = await get('mallory', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('Secret plan');
      expect(res.body, url).not.toContain('Backend Engineer');
    }
  });

  it('refuses close, duplicate and repost of another company’s job by form field', async () => {
    const before = await counts();
    for (const intent of ['close', 'duplicate', 'repost', 'discard']) {
      const res = await post('mallory', '/employer', {
        intent,
        id: String(intent === 'discard' ? draftA : jobA),
      });
      expect(res.statusCode, intent).toBe(404);
    }
    expect((await jobRow(jobA))?.status).toBe('live');
    expect(await counts()).toEqual(before);
  });

  it('refuses edits of another company’s job and draft, by URL or by a draftId field', async () => {
    const before = await counts();
    const hostile = { ...validForm(ref, { title: 'Hijacked' }), intent: 'submit' } as Record<
      string,
      string | string[]
    >;
    expect((await post('mallory', `/employer/jobs/${jobA}/edit`, hostile)).statusCode).toBe(404);
    expect((await post('mallory', `/employer/jobs/new?draft=${draftA}`, hostile)).statusCode).toBe(
      404,
    );
    expect(
      (await post('mallory', '/employer/jobs/new', { ...hostile, draftId: String(draftA) }))
        .statusCode,
    ).toBe(404);
    expect((await jobRow(jobA))?.title).toBe('Backend Engineer');
    const [draft] = await database.db.select().from(jobDrafts).where(eq(jobDrafts.id, draftA));
    expect(draft?.values).toEqual({ title: 'Secret plan' });
    expect(await counts()).toEqual(before);
  });

  it('refuses a form posted from another site, and a signed-out one', async () => {
    const res = await post(
      'alice',
      '/employer',
      { intent: 'close', id: String(jobA) },
      'https://evil.example',
    );
    expect(res.statusCode).toBe(403);
    // An action the page does not take: the page says so, not that the server failed.
    const unknown = await post('alice', '/employer', { intent: 'bogus', id: String(jobA) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('400 · Request refused');
    expect(unknown.body).toContain('Unknown action');
    expect(unknown.body).not.toContain('Something went wrong');
    const signedOut = await post('nobody', '/employer', { intent: 'close', id: String(jobA) });
    expect(signedOut.statusCode).toBe(302);
    expect(signedOut.headers.location).toContain('/login');
    expect((await jobRow(jobA))?.status).toBe('live');
  });

  it('takes access from a removed member at once', async () => {
    // Added as accepting an invitation would (that path has its own test).
    await database.db.execute(
      sql`insert into company_members (company_id, user_id, role) values (${companyA}, ${account.mike!.id}, 'member')`,
    );
    expect((await get('mike', `/employer/jobs/${jobA}/edit`)).statusCode).toBe(200);
    const removed = await svc.companies.removeMember(account.alice!.id, companyA, account.mike!.id);
    expect(removed.ok).toBe(true);
    expect((await get('mike', `/employer/jobs/${jobA}/edit`)).statusCode).toBe(404);
    expect(
      (await post('mike', '/employer', { intent: 'close', id: String(jobA) })).statusCode,
    ).toBe(404);
    expect((await jobRow(jobA))?.status).toBe('live');
  });

  it('answers hostile input in every field with a clear error and stores no job', async () => {
    const before = await counts();
    const hostile: Record<string, string | string[]> = {
      intent: 'submit',
      title: '<script>alert(1)</script>'.repeat(100),
      roleId: '1 OR 1=1',
      cityId: '-1',
      jobTypeId: '99999999',
      experienceLevel: '9',
      salaryMode: 'lots',
      salaryFrom: '1e99',
      salaryTo: 'NaN',
      salaryTypeId: '[object Object]',
      noOfOpening: '0',
      openingsDate: '2026-13-45',
      closingDate: 'tomorrow',
      applyLink: 'javascript:alert(document.cookie)',
      description: 'x'.repeat(20_000),
      workMode: 'moon',
      skills: Array.from({ length: 40 }, () => '<img src=x onerror=alert(1)>'),
    };
    const res = await post('alice', '/employer/jobs/new', hostile);
    expect(res.statusCode).toBe(400);
    for (const message of [
      'Title must be at most 120 characters',
      'Apply link must be an http:// or https:// address, or a mailto: address',
      'Number of openings must be at least 1',
      'Work mode must be on-site, hybrid or remote',
      'Skills may have at most 30 items',
    ])
      expect(res.body).toContain(message);
    expect(res.body).not.toContain('<script>alert(1)');
    const after = await counts();
    expect(after[0]?.jobs).toBe(before[0]?.jobs);
  });

  it('answers unknown and malformed ids with 404, never a 500', async () => {
    for (const url of [
      '/employer/jobs/999999/edit',
      '/employer/jobs/abc/edit',
      '/employer/jobs/0/preview',
      '/employer/jobs/99999999999999999999/preview',
      '/employer/drafts/-1/preview',
      '/employer/jobs/new?draft=1%27%20OR%201%3D1',
    ]) {
      expect((await get('alice', url)).statusCode, url).toBe(404);
    }
    expect(
      (await post('alice', '/employer', { intent: 'close', id: '{"$ne":0}' })).statusCode,
    ).toBe(404);
  });

  it('works without JavaScript: list buttons, typed names, errors kept with the values', async () => {
    const form = {
      ...validForm(ref, { roleId: '', cityId: '', skills: ['Go', 'SQL'] }),
      roleLabel: 'Data Scientist',
      cityLabel: 'Pune',
    } as Record<string, string | string[]>;
    const added = await post('alice', '/employer/jobs/new', { ...form, intent: 'down:skills:0' });
    expect(added.statusCode).toBe(302);
    const draftUrl = String(added.headers.location).split('#')[0]!;
    expect(draftUrl).toMatch(/^\/employer\/jobs\/new\?draft=\d+$/);
    const page = await get('alice', draftUrl);
    expect(page.body.indexOf('value="SQL"')).toBeLessThan(page.body.indexOf('value="Go"'));
    const refused = await post('alice', draftUrl, {
      ...form,
      applyLink: 'ftp://x',
      intent: 'submit',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('value="ftp://x"');
    const done = await post('alice', draftUrl, { ...form, intent: 'submit' });
    expect(done.headers.location).toBe('/employer?done=live');
    const [row] = await queryRows<{ city: string; role: string }>(
      database.db,
      sql`select ci.name as city, r.name as role from jobs j join cities ci on ci.id = j.city_id
          join roles r on r.id = j.role_id order by j.id desc limit 1`,
    );
    expect(row).toEqual({ city: 'Pune', role: 'Data Scientist' });
  });

  it('serves an uploaded logo as a PNG, and nothing for a made-up address', async () => {
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#123456' },
    })
      .png()
      .toBuffer();
    expect(await svc.companies.uploadLogo(account.alice!.id, companyA, png)).toEqual({
      ok: true,
      value: null,
    });
    const profile = await svc.companies.profile(account.alice!.id, companyA);
    const url = profile.ok ? profile.value.companyLogo : '';
    const res = await app.inject({ method: 'GET', url });
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/png']);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(256);
    for (const bad of ['/logos/u/999-a.png', '/logos/u/..%2f..%2fetc.png', '/logos/u/1-a.svg'])
      expect((await app.inject({ method: 'GET', url: bad })).statusCode, bad).toBe(404);
  });

  it('lets a member see the logo but not replace it, by the page or by a forged post', async () => {
    await database.db.execute(
      sql`insert into company_members (company_id, user_id, role) values (${companyA}, ${account.mike!.id}, 'member')
          on conflict do nothing`,
    );
    const logo = async () => {
      const profile = await svc.companies.profile(account.alice!.id, companyA);
      return profile.ok ? profile.value.companyLogo : '';
    };
    const before = await logo();
    const page = await get('mike', '/employer/company');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Only an owner can change the logo.');
    expect(page.body).not.toContain('Upload logo');

    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('intent', 'logo');
    form.append('logo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
    const multipart = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await app.inject({
      method: 'POST',
      url: '/employer/company',
      headers: {
        cookie: web.cookie.mike ?? '',
        origin: TEST_ORIGIN,
        'content-type': multipart.headers.get('content-type') ?? '',
      },
      payload: Buffer.from(await multipart.arrayBuffer()),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Only an owner of the company can change its logo');
    expect(res.body).not.toContain('Logo saved.');
    expect(await logo()).toBe(before);
  });
});
