// HTTP caching of the JSON API: an ETag on every successful GET (a conditional GET answers 304) and a
// Cache-Control per route, so browsers and a CDN can reuse public answers (DESIGN.md §7). The
// policies of pages are here too; web/react-router.ts applies them.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REFERENCE_CACHE_CONTROL } from '../shared/suggest-paths.ts';
import { codingOf } from './compression.ts';
import { COOKIE_PREFIX } from './modules/accounts/auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache-Control of the route's successful GET answers; API answers without one are no-store. */
    cache?: string;
  }
}

export const cachePolicy = {
  /** Reference data that changes rarely (suggestions, levels, figures). */
  reference: REFERENCE_CACHE_CONTROL,
  /** Must reflect a change at once (the maintenance switch): reuse only after revalidating. */
  revalidate: 'public, no-cache',
} as const;

/** Call on the root instance, before the routes: the hooks then apply to every route. */
export function registerHttpCache(app: FastifyInstance) {
  // Runs before the ETag hook below, so it still sees the handler's status (not a 304).
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/') || reply.hasHeader('cache-control')) return payload;
    const readable = request.method === 'GET' || request.method === 'HEAD';
    const policy = request.routeOptions.config?.cache;
    reply.header(
      'cache-control',
      readable && policy && reply.statusCode === 200 ? policy : 'no-store',
    );
    return payload;
  });
  // Only a 200 to a GET or HEAD is a representation a cache holds and revalidates (RFC 9110
  // §13.1.2): a redirect, an error or a POST's answer gets no tag, so an If-None-Match that
  // happens to name its body (every empty body has the same hash) cannot turn it into a 304.
  // Pages tag their own answers the same way, one tag per content coding (web/react-router.ts).
  app.addHook('onSend', async (request, reply, payload) => {
    const readable = request.method === 'GET' || request.method === 'HEAD';
    if (!readable || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    let tag = reply.getHeader('etag');
    if (typeof tag !== 'string') {
      // A strong tag names one representation (RFC 9110 §8.8.1): the br or gzip body that
      // compression will send is not the identity bytes, so it gets a tag of its own.
      const coding = codingOf(
        String(reply.getHeader('content-type') ?? ''),
        Buffer.byteLength(payload),
        request.headers['accept-encoding'],
      );
      const hash = createHash('sha1').update(payload).digest('base64');
      tag = coding ? `"${hash}-${coding}"` : `"${hash}"`;
      reply.header('etag', tag);
    }
    if (!matchesEtag(request.headers['if-none-match'], tag)) return payload;
    reply.code(304);
    return '';
  });
}

/**
 * Pages, by kind. Anonymous pages are the same for every visitor, so a CDN may keep them a few
 * seconds and serve them a while longer while it fetches the next copy (s-maxage,
 * stale-while-revalidate). Browsers keep them with max-age=0: they revalidate every use (a cheap
 * 304 on the ETag), because a browser's copy cannot follow a change of who is signed in (the
 * session cookie is not part of its cache key, and `Vary: Cookie` would make every visitor with
 * any cookie a cache of their own at the CDN), so a copy made before signing in must not be shown
 * as fresh after it. There is no must-revalidate: it would forbid the CDN's
 * stale-while-revalidate too. A CDN must pass requests carrying the session cookie straight to
 * the server (README, "Scaling out").
 */
export const pagePolicy = {
  public: 'public, max-age=0, s-maxage=5, stale-while-revalidate=30',
  /**
   * A 404 or 410 is the same for everyone, and scanners asking for missing URLs are what a CDN
   * should absorb; a job published just now is a 404 at the CDN for at most these 5 seconds,
   * like any page. No stale-while-revalidate: the page after a publication should not wait.
   */
  missing: 'public, max-age=0, s-maxage=5',
  /**
   * Single-fetch data (`.data`) is what client-side navigation and the revalidation after a sign
   * in or out read: never kept by a shared cache, always revalidated by the browser (the server's
   * page cache still answers it, by ETag, in microseconds).
   */
  data: 'private, no-cache',
  /** A failure (500), the maintenance page and the database-away page: never kept. */
  failure: 'no-store',
  /** Anything that shows an account. */
  private: 'private, no-store',
} as const;

/** The anonymous pages that are the same for every visitor (issue 20): listing, jobs, companies. */
const PUBLIC_PAGES = [
  /^\/$/,
  /^\/jobs$/,
  /^\/job-description\/[^/]+$/,
  /^\/companies$/,
  /^\/companies\/[^/]+$/,
  /^\/learn$/,
  /^\/learn\/[^/]+$/,
  /^\/about$/,
  /^\/contact$/,
];

export type PageKind = 'document' | 'data';

/**
 * Which public page a path is, as a document or as its single-fetch data (`/jobs.data`, and
 * `/_root.data` for `/`); undefined for every other path.
 */
export function publicPageKind(path: string): PageKind | undefined {
  if (path.endsWith('.data')) {
    const page = path === '/_root.data' ? '/' : path.slice(0, -'.data'.length);
    return PUBLIC_PAGES.some((re) => re.test(page)) ? 'data' : undefined;
  }
  return PUBLIC_PAGES.some((re) => re.test(path)) ? 'document' : undefined;
}

/**
 * A request that may carry a session: any of better-auth's cookies (even an expired or forged
 * one: the page it gets must not be the shared copy, nor become it) or a resolved account.
 */
export function mayBeSignedIn(request: FastifyRequest): boolean {
  if (request.account) return true;
  const cookie = request.headers.cookie;
  return cookie !== undefined && cookie.includes(`${COOKIE_PREFIX}.`);
}

/** Whether an If-None-Match header names this tag (a list, `*`, weak forms compared weakly). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => bare(tag) === etag);
}
