// /employer/job-sources through the whole app (sessions, the production web build, plain form posts
// as without JavaScript) against the local fake ATS server: an owner connects a board (a bad one is
// refused naming the field), syncs it, sees a failed sync's error, and disconnects choosing what
// happens to the jobs; a member, a signed-out visitor and another site are refused.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAts, startFakeAts } from '../../../../test/fake-ats/server.ts';
import type { App } from '../../app.ts';
import { queryRows } from '../../db/client.ts';
import { insertReference } from '../../db/seed/demo.ts';
import { buildReference } from '../../db/seed/generate.ts';
import { buildTestApp } from '../../../../test/support/app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import {
  companyWithMember,
  pageText,
  TEST_ORIGIN,
  type TestBrowsers,
  testBrowsers,
} from '../../../../test/support/employer.ts';

const PAGE = '/employer/job-sources';

describe('/employer/job-sources', () => {
  let database: TestDatabase;
  let app: App;
  let fake: FakeAts;
  let web: TestBrowsers;
  let companyId: number;

  const post = (who: string, form: Record<string, string>, origin?: string) =>
    web.post(who, PAGE, form, origin);
  const page = (who: string) => web.get(who, PAGE);
  const connectionId = async () =>
    (
      await queryRows<{ id: number }>(
        database.db,
        sql`select id from ats_connections where company_id = ${companyId}`,
      )
    )[0]!.id;

  beforeAll(async () => {
    fake = await startFakeAts();
    database = await openTestDatabase();
    await insertReference(database.db, buildReference());
    app = await buildTestApp(database, {
      env: { PUBLIC_URL: TEST_ORIGIN, ATS_BASE_URL_OVERRIDE: fake.url, ATS_ALLOW_PRIVATE: 'true' },
    });
    web = testBrowsers(app, database.db);
    companyId = await companyWithMember(web, database.db, {
      owner: 'olga',
      member: 'max',
      name: 'Beta',
      domain: 'beta.example',
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await fake?.stop();
  });

  it('connects a board after reading it; a board that cannot be read is refused by name', async () => {
    const empty = await page('olga');
    expect(empty.statusCode).toBe(200);
    expect(pageText(empty.body)).toContain('No board connected yet.');

    const bad = await post('olga', { intent: 'connect', source: 'lever', boardId: 'acme co' });
    expect(bad.statusCode).toBe(400);
    expect(pageText(bad.body)).toContain('Site name: letters, digits, dashes or underscores');
    const missing = await post('olga', { intent: 'connect', source: 'ashby', boardId: 'nobody' });
    expect(missing.statusCode).toBe(400);
    expect(pageText(missing.body)).toContain('We could not read Ashby board');
    expect(pageText(missing.body)).toContain('board not found (HTTP 404)');

    const ok = await post('olga', { intent: 'connect', source: 'greenhouse', boardId: 'acme' });
    expect(ok.statusCode).toBe(200);
    expect(pageText(ok.body)).toContain(
      'Found 3 postings on Greenhouse board "acme": 2 added, 0 updated, 1 held for our review.',
    );
    // The held posting is named with why, on the connection too; the counts add up.
    expect(pageText(ok.body)).toContain(
      'Held because we could not place them: “Frontend Engineer” (unknown city "Atlantis").',
    );
    const listed = await page('olga');
    expect(pageText(listed.body)).toContain('Greenhouse · acme');
    expect(pageText(listed.body)).toContain('Last sync succeeded');
    expect(pageText(listed.body)).toContain('Live jobs from it: </dt><dd class="inline">2');
    expect(pageText(listed.body)).toContain('Waiting for our review: </dt><dd class="inline">1');
    expect(pageText(listed.body)).toMatch(/Frontend Engineer<\/a>: unknown city "Atlantis"/);
  });

  it("shows only the chosen system's hint once one is chosen, and warns of an empty board", async () => {
    const all = pageText((await page('olga')).body);
    // As served (without JavaScript) before a choice: a short hint, and each system's on a line.
    expect(all).toContain('Where to find it on each system is listed below.');
    expect(all).toMatch(/<li><span[^>]*>Greenhouse:<\/span> The word after boards.greenhouse.io\//);
    expect(all).toMatch(/<li><span[^>]*>Personio:<\/span> The word before .jobs.personio.de/);
    const refused = pageText(
      (await post('olga', { intent: 'connect', source: 'lever', boardId: 'a'.repeat(101) })).body,
    );
    expect(refused).toContain('Site name: at most 100 characters (this one has 101)');
    expect(refused).toContain(
      'The word after jobs.lever.co/ in your job board address, e.g. acme. Or paste the address of your Lever job board.',
    );
    expect(refused).not.toContain('Greenhouse:');

    fake.boards.lever.empty = [];
    const empty = pageText(
      (await post('olga', { intent: 'connect', source: 'lever', boardId: 'jobs.lever.co/empty' }))
        .body,
    );
    expect(empty).toContain('Connected. Found 0 postings on Lever board "empty"');
    expect(empty).toContain('The board lists no postings right now');
    expect(empty).toMatch(/role="status" class="[^"]*border-danger/);
    const id = (
      await queryRows<{ id: number }>(
        database.db,
        sql`select id from ats_connections where company_id = ${companyId} and board_id = 'empty'`,
      )
    )[0]!.id;
    await post('olga', { intent: 'disconnect', id: String(id), jobs: 'close', confirm: 'yes' });
  });

  it('tells the company why a job is held and that the board replaces edits: dashboard, edit page, preview', async () => {
    const [held] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from jobs where company_id = ${companyId} and title = 'Frontend Engineer'`,
    );
    const dashboard = pageText((await web.get('max', '/employer')).body);
    expect(dashboard).toContain('Held for our review: unknown city "Atlantis".');
    expect(dashboard).toContain('From your Greenhouse board “acme”');
    const edit = pageText((await web.get('olga', `/employer/jobs/${held!.id}/edit`)).body);
    expect(edit).toContain('This job comes from your Greenhouse board “acme”');
    expect(edit).toContain('when the posting changes there, the change replaces this job');
    expect(edit).toContain('Held for our review: unknown city "Atlantis".');
    expect(edit).toContain(
      'Saved changes last until the posting next changes on your Greenhouse board',
    );
    const preview = pageText((await web.get('olga', `/employer/jobs/${held!.id}/preview`)).body);
    expect(preview).toContain('Held for our review: unknown city "Atlantis".');
    expect(preview).toContain('this preview shows a stand-in');
  });

  it('syncs now, and shows a failed sync with its error while changing no job', async () => {
    const id = String(await connectionId());
    const again = await post('olga', { intent: 'sync', id });
    expect(pageText(again.body)).toContain('Found 3 postings on your board: 0 added, 0 updated.');
    fake.fail = () => 500;
    try {
      const failed = await post('olga', { intent: 'sync', id });
      expect(pageText(failed.body)).toContain('the board answered HTTP 500. No job was changed.');
      const shown = await page('olga');
      expect(pageText(shown.body)).toContain('Last sync failed');
      expect(pageText(shown.body)).toContain('Error: the board answered HTTP 500');
      // The dashboard says so too, to every member, with the time.
      const dashboard = pageText((await web.get('max', '/employer')).body);
      expect(dashboard).toContain('A job source could not be read');
      expect(dashboard).toMatch(
        /Greenhouse · acme: the board answered HTTP 500 \(<time dateTime="[^"]+"[^>]*>[^<]+<\/time>\)\. No job was changed/,
      );
    } finally {
      fake.fail = () => null;
    }
  });

  it('refuses a member, a signed-out visitor and another site', async () => {
    const member = await page('max');
    expect(pageText(member.body)).toContain('Only an owner of Beta can connect');
    const id = String(await connectionId());
    expect((await post('max', { intent: 'sync', id })).statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'GET', url: PAGE });
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toMatch(/^\/login\?next=/);
    expect((await post('olga', { intent: 'sync', id }, 'https://evil.example')).statusCode).toBe(
      403,
    );
  });

  it('asks what happens to the jobs before disconnecting, then closes them', async () => {
    const id = String(await connectionId());
    const unanswered = await post('olga', { intent: 'disconnect', id });
    expect(unanswered.statusCode).toBe(400);
    expect(pageText(unanswered.body)).toContain('Choose what happens to its jobs');
    // Closing its jobs asks first, naming how many close, as closing one job does.
    const asked = await post('olga', { intent: 'disconnect', id, jobs: 'close' });
    expect(asked.statusCode).toBe(200);
    const question = pageText(asked.body);
    expect(question).toContain(
      'Disconnect Greenhouse · acme and close its jobs now? Its 2 live jobs leave the board at once and their pages say they are no longer active. The 1 job waiting for our review is closed too.',
    );
    expect(question).toContain('Disconnect and close 3 jobs');
    expect(question).toContain('Keep it connected');
    expect(question).not.toContain('Disconnected;');
    const still = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from jobs where company_id = ${companyId}
          and status in ('live', 'in_review')`,
    );
    expect(still[0]!.n).toBe(3);
    expect(await connectionId()).toBe(Number(id));
    const done = await post('olga', { intent: 'disconnect', id, jobs: 'close', confirm: 'yes' });
    expect(pageText(done.body)).toContain('Disconnected; 3 jobs closed.');
    const open = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from jobs where company_id = ${companyId}
          and status in ('live', 'in_review')`,
    );
    expect(open[0]!.n).toBe(0);
  });
});
