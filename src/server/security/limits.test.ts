import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { DEFAULT_LIMITS, MANIFEST_QUERY_LENGTH } from './limits.ts';
import { buildTestApp } from '../../../test/support/app.ts';

/** Sends raw bytes and resolves with whatever the server answers before it closes the socket. */
function rawExchange(port: number, write: (socket: ReturnType<typeof connect>) => void) {
  return new Promise<{ response: string; closedAfterMs: number }>((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => write(socket));
    let response = '';
    socket.on('data', (chunk) => (response += chunk.toString('latin1')));
    socket.on('error', (err) =>
      (err as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(err),
    );
    socket.on('close', () => resolve({ response, closedAfterMs: Date.now() - started }));
  });
}

describe('server limits', () => {
  let database: TestDatabase;
  let app: App;
  let port: number;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildTestApp(database, {
      web: false,
      limits: { headersTimeoutMs: 1000, requestTimeoutMs: 1500, idleTimeoutMs: 3000 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers 431 to request headers over 16 kB', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, {
      headers: { 'x-padding': 'a'.repeat(DEFAULT_LIMITS.maxHeaderBytes + 1) },
    });
    expect(res.status).toBe(431);
  });

  it('accepts ordinary headers', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, {
      headers: { 'x-padding': 'a'.repeat(4000) },
    });
    expect(res.status).toBe(200);
  });

  it('answers 414 with a JSON message to a query string over 2 kB', async () => {
    const long = 'x'.repeat(DEFAULT_LIMITS.maxQueryLength + 1);
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/settings/roles-filter?name=${long}`);
    expect(res.status).toBe(414);
    expect(await res.json()).toEqual({
      success: false,
      message: expect.stringContaining('query string is too long'),
      content: null,
    });
    const page = await fetch(`http://127.0.0.1:${port}/jobs?q=${long}`);
    expect(page.status).toBe(414);
  });

  it("takes React Router's route discovery requests up to its own cut (7,680 characters)", async () => {
    const paths = Array.from(
      { length: 100 },
      (_, i) => `p=${encodeURIComponent(`/job-description/a-long-job-title-of-some-company-${i}`)}`,
    ).join('&');
    const url = `/__manifest?${paths}&version=x`;
    expect(url.length).toBeGreaterThan(DEFAULT_LIMITS.maxQueryLength);
    expect(url.length).toBeLessThan(7680);
    const res = await fetch(`http://127.0.0.1:${port}${url}`);
    expect(res.status).not.toBe(414);
    const longer = await fetch(
      `http://127.0.0.1:${port}/__manifest?p=${'x'.repeat(MANIFEST_QUERY_LENGTH)}`,
    );
    expect(longer.status).toBe(414);
  });

  it('cuts a client that sends its headers too slowly (slow loris)', async () => {
    const { response, closedAfterMs } = await rawExchange(port, (socket) => {
      socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
      const drip = setInterval(() => socket.writable && socket.write('X-Drip: 1\r\n'), 200);
      socket.on('close', () => clearInterval(drip));
    });
    expect(closedAfterMs).toBeLessThan(4000);
    expect(response).not.toContain('200 OK');
  });

  it('cuts a client that sends its body too slowly', async () => {
    const { closedAfterMs, response } = await rawExchange(port, (socket) => {
      socket.write(
        'POST /api/v1/auth/jobs/add-one-view-to-a-view-jd HTTP/1.1\r\nHost: x\r\n' +
          'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      );
      const drip = setInterval(() => socket.writable && socket.write(' '), 200);
      socket.on('close', () => clearInterval(drip));
    });
    expect(closedAfterMs).toBeLessThan(5000);
    expect(response).not.toContain('200 OK');
  });

  it('answers 413 to a body over 16 kB', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/auth/jobs/add-one-view-to-a-view-jd`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pageUrl: 'a'.repeat(20_000) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).success).toBe(false);
  });
});
