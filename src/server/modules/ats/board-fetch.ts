// Reads one page of a company's public ATS board: GET over http(s) only, a time and size bound, a
// user agent that says who we are, and never an address on a private network or this machine
// (the name is resolved, the address checked — the same rule as the apply-link check — and the
// request pinned to it) unless a test setting allows it. Any failure throws: the crawl fails whole.
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { APP_NAME } from '../../../shared/constants.ts';
import { isNonPublicAddress, pinnedLookup } from '../lifecycle/apply-link-check.ts';
import type { BoardGet } from './sources/types.ts';

export const BOARD_TIMEOUT_MS = 20_000;
export const BOARD_MAX_BYTES = 20 * 1024 * 1024;
const MAX_REDIRECTS = 3;

export class BoardFetchError extends Error {}

export interface BoardFetchOptions {
  /** Lets tests read a fake board on 127.0.0.1 (ATS_ALLOW_PRIVATE). */
  allowPrivate?: boolean;
  /**
   * Sends every request to this origin instead, the real host as the first path segment
   * (`https://api.lever.co/v0/…` → `{override}/api.lever.co/v0/…`): ATS_BASE_URL_OVERRIDE, for
   * tests against a local fake server.
   */
  baseUrlOverride?: string;
  timeoutMs?: number;
}

/** The address a request really goes to (the override applied). */
export function targetUrl(url: string, override: string | undefined): URL {
  const real = new URL(url);
  if (!override) return real;
  return new URL(`${override.replace(/\/+$/, '')}/${real.host}${real.pathname}${real.search}`);
}

async function resolveChecked(hostname: string, allowPrivate: boolean) {
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true, verbatim: true }).catch(() => {
        throw new BoardFetchError(`could not resolve ${host}`);
      });
  const first = addresses[0];
  if (!first) throw new BoardFetchError(`could not resolve ${host}`);
  if (!allowPrivate && addresses.some((a) => isNonPublicAddress(a.address)))
    throw new BoardFetchError(`${host} is a private address`);
  return first;
}

function getOnce(
  url: URL,
  address: { address: string; family: number },
  accept: string,
  signal: AbortSignal,
): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        lookup: pinnedLookup(address),
        signal,
        headers: { 'user-agent': `${APP_NAME}-board-sync/1.0`, accept },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          res.resume();
          resolve({ status, location: res.headers.location, body: '' });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > BOARD_MAX_BYTES) {
            res.destroy();
            reject(new BoardFetchError('the board is larger than 20 MB'));
          } else chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A BoardGet over the network with our guards; errors say what went wrong in a few words. */
export function createBoardGet(options: BoardFetchOptions = {}): BoardGet {
  const allowPrivate = options.allowPrivate ?? false;
  const timeoutMs = options.timeoutMs ?? BOARD_TIMEOUT_MS;
  return async (rawUrl, accept) => {
    let url = targetUrl(rawUrl, options.baseUrlOverride);
    const signal = AbortSignal.timeout(timeoutMs);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new BoardFetchError('only http and https addresses are read');
      const address = await resolveChecked(url.hostname, allowPrivate);
      let answer: Awaited<ReturnType<typeof getOnce>>;
      try {
        answer = await getOnce(
          url,
          address,
          accept === 'json' ? 'application/json' : 'application/xml, text/xml',
          signal,
        );
      } catch (err) {
        if (err instanceof BoardFetchError) throw err;
        if (signal.aborted) throw new BoardFetchError(`no answer within ${timeoutMs / 1000} s`);
        throw new BoardFetchError(
          `could not connect (${(err as NodeJS.ErrnoException).code ?? 'network error'})`,
        );
      }
      if (answer.status >= 300 && answer.status < 400 && answer.location) {
        url = new URL(answer.location, url);
        continue;
      }
      if (answer.status === 404) throw new BoardFetchError('board not found (HTTP 404)');
      if (answer.status < 200 || answer.status >= 300)
        throw new BoardFetchError(`the board answered HTTP ${answer.status}`);
      return answer.body;
    }
    throw new BoardFetchError('too many redirects');
  };
}
