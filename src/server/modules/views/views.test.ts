import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/api-paths.ts';
import type { App } from '../../app.ts';
import { queryRows } from '../../db/client.ts';
import { insertSampleRows } from '../../../../test/support/api-rows.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { VISITOR_COOKIE, VISITOR_MARK_COOKIE } from './visitor-cookie.ts';
import { createViewsService } from './views.service.ts';
import { buildApiApp } from '../../../../test/support/app.ts';

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

/** The site's own origin (PUBLIC_URL's default), which a browser on its pages sends. */
const ORIGIN = 'http://localhost:3000';

function postView(
  body: unknown,
  options: {
    cookies?: Record<string, string>;
    agent?: string;
    ip?: string;
    origin?: string | null;
  } = {},
) {
  const origin = options.origin === undefined ? ORIGIN : options.origin;
  return app.inject({
    method: 'POST',
    url: apiPaths.addView,
    payload: body as object,
    cookies: options.cookies ?? {},
    headers: { 'user-agent': options.agent ?? BROWSER, ...(origin === null ? {} : { origin }) },
    remoteAddress: options.ip ?? '10.0.0.1',
  });
}

/** The test database, whose statements fail with `error` while `down()` says so. */
function failingWhile(down: () => boolean, error: Error) {
  return new Proxy(database.db, {
    get: (target, key, receiver) =>
      key === 'execute' && down()
        ? async () => {
            throw error;
          }
        : Reflect.get(target, key, receiver),
  });
}

async function pendingOf(jobId: number) {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select coalesce(sum(pending), 0)::int as n from job_views where job_id = ${jobId}`,
  );
  return row!.n;
}

beforeAll(async () => {
  database = await openTestDatabase();
  ({ activeJobId } = await insertSampleRows(database.db));
  app = await buildApiApp(database, { cookieSecret: SECRET, viewsPerMinute: 5 });
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
    // Pending in job_views, not yet in jobs.views; the flusher moves them.
    expect(await pendingOf(activeJobId)).toBe(2);
    await app.services.views.flush();
    expect(await pendingOf(activeJobId)).toBe(0);
    expect(await viewsOf(activeJobId)).toBe(before + 2);
  });

  it('counts the same visitor again once 24 hours have passed, keeping an unflushed view', async () => {
    await app.services.views.flush();
    const before = await viewsOf(activeJobId);
    // A view from 25 hours ago that no flusher has moved yet (the database was away since).
    await database.db.execute(
      sql`insert into job_views (visitor_id, job_id, counted_at, pending)
          values ('v-old', ${activeJobId}, now() - interval '25 hours', 1)`,
    );
    const res = await postView(
      { pageUrl: 'sample-active-job' },
      { cookies: visitorCookie('v-old'), ip: '10.0.2.1' },
    );
    expect(res.json().content).toEqual({ counted: true });
    expect(await app.services.views.flush()).toBe(2);
    expect(await viewsOf(activeJobId)).toBe(before + 2);
  });

  it("counts only views posted from the site's own origin (403 otherwise)", async () => {
    await app.services.views.flush();
    const cases: [string | null, RegExp][] = [
      [null, /Origin header is missing/],
      ['null', /Origin 'null' is not http:\/\/localhost:3000/],
      ['https://evil.example', /Origin 'https:\/\/evil.example' is not http:\/\/localhost:3000/],
      ['http://localhost:3001', /is not http:\/\/localhost:3000/],
    ];
    for (const [i, [origin, message]] of cases.entries()) {
      const res = await postView(
        { pageUrl: 'sample-active-job' },
        { cookies: visitorCookie(`o-${i}`), ip: `10.0.9.${i}`, origin },
      );
      expect(res.statusCode, String(origin)).toBe(403);
      expect(res.json()).toMatchObject({ success: false, message, content: null });
    }
    expect(await pendingOf(activeJobId)).toBe(0);
    const own = await postView(
      { pageUrl: 'sample-active-job' },
      { cookies: visitorCookie('o-0'), ip: '10.0.9.9' },
    );
    expect(own.json().content).toEqual({ counted: true });
    // A page opened at another name of this server (127.0.0.1, the address it logs) posts with
    // the origin the request goes to: its own too.
    const other = await app.inject({
      method: 'POST',
      url: apiPaths.addView,
      payload: { pageUrl: 'sample-active-job' },
      cookies: visitorCookie('o-1'),
      headers: { 'user-agent': BROWSER, host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' },
      remoteAddress: '10.0.9.10',
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().content).toEqual({ counted: true });
  });

  it('refuses requests without a valid visitor cookie, handing one out to send again with', async () => {
    const none = await postView({ pageUrl: 'sample-active-job' }, { ip: '10.0.3.1' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toMatch(/visitor cookie/);
    expect(await pendingOf(activeJobId)).toBe(0);
    const issued = none.cookies.find((c) => c.name === VISITOR_COOKIE);
    expect(issued).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(app.unsignCookie(issued!.value).valid).toBe(true);
    const retried = await postView(
      { pageUrl: 'sample-active-job' },
      { cookies: { [VISITOR_COOKIE]: issued!.value }, ip: '10.0.3.1' },
    );
    expect(retried.json().content).toEqual({ counted: true });
    // A request from another site gets no cookie along with its 403.
    const foreign = await postView(
      { pageUrl: 'sample-active-job' },
      { ip: '10.0.3.2', origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers['set-cookie']).toBeUndefined();
    const forged = await postView(
      { pageUrl: 'sample-active-job' },
      { cookies: { [VISITOR_COOKIE]: 'v-1.forgedsignature' }, ip: '10.0.3.1' },
    );
    expect(forged.statusCode).toBe(401);
  });

  it('hands out the visitor cookie and its readable mark from POST /visitor, once', async () => {
    const ask = (cookies: Record<string, string> = {}, origin: string = ORIGIN) =>
      app.inject({
        method: 'POST',
        url: apiPaths.visitor,
        cookies,
        headers: { origin, 'user-agent': BROWSER },
        remoteAddress: '10.0.5.1',
      });
    const res = await ask();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Visitor cookie set',
      content: { issued: true },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const visitor = res.cookies.find((c) => c.name === VISITOR_COOKIE);
    expect(visitor).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(app.unsignCookie(visitor!.value).valid).toBe(true);
    const mark = res.cookies.find((c) => c.name === VISITOR_MARK_COOKIE);
    expect(mark).toMatchObject({ value: '1', path: '/' });
    expect(mark!.httpOnly).toBeFalsy();
    // The cookie it gave counts a view.
    const view = await postView(
      { pageUrl: 'sample-active-job' },
      { cookies: { [VISITOR_COOKIE]: visitor!.value }, ip: '10.0.5.2' },
    );
    expect(view.json().content).toEqual({ counted: true });
    // A visitor with a valid cookie keeps it and only gets the mark.
    const again = await ask({ [VISITOR_COOKIE]: visitor!.value });
    expect(again.json().content).toEqual({ issued: false });
    expect(again.cookies.map((c) => c.name)).toEqual([VISITOR_MARK_COOKIE]);
    // Only the site's own pages get one.
    const foreign = await ask({}, 'https://evil.example');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers['set-cookie']).toBeUndefined();
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
    const post = (contentType: string, payload: string, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: apiPaths.addView,
        headers: { 'content-type': contentType },
        payload,
        remoteAddress,
      });
    const broken = await post('application/json', '{"pageUrl":', '10.0.7.1');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().success).toBe(false);
    const xml = await post('application/xml', '<pageUrl>x</pageUrl>', '10.0.7.2');
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

describe('views service', () => {
  // The file's app flushes every 2 s on the same database, and a flush that finds another at work
  // moves nothing: on PostgreSQL its timer took the lock from under a flush these tests wait on
  // (a closing app's wrote nothing, 37 for 38). Its timer stops here; flush() still works.
  beforeAll(() => app.services.views.close());

  it('moves pending views to jobs.views on its own within the interval', async () => {
    const views = createViewsService(database.db, { flushEveryMs: 50 });
    await views.flush();
    const before = await viewsOf(activeJobId);
    expect(await views.record('sample-active-job', 'timer-1')).toBe('counted');
    expect(await pendingOf(activeJobId)).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(await pendingOf(activeJobId)).toBe(0);
    expect(await viewsOf(activeJobId)).toBe(before + 1);
    await views.close();
  });

  it('loses nothing when a flush fails: the view waits in job_views for any flusher', async () => {
    let healthy = true;
    const db = failingWhile(
      () => !healthy,
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    );
    const errors: unknown[] = [];
    const views = createViewsService(db, {
      flushEveryMs: 60_000,
      onFlushError: (err) => errors.push(err),
    });
    await views.flush();
    const before = await viewsOf(activeJobId);
    expect(await views.record('sample-active-job', 'outage-1')).toBe('counted');
    healthy = false;
    await expect(views.flush()).rejects.toThrow('ECONNREFUSED');
    // The last flush of a stopping server fails too, and says so without throwing.
    await views.close();
    expect(errors).toHaveLength(1);
    expect(await pendingOf(activeJobId)).toBe(1);
    // Another server (or this one after a restart) moves it.
    const other = createViewsService(database.db, { flushEveryMs: 60_000 });
    expect(await other.flush()).toBe(1);
    expect(await viewsOf(activeJobId)).toBe(before + 1);
    await other.close();
  });

  it('does not count a view whose record statement failed; the visitor stays countable', async () => {
    let healthy = false;
    const db = failingWhile(() => !healthy, new Error('Connection terminated unexpectedly'));
    const down = await buildApiApp({ ...database, db, readDb: db }, { cookieSecret: SECRET });
    const post = () =>
      down.inject({
        method: 'POST',
        url: apiPaths.addView,
        payload: { pageUrl: 'sample-active-job' },
        cookies: { [VISITOR_COOKIE]: down.signCookie('stays-countable') },
        headers: { 'user-agent': BROWSER, origin: ORIGIN },
      });
    const refused = await post();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({ success: false, content: null });
    healthy = true;
    const counted = await post();
    expect(counted.json().content).toEqual({ counted: true });
    await down.close();
  });

  it('counts each pending view once however many servers flush at the same time', async () => {
    await app.services.views.flush();
    const before = await viewsOf(activeJobId);
    const servers = [0, 1, 2].map(() => createViewsService(database.db, { flushEveryMs: 60_000 }));
    for (let i = 0; i < 30; i++) {
      expect(await servers[i % 3]!.record('sample-active-job', `many-${i}`)).toBe('counted');
    }
    const moved = await Promise.all(servers.map((s) => s.flush()));
    // A flusher that finds another one at work moves nothing and leaves the rows to the next run.
    const again = await Promise.all(servers.map((s) => s.flush()));
    expect([...moved, ...again].reduce((a, b) => a + b, 0)).toBe(30);
    expect(await pendingOf(activeJobId)).toBe(0);
    expect(await viewsOf(activeJobId)).toBe(before + 30);
    await Promise.all(servers.map((s) => s.close()));
  });

  it('writes pending views when the app closes', async () => {
    const other = await buildApiApp(database, { cookieSecret: SECRET });
    await other.services.views.flush();
    const before = await viewsOf(activeJobId);
    const res = await other.inject({
      method: 'POST',
      url: apiPaths.addView,
      payload: { pageUrl: 'sample-active-job' },
      cookies: { [VISITOR_COOKIE]: other.signCookie('closing-visitor') },
      headers: { 'user-agent': BROWSER, origin: ORIGIN },
    });
    expect(res.json().content).toEqual({ counted: true });
    await other.close();
    expect(await viewsOf(activeJobId)).toBe(before + 1);
  });
});
