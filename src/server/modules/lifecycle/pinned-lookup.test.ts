// The link check and the board sync connect to the address they checked, not to a second DNS
// answer: a host name that resolves nowhere still reaches the pinned address.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinnedLookup } from './apply-link-check.ts';

let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((_req, res) => res.end('pinned'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('pinnedLookup', () => {
  it('sends a request for any host name to the pinned address', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      http
        .get(
          `http://no-such-host.invalid:${port}/`,
          { lookup: pinnedLookup({ address: '127.0.0.1', family: 4 }) },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve(text));
          },
        )
        .on('error', reject);
    });
    expect(body).toBe('pinned');
  });
});
