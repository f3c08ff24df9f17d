// The accounts side of issue 16's attacker suite, at the HTTP level: forged or missing Origin on
// state-changing requests, forged, stolen-then-revoked, expired and deleted-account session
// cookies, and the cookie's attributes behind TLS.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { accountsFor } from './accounts.service.ts';
import { buildApiApp } from '../../../../test/support/app.ts';

const PUBLIC_URL = 'http://localhost:4400';
const PASSWORD = 'violet lighthouse 77';

let database: TestDatabase;
let app: App;
let httpsApp: App;
const sent: MailMessage[] = [];
let ip = 1;

/** Keeps the mail in memory (the SMTP path is tested in accounts.test.ts). */
const memoryMailer: Mailer = {
  async send(message) {
    sent.push(message);
    return { messageId: String(sent.length) };
  },
  close() {},
};

async function build(publicUrl: string) {
  const built = await buildApiApp(database, {
    env: { PUBLIC_URL: publicUrl },
    mailer: memoryMailer,
    cookieSecret: 'b'.repeat(40),
  });
  built.get('/__whoami', async (request) => ({ account: request.account }));
  await built.ready();
  return built;
}

/** A verified account signed in on `target`; answers its Cookie header value. */
async function signedIn(target: App, email: string): Promise<string> {
  const service = () =>
    accountsFor(target.accounts, { cookie: undefined, userAgent: 't', ip: `203.0.113.${ip++}` });
  await service().signUp({ name: 'Target', email, password: PASSWORD });
  await target.accounts.settled();
  const mail = [...sent].reverse().find((m) => m.to === email)!;
  const token = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('token')!;
  await service().verifyEmail(token);
  const result = await service().signIn({ email, password: PASSWORD });
  if (!result.ok) throw new Error(result.message);
  return result.setCookies.map((c) => c.split(';')[0]).join('; ');
}

const post = (url: string, headers: Record<string, string>, payload: object = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });

const whoami = async (target: App, cookie: string) =>
  (await target.inject({ method: 'GET', url: '/__whoami', headers: { cookie } })).json() as {
    account: { email: string } | null;
  };

beforeAll(async () => {
  database = await openTestDatabase();
  app = await build(PUBLIC_URL);
  httpsApp = await build('https://jobs.example.com');
}, 60_000);

afterAll(async () => {
  await app?.close();
  await httpsApp?.close();
  await database?.close();
});

describe('Origin (CSRF)', () => {
  const signIn = { email: 'x@example.com', password: 'whatever it is' };

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['no Origin', {} as Record<string, string>],
    ['Origin null (a sandboxed frame)', { origin: 'null' }],
    ['a look-alike Origin', { origin: 'http://localhost:4400.evil.example' }],
  ])('refuses %s on /api/auth and on page posts', async (_what, headers) => {
    const api = await post('/api/auth/sign-in/email', headers, signIn);
    expect(api.statusCode).toBe(403);
    expect(api.json().message).toMatch(/Origin/);
    for (const page of ['/login', '/account', '/sign-out', '/employer/jobs/new']) {
      const res = await app.inject({
        method: 'POST',
        url: page,
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'intent=delete-account&password=x',
      });
      expect(res.statusCode, page).toBe(403);
    }
  });

  it('lets the own Origin through, and GETs need none', async () => {
    const own = await post('/api/auth/sign-in/email', { origin: PUBLIC_URL }, signIn);
    expect(own.statusCode).toBe(401);
    const get = await app.inject({ method: 'GET', url: '/api/auth/get-session' });
    expect(get.statusCode).toBe(200);
  });

  it('checks a signed-in request too: a cookie is not enough', async () => {
    const cookie = await signedIn(app, 'csrf@example.com');
    const forged = await post(
      '/api/auth/change-email',
      { origin: 'https://evil.example', cookie },
      { newEmail: 'attacker@example.com' },
    );
    expect(forged.statusCode).toBe(403);
    expect((await whoami(app, cookie)).account?.email).toBe('csrf@example.com');
  });
});

describe('session cookies', () => {
  it('ignores a forged cookie and a token with a changed signature', async () => {
    const cookie = await signedIn(app, 'forged@example.com');
    const [name, value] = cookie.split('=') as [string, string];
    const [token] = decodeURIComponent(value).split('.');
    for (const forged of [
      `${name}=${encodeURIComponent(`${token}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`)}`,
      `${name}=${encodeURIComponent(`${'x'.repeat(32)}.signature`)}`,
      `${name}=${token}`,
    ]) {
      expect((await whoami(app, forged)).account).toBeNull();
    }
    expect((await whoami(app, cookie)).account?.email).toBe('forged@example.com');
  });

  it('ignores an expired session', async () => {
    const cookie = await signedIn(app, 'expired@example.com');
    await database.db.execute(
      sql`update session set expires_at = now() - interval '1 minute'
          where user_id = (select id from "user" where email = 'expired@example.com')`,
    );
    expect((await whoami(app, cookie)).account).toBeNull();
    const res = await post(
      '/api/auth/change-password',
      { origin: PUBLIC_URL, cookie },
      {
        currentPassword: PASSWORD,
        newPassword: 'a new passphrase here',
      },
    );
    expect(res.statusCode).toBe(401);
  });

  it('refuses a copied cookie after "sign out everywhere"', async () => {
    const cookie = await signedIn(app, 'copied@example.com');
    const stolen = cookie;
    const out = await post('/api/auth/revoke-sessions', { origin: PUBLIC_URL, cookie });
    expect(out.statusCode).toBe(200);
    expect((await whoami(app, stolen)).account).toBeNull();
    const reuse = await post(
      '/api/auth/change-email',
      { origin: PUBLIC_URL, cookie: stolen },
      { newEmail: 'thief@example.com' },
    );
    expect(reuse.statusCode).toBe(401);
  });

  it("refuses a deleted account's cookie", async () => {
    const cookie = await signedIn(app, 'gone@example.com');
    const again = await accountsFor(app.accounts, {
      cookie: undefined,
      userAgent: 't',
      ip: '203.0.113.251',
    }).signIn({ email: 'gone@example.com', password: PASSWORD });
    const other = again.ok ? again.setCookies[0]!.split(';')[0]! : '';
    expect((await whoami(app, other)).account?.email).toBe('gone@example.com');
    const del = await post(
      '/api/auth/delete-user',
      { origin: PUBLIC_URL, cookie },
      { password: PASSWORD },
    );
    expect(del.statusCode).toBe(200);
    for (const c of [cookie, other]) {
      expect((await whoami(app, c)).account).toBeNull();
      const res = await post(
        '/api/auth/update-user',
        { origin: PUBLIC_URL, cookie: c },
        { name: 'Back' },
      );
      expect(res.statusCode).toBe(401);
    }
  });

  it('makes signed-in pages private and unstored', async () => {
    const cookie = await signedIn(app, 'private@example.com');
    const res = await app.inject({ method: 'GET', url: '/__whoami', headers: { cookie } });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('marks the cookie Secure (and __Secure-) behind TLS', async () => {
    const res = await httpsApp.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://jobs.example.com', 'content-type': 'application/json' },
      payload: { email: 'tls@example.com', password: PASSWORD },
    });
    expect(res.statusCode).toBe(401);
    const cookie = await signedIn(httpsApp, 'tls@example.com');
    expect(cookie).toMatch(/^__Secure-openings\.session_token=/);
    const signIn = await accountsFor(httpsApp.accounts, {
      cookie: undefined,
      userAgent: 't',
      ip: '203.0.113.250',
    }).signIn({ email: 'tls@example.com', password: PASSWORD });
    expect(signIn.ok ? signIn.setCookies[0] : '').toMatch(/; Secure/);
    expect(signIn.ok ? signIn.setCookies[0] : '').toMatch(/; HttpOnly/);
    expect(signIn.ok ? signIn.setCookies[0] : '').toMatch(/; SameSite=Lax/);
  });
});

describe("better-auth's own limit per client address", () => {
  it('holds across servers: it is counted in the database', async () => {
    const attempt = (target: App, origin: string) =>
      target.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '192.0.2.50',
        headers: { origin, 'content-type': 'application/json' },
        payload: { email: 'brute@example.com', password: 'guess number n' },
      });
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await attempt(app, PUBLIC_URL)).statusCode);
    expect(codes).toEqual(Array(10).fill(401));
    const rows = await database.db.execute(
      sql`select count from rate_limit where key = '192.0.2.50|/sign-in/email'`,
    );
    expect((rows as unknown as { rows: { count: number }[] }).rows).toEqual([{ count: 10 }]);
    // The eleventh attempt, on the other server, is refused.
    expect((await attempt(httpsApp, 'https://jobs.example.com')).statusCode).toBe(429);
  });
});
