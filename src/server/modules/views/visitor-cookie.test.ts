import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/api-paths.ts';
import type { App } from '../../app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { loadCookieSecret, VISITOR_COOKIE } from './visitor-cookie.ts';
import { buildApiApp } from '../../../../test/support/app.ts';

let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApiApp(database);
  // Stand-ins for the web app's pages: a plain HTML reply and a Fetch Response (React Router's).
  app.get('/page', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send('<p>page</p>'),
  );
  app.get(
    '/rendered',
    { schema: { hide: true } },
    async () => new Response('<p>rendered</p>', { headers: { 'content-type': 'text/html' } }),
  );
  app.get('/file.js', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/javascript').send('1'),
  );
  // A page any cache may share, and a missing one (as web/react-router.ts answers them).
  app.get('/shared', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=0, s-maxage=5')
      .send('<p>shared</p>'),
  );
  app.get(
    '/shared-rendered',
    { schema: { hide: true } },
    async () =>
      new Response('<p>rendered</p>', {
        headers: { 'content-type': 'text/html', 'cache-control': 'public, s-maxage=5' },
      }),
  );
  app.get(
    '/missing',
    { schema: { hide: true } },
    async () =>
      new Response('<p>missing</p>', { status: 404, headers: { 'content-type': 'text/html' } }),
  );
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const visitorCookieOf = (res: {
  cookies: { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string }[];
}) => res.cookies.find((c) => c.name === VISITOR_COOKIE);

describe('visitor cookie', () => {
  it.each(['/page', '/rendered'])('is handed out, signed and HttpOnly, by %s', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    const cookie = visitorCookieOf(res);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(app.unsignCookie(cookie!.value).valid).toBe(true);
  });

  it('is not handed out again to a visitor who has one', async () => {
    const first = visitorCookieOf(await app.inject({ method: 'GET', url: '/page' }))!;
    const again = await app.inject({
      method: 'GET',
      url: '/page',
      cookies: { [VISITOR_COOKIE]: first.value },
    });
    expect(visitorCookieOf(again)).toBeUndefined();
  });

  it('replaces a forged one', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/page',
      cookies: { [VISITOR_COOKIE]: 'me.forged' },
    });
    expect(app.unsignCookie(visitorCookieOf(res)!.value).valid).toBe(true);
  });

  it.each(['/shared', '/shared-rendered', '/missing'])(
    'is not handed out by %s (shared by caches, or an error page)',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(visitorCookieOf(res)).toBeUndefined();
      expect(res.headers['set-cookie']).toBeUndefined();
    },
  );

  it('is not set on API answers or non-HTML files (they stay cacheable)', async () => {
    const api = await app.inject({ method: 'GET', url: apiPaths.experiencesFilter });
    expect(visitorCookieOf(api)).toBeUndefined();
    const file = await app.inject({ method: 'GET', url: '/file.js' });
    expect(visitorCookieOf(file)).toBeUndefined();
  });
});

describe('cookie secret', () => {
  it('uses COOKIE_SECRET when given, else makes one, keeps it private and reuses it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openings-secret-'));
    try {
      expect(loadCookieSecret('x'.repeat(32), dir)).toBe('x'.repeat(32));
      const made = loadCookieSecret(undefined, dir);
      expect(made.length).toBeGreaterThanOrEqual(32);
      expect(statSync(path.join(dir, 'cookie-secret')).mode & 0o777).toBe(0o600);
      expect(loadCookieSecret(undefined, dir)).toBe(made);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
