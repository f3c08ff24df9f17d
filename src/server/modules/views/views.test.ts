import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/api-paths.ts';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { queryRows } from '../../db/client.ts';
import { insertSampleRows } from '../../test-support/api-rows.ts';
import { openTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { VISITOR_COOKIE } from './visitor-cookie.ts';
import { createViewsService } from './views.service.ts';

const SECRET = 'test-secret-test-secret-test-secret';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';

let database: TestDatabase;
let app: App;
let activeJobId: number;

async function viewsOf(jobId: number) {
  const [row] = await queryRows<{ views: number }>(
    database.db,
    sql`select views from jobs where id = ${jobId}`,
  );
  return row!.views;
}

/** A signed cookie as a page load would hand it out. */
function visitorCookie(id: string) {
  return { [VISITOR_COOKIE]: app.signCookie(id) };
}

function postView(
  body: unknown,
  options: { cookies?: Record<string, string>; agent?: string; ip?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: apiPaths.addView,
    payload: body as object,
    cookies: options.cookies ?? {},
    headers: { 'user-agent': options.agent ?? BROWSER },
    remoteAddress: options.ip ?? '10.0.0.1',
  });
}

beforeAll(async () => {
  database = await openTestDatabase();
  ({ activeJobId } = await insertSampleRows(database.db));
  app = await buildApp({
    config: loadConfig({}),
    database,
    web: false,
    logger: false,
    cookieSecret: SECRET,
    viewsPerMinute: 5,
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from job_views`);
});

describe('add one view', () => {
  it('counts one view per visitor per job per 24 hours, written by the flush', async () => {
    const before = await viewsOf(activeJobId);
    const first = await postView(
      { pageUrl: 'sample-active-job' },
      { cookies: visitorCookie('v-1'), ip: '10.0.1.1' },
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      message: 'View counted',
      content: { counted: true },
    });
    const again = await postView(
      { pageUrl: 'sample-active-job' },
      { cookies: visitorCookie('v-1'), ip: '10.0.1.1' },
    );
    expect(again.json().content).toEqual({ counted: false });
    const other = await postView(
      { pageUrl: 'sample-active-job' },
      { cookies: visitorCookie('v-2'), ip: '10.0.1.1' },
    );
    expect(other.json().content).toEqual({ counted: true });
    // Buffered, not yet written; close() and the timer both flush.
    await app.services.views.flush();
    expect(await viewsOf(activeJobId)).toBe(before + 2);
  });

  it('counts the same visitor again once 24 hours have passed', async () => {
    await database.db.execute(
      sql`insert into job_views values ('v-old', ${activeJobId}, now() - interval '25 hours')`,
    );
    const res = await postView(
      { pageUrl: 'sample-active-job' },
      { cookies: visitorCookie('v-old'), ip: '10.0.2.1' },
    );
    expect(res.json().content).toEqual({ counted: true });
  });

  it('refuses requests without a valid visitor cookie', async () => {
    const none = await postView({ pageUrl: 'sample-active-job' }, { ip: '10.0.3.1' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toMatch(/visitor cookie/);
    const forged = await postView(
      { pageUrl: 'sample-active-job' },
      { cookies: { [VISITOR_COOKIE]: 'v-1.forgedsignature' }, ip: '10.0.3.1' },
    );
    expect(forged.statusCode).toBe(401);
  });

  it('does not count bots', async () => {
    const res = await postView(
      { pageUrl: 'sample-active-job' },
      {
        cookies: visitorCookie('v-bot'),
        agent: 'Googlebot/2.1 (+http://www.google.com/bot.html)',
        ip: '10.0.4.1',
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toEqual({ counted: false });
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from job_views`,
    );
    expect(row!.n).toBe(0);
  });

  it('answers 404 for an unknown job and does not count inactive ones', async () => {
    const unknown = await postView(
      { pageUrl: 'no-such-job' },
      { cookies: visitorCookie('v-3'), ip: '10.0.5.1' },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain("'no-such-job'");
    const inactive = await postView(
      { pageUrl: 'sample-inactive-job' },
      { cookies: visitorCookie('v-3'), ip: '10.0.5.1' },
    );
    expect(inactive.statusCode).toBe(200);
    expect(inactive.json().content).toEqual({ counted: false });
  });

  it('answers 400 naming the field for bad bodies', async () => {
    const cookies = visitorCookie('v-4');
    const cases: [unknown, RegExp][] = [
      [{}, /'pageUrl' is required/],
      [{ pageUrl: 42 }, /'pageUrl'/],
      [{ pageUrl: "x'; drop table jobs; --" }, /'pageUrl' must be a job page slug/],
      [{ pageUrl: 'a'.repeat(201) }, /'pageUrl' must be at most 200 characters/],
      [{ pageUrl: 'ok', extra: 1 }, /unknown body field 'extra'/],
      [[1, 2], /Invalid body/],
    ];
    for (const [i, [body, message]] of cases.entries()) {
      const res = await postView(body, { cookies, ip: `10.0.6.${i}` });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('answers 400 for malformed JSON and 415 for other content types', async () => {
    const broken = await app.inject({
      method: 'POST',
      url: apiPaths.addView,
      headers: { 'content-type': 'application/json' },
      payload: '{"pageUrl":',
      remoteAddress: '10.0.7.1',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().success).toBe(false);
    const xml = await app.inject({
      method: 'POST',
      url: apiPaths.addView,
      headers: { 'content-type': 'application/xml' },
      payload: '<pageUrl>x</pageUrl>',
      remoteAddress: '10.0.7.2',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().success).toBe(false);
  });

  it('rate-limits one address with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 7; i++) {
      last = await postView(
        { pageUrl: 'sample-active-job' },
        { cookies: visitorCookie(`r-${i}`), ip: '10.0.8.1' },
      );
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(last!.headers['retry-after']).toBeDefined();
    expect(last!.json()).toMatchObject({ success: false, content: null });
  });
});

describe('views service buffering', () => {
  it('flushes on its own within the interval', async () => {
    const views = createViewsService(database.db, { flushAfterMs: 50 });
    const before = await viewsOf(activeJobId);
    expect(await views.record('sample-active-job', 'buffer-1')).toBe('counted');
    expect(views.pending().get(activeJobId)).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(views.pending().size).toBe(0);
    expect(await viewsOf(activeJobId)).toBe(before + 1);
    await views.close();
  });

  it('keeps the counts when a flush fails and writes them on the next one', async () => {
    const failing = {
      execute: async () => {
        throw new Error('database down');
      },
    } as unknown as typeof database.db;
    let healthy = false;
    const db = new Proxy(database.db, {
      get: (target, key, receiver) =>
        key === 'execute' && !healthy ? failing.execute : Reflect.get(target, key, receiver),
    });
    const views = createViewsService(db, { flushAfterMs: 60_000 });
    healthy = true;
    expect(await views.record('sample-active-job', 'buffer-2')).toBe('counted');
    const before = await viewsOf(activeJobId);
    healthy = false;
    await expect(views.flush()).rejects.toThrow('database down');
    expect(views.pending().get(activeJobId)).toBe(1);
    healthy = true;
    await views.close();
    expect(views.pending().size).toBe(0);
    expect(await viewsOf(activeJobId)).toBe(before + 1);
  });

  it('flushes buffered views when the app closes', async () => {
    const other = await buildApp({
      config: loadConfig({}),
      database,
      web: false,
      logger: false,
      cookieSecret: SECRET,
    });
    const before = await viewsOf(activeJobId);
    const res = await other.inject({
      method: 'POST',
      url: apiPaths.addView,
      payload: { pageUrl: 'sample-active-job' },
      cookies: { [VISITOR_COOKIE]: other.signCookie('closing-visitor') },
      headers: { 'user-agent': BROWSER },
    });
    expect(res.json().content).toEqual({ counted: true });
    await other.close();
    expect(await viewsOf(activeJobId)).toBe(before + 1);
  });
});
