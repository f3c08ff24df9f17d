// The signed, HttpOnly visitor cookie that makes the view counter "authenticated" (DESIGN.md §4):
// the view endpoint only counts requests that carry a valid one. What it protects against is a
// script that posts views without keeping cookies: every counted view needs an id this server
// signed earlier and the client sent back, and one id counts once per job per 24 hours, so
// inflating a count takes two requests per view under the per-address rate limit.
//
// Public pages set no cookie: a page a CDN or the server's page cache hands to everyone must not
// hand everyone the same id (nor may a cookie make the page uncacheable). So the cookie is issued
// where it is needed: by a tiny endpoint (POST /api/v1/auth/visitor) that the page's script calls
// before its first view, when the readable mark cookie says it has none; by the view endpoint
// itself, which refuses a view without one (401) and sets one in the same answer (a client whose
// mark outlived its cookie sends the view again); and by the pages no cache shares (the report
// form needs it; signed-in and token pages are private anyway). The first view of a new visitor
// costs one more small request, never an error: a 401 would be logged in the browser's console.
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const VISITOR_COOKIE = 'visitor';
/**
 * Set beside the visitor cookie, with the same lifetime, and readable by the page's script: it
 * tells the client it holds a visitor cookie (which is HttpOnly), so it asks for one only when it
 * has none. It proves nothing; the server reads only the signed cookie.
 */
export const VISITOR_MARK_COOKIE = 'has_visitor';
/** Browsers cap cookie lifetimes at 400 days. */
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/**
 * COOKIE_SECRET when set (required when several servers share the work); otherwise a random
 * secret made once and kept in DATA_DIR, so visitors keep their cookie across restarts.
 */
export function loadCookieSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'cookie-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    chmodSync(file, 0o600);
    return secret;
  }
}

/** The visitor id of a request, or undefined when the cookie is missing or not ours. */
export function readVisitor(request: FastifyRequest): string | undefined {
  const raw = request.cookies?.[VISITOR_COOKIE];
  if (!raw) return undefined;
  const result = request.unsignCookie(raw);
  return result.valid && result.value ? result.value : undefined;
}

/** A header of the answer; React Router's arrive as Fetch Responses, reaching the reply later. */
function headerOf(reply: FastifyReply, payload: unknown, name: string): string | undefined {
  const value = payload instanceof Response ? payload.headers.get(name) : reply.getHeader(name);
  return typeof value === 'string' ? value : undefined;
}

/** An answer a shared cache may keep: it must carry no one's cookie. */
export function isShared(cacheControl: string | undefined): boolean {
  return cacheControl !== undefined && /\b(public|s-maxage)\b/.test(cacheControl);
}

/**
 * Sets a new visitor id on the answer (the request had none, or not one of ours), and the mark,
 * or only the mark when `keep` (a valid cookie from before the mark existed).
 */
export function issueVisitor(request: FastifyRequest, reply: FastifyReply, keep = false) {
  const options = {
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: MAX_AGE_SECONDS,
  } as const;
  const cookies = [request.server.serializeCookie(VISITOR_MARK_COOKIE, '1', options)];
  if (!keep) {
    const id = reply.signCookie(randomUUID());
    cookies.unshift(
      request.server.serializeCookie(VISITOR_COOKIE, id, { ...options, httpOnly: true }),
    );
  }
  // Written as a header because @fastify/cookie's own onSend writer may already have run.
  reply.header('set-cookie', cookies);
}

/**
 * Call on the root instance: parses cookies everywhere and hands the visitor cookie out with the
 * pages no cache shares.
 */
export async function registerVisitorCookie(app: FastifyInstance, secret: string) {
  await app.register(cookie, { secret, hook: 'onRequest' });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || request.url.startsWith('/api/')) return payload;
    if (!headerOf(reply, payload, 'content-type')?.startsWith('text/html')) return payload;
    // Error pages (404, maintenance, …) have no use for it.
    const status = payload instanceof Response ? payload.status : reply.statusCode;
    if (status >= 300 || isShared(headerOf(reply, payload, 'cache-control'))) return payload;
    if (readVisitor(request)) return payload;
    issueVisitor(request, reply);
    return payload;
  });
}
