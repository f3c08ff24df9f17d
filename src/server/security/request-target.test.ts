// Hostile request targets over raw sockets (fetch and inject would normalise them): credentials or
// junk in Host, an empty or missing Host, absolute-form targets. None answers 500 on any page
// route or the API; pages never take their origin from Host. And TRUST_PROXY: a client-sent
// X-Forwarded-For never changes the address the rate limits key on.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../shared/api-paths.ts';
import type { App } from '../app.ts';
import { seedDemoIfEmpty } from '../db/seed/demo.ts';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { isProxyNetworkAddress } from './trust-proxy.ts';
import { buildTestApp } from '../../../test/support/app.ts';

const PUBLIC_URL = 'https://jobs.example.com';

interface RawAnswer {
  status: number;
  head: string;
  body: string;
}

/** Sends the bytes as written and reads until the server closes (every request says close). */
function raw(port: number, text: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const split = data.indexOf('\r\n\r\n');
      const head = split < 0 ? data : data.slice(0, split);
      resolve({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0),
        head,
        body: split < 0 ? '' : data.slice(split + 4),
      });
    });
    socket.write(text);
  });
}

const request = (target: string, hostLine: string | null, version = '1.1') =>
  `GET ${target} HTTP/${version}\r\n${hostLine === null ? '' : `${hostLine}\r\n`}` +
  'User-Agent: Mozilla/5.0 (raw socket test)\r\nConnection: close\r\n\r\n';

let database: TestDatabase;
let app: App;
let port: number;
let slug: string;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoIfEmpty(database.db);
  app = await buildTestApp(database, { env: { PUBLIC_URL, RATE_LIMIT_SCALE: '0' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
  const listing = await app.inject({ url: `${apiPaths.currentOpenings}?pageSize=1` });
  slug = (listing.json() as { content: { jobs: { pageUrl: string }[] } }).content.jobs[0]!.pageUrl;
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('hostile request targets', () => {
  const targets = () => [
    '/',
    '/jobs',
    '/about',
    `/job-description/${slug}`,
    '/no-such-page',
    apiPaths.appDetails,
    `${apiPaths.currentOpenings}?pageSize=2`,
  ];

  it('refuses junk in Host with 400 on every page route and the API', async () => {
    const hosts = [
      `Host: 127.0.0.1:${port}@evil.example`,
      'Host: user:pass@jobs.example.com',
      'Host:',
      'Host: evil.example/jobs',
      'Host: evil example',
      'Host: [::1',
    ];
    for (const target of targets()) {
      for (const host of hosts) {
        const answer = await raw(port, request(target, host));
        expect(answer.status, `${target} with ${host}`).toBe(400);
        // The app's own check answers every one (security/request-target.ts), naming the problem.
        expect(JSON.parse(answer.body), `${target} with ${host}`).toMatchObject({
          success: false,
          message: expect.stringMatching(/^Bad request: The Host header/),
          content: null,
        });
      }
    }
  });

  it('answers a missing Host on HTTP/1.1 with 400 and serves HTTP/1.0 without one for PUBLIC_URL', async () => {
    expect((await raw(port, request('/jobs', null))).status).toBe(400);
    const page = await raw(port, request(`/job-description/${slug}`, null, '1.0'));
    expect(page.status).toBe(200);
    expect(page.body).toContain(
      `<link rel="canonical" href="${PUBLIC_URL}/job-description/${slug}"`,
    );
  });

  it('serves an absolute-form target as its path, for PUBLIC_URL, whatever authority it names', async () => {
    const page = await raw(
      port,
      request(`http://evil.example/job-description/${slug}`, 'Host: evil.example'),
    );
    expect(page.status).toBe(200);
    expect(page.body).toContain(
      `<link rel="canonical" href="${PUBLIC_URL}/job-description/${slug}"`,
    );
    expect(page.body).not.toContain('evil.example');
    const jobs = await raw(port, request('http://evil.example/jobs', `Host: 127.0.0.1:${port}`));
    expect(jobs.status).toBe(200);
    expect(jobs.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/jobs"`);
    const api = await raw(port, request(`https://evil.example${apiPaths.appDetails}`, 'Host: x'));
    expect(api.status).toBe(200);
    const unknown = await raw(port, request('http://evil.example/no-such-page', 'Host: x'));
    expect(unknown.status).toBe(404);
    // Not a path and not http(s): refused.
    expect((await raw(port, request('evil.example/jobs', 'Host: x'))).status).toBe(400);
    expect((await raw(port, request('ftp://evil.example/jobs', 'Host: x'))).status).toBe(400);
  });

  it('never takes a page’s origin from a well-formed foreign Host', async () => {
    const page = await raw(port, request(`/job-description/${slug}`, 'Host: evil.example:8443'));
    expect(page.status).toBe(200);
    expect(page.body).toContain(
      `<link rel="canonical" href="${PUBLIC_URL}/job-description/${slug}"`,
    );
    expect(page.body).not.toContain('evil.example');
  });

  it('never answers 500 to any of them', async () => {
    const variants = [
      (t: string) => request(t, `Host: 127.0.0.1:${port}@evil.example`),
      (t: string) => request(t, 'Host:'),
      (t: string) => request(t, null),
      (t: string) => request(t, null, '1.0'),
      (t: string) => request(`http://evil.example${t}`, 'Host: evil.example'),
      (t: string) => request(`http://user:pass@evil.example${t}`, 'Host: evil.example'),
    ];
    const statuses = new Set<number>();
    for (const target of targets()) {
      for (const variant of variants) statuses.add((await raw(port, variant(target))).status);
    }
    expect([...statuses].filter((s) => s >= 500 || s === 0)).toEqual([]);
  });
});

describe('TRUST_PROXY', () => {
  it('true believes only the nearest proxy, and only on this machine or a private network', () => {
    expect(
      ['127.0.0.1', '10.1.2.3', '192.168.0.9', '::1', '::ffff:10.0.0.1', 'fd00::1'].map(
        isProxyNetworkAddress,
      ),
    ).toEqual([true, true, true, true, true, true]);
    expect(
      ['203.0.113.7', '8.8.8.8', '2001:db8::1', '::ffff:8.8.8.8'].map(isProxyNetworkAddress),
    ).toEqual([false, false, false, false]);
  });

  it('keys the rate limit on the address the proxy saw, not on a client-sent X-Forwarded-For', async () => {
    const proxied = await buildTestApp(database, {
      web: false,
      env: { TRUST_PROXY: 'true', PUBLIC_URL },
      viewsPerMinute: 3,
    });
    try {
      const post = (forwardedFor: string, remoteAddress = '127.0.0.1') =>
        proxied.inject({
          method: 'POST',
          url: apiPaths.addView,
          payload: { pageUrl: 'x' },
          headers: { 'x-forwarded-for': forwardedFor, origin: PUBLIC_URL },
          remoteAddress,
        });
      // The proxy appends the address it saw (203.0.113.7) to whatever the client sent.
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await post(`198.51.100.${i}, 10.9.9.${i}, 203.0.113.7`)).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      // Another client behind the same proxy has its own allowance.
      expect((await post('203.0.113.8')).statusCode).toBe(401);
      // A client that reaches the server directly (public address) cannot pose as a proxy.
      const direct: number[] = [];
      for (let i = 0; i < 5; i++) {
        direct.push((await post(`192.0.2.${i}`, '198.51.100.200')).statusCode);
      }
      expect(direct).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await proxied.close();
    }
  });
});
