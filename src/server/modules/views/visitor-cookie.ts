// The signed, HttpOnly visitor cookie that makes the view counter "authenticated" (DESIGN.md §4):
// page loads hand one out, the view endpoint only counts requests that carry a valid one.
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const VISITOR_COOKIE = 'visitor';
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

function isHtml(reply: { getHeader(name: string): unknown }, payload: unknown): boolean {
  // React Router's answers arrive as Fetch Responses whose headers reach the reply only later.
  const type =
    payload instanceof Response
      ? payload.headers.get('content-type')
      : reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('text/html');
}

/** Call on the root instance: parses cookies everywhere and hands out the visitor cookie. */
export async function registerVisitorCookie(app: FastifyInstance, secret: string) {
  await app.register(cookie, { secret, hook: 'onRequest' });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || request.url.startsWith('/api/')) return payload;
    if (!isHtml(reply, payload) || readVisitor(request)) return payload;
    // Written as a header because @fastify/cookie's own onSend writer may already have run.
    const value = reply.signCookie(randomUUID());
    reply.header(
      'set-cookie',
      app.serializeCookie(VISITOR_COOKIE, value, {
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        path: '/',
        maxAge: MAX_AGE_SECONDS,
      }),
    );
    return payload;
  });
}
