// A page's form post through the whole app (production build): whatever body arrives, the answer
// is prompt and a 4xx that says what was wrong, never a hang, a 500 or an unbounded read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { buildTestApp } from '../../../test/support/app.ts';
import { logCapture } from '../../../test/support/log-capture.ts';

const ORIGIN = 'http://localhost:3000';

let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildTestApp(database, { env: { PUBLIC_URL: ORIGIN } });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** POSTs to a page; a request still unanswered after 5 s fails the test instead of hanging it. */
async function post(
  url: string,
  contentType: string | undefined,
  payload: string | Buffer,
  accept?: string,
) {
  const headers: Record<string, string> = { origin: ORIGIN };
  if (accept !== undefined) headers.accept = accept;
  if (contentType !== undefined) headers['content-type'] = contentType;
  const answer = app.inject({ method: 'POST', url, headers, payload });
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`no answer to POST ${url} (${contentType})`)), 5_000),
  );
  return Promise.race([answer, timeout]);
}

describe('page form posts', () => {
  it('takes a form sent from another name of this server (127.0.0.1 beside localhost)', async () => {
    // The address the server logs as it starts: its Origin is the one the request went to.
    const signIn = (origin: string) =>
      app.inject({
        method: 'POST',
        url: '/login',
        headers: {
          host: '127.0.0.1:3000',
          origin,
          accept: 'text/html',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'email=nobody%40example.com&password=not-the-password-1',
      });
    const same = await signIn('http://127.0.0.1:3000');
    // The sign-in's own answer (the account is unknown: 401), not React Router's refusal of an
    // Origin other than PUBLIC_URL's (400, "Bad Request").
    expect(same.statusCode).toBe(401);
    expect(same.body).not.toBe('Bad Request');
    // Another site's Origin is still refused, with the reason as a page.
    const foreign = await signIn('http://127.0.0.2:3000');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).toContain('did not come from a page of this site');
  });

  it.each([
    ['application/json', '{"email":"a@b.c"}'],
    ['application/json; charset=utf-8', '{}'],
    ['text/plain', 'email=a@b.c'],
    ['application/xml', '<a/>'],
  ])('refuses a %s body with 415 naming the form types', async (type, body) => {
    for (const url of ['/login', '/signup', '/login.data']) {
      const res = await post(url, type, body);
      expect(res.statusCode, `${url} ${type}`).toBe(415);
      expect(res.json().message).toBe(
        `A form on this site is sent as application/x-www-form-urlencoded or multipart/form-data, not ${type}`,
      );
    }
  });

  it('answers a malformed multipart body with 400, not a 500', async () => {
    for (const type of ['multipart/form-data', 'multipart/form-data; boundary=xyz']) {
      const res = await post('/login', type, 'garbage');
      expect(res.statusCode, type).toBe(400);
      expect(res.json().message).toBe(
        'The form could not be read: its multipart body is malformed',
      );
    }
  });

  it('reads a post without a body as an empty form: the page says what is missing', async () => {
    const res = await post('/login', undefined, '');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Enter your e-mail address');
  });

  it('still reads an urlencoded and a multipart form', async () => {
    const urlencoded = await post(
      '/login',
      'application/x-www-form-urlencoded',
      'email=nobody%40example.com&password=',
    );
    expect(urlencoded.statusCode).toBe(400);
    expect(urlencoded.body).toContain('Enter your password');
    const multipart = await post(
      '/login',
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\nnobody@example.com\r\n--xyz--\r\n',
    );
    expect(multipart.statusCode).toBe(400);
    expect(multipart.body).toContain('Enter your password');
  });

  it('refuses a form over 1 MB with 413 before reading it into memory', async () => {
    const res = await post(
      '/login',
      'application/x-www-form-urlencoded',
      `email=a&password=${'x'.repeat(1024 * 1024)}`,
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Request body is too large');
  });

  it("tells a browser's form the same as a page (web/refusal-page.ts)", async () => {
    const browser = 'text/html,application/xhtml+xml,*/*;q=0.8';
    // <form enctype="text/plain"> is one a browser can send.
    const plain = await post('/login', 'text/plain', 'email=a@b.c', browser);
    expect(plain.statusCode).toBe(415);
    expect(plain.headers['content-type']).toMatch(/^text\/html/);
    expect(plain.body).toContain('not text/plain');
    const large = await post(
      '/login',
      'application/x-www-form-urlencoded',
      `email=a&password=${'x'.repeat(1024 * 1024)}`,
      browser,
    );
    expect(large.statusCode).toBe(413);
    expect(large.body).toContain('<h1>That was too much to send</h1>');
  });
});

describe('a post to a page without a form', () => {
  it('is answered 405 and logged as the request refused, not as a failure', async () => {
    const log = logCapture();
    const logged = await buildTestApp(database, {
      env: { PUBLIC_URL: ORIGIN },
      logger: { level: 'info', stream: log.stream },
    });
    try {
      const res = await logged.inject({
        method: 'POST',
        url: '/about',
        headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a=1',
      });
      expect(res.statusCode).toBe(405);
    } finally {
      await logged.close();
    }
    const entries = log.lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(entries.filter((entry) => entry.level >= 50)).toEqual([]);
    expect(entries.map((entry) => entry.msg)).toContain('page refused');
  });
});
