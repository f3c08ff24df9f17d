// Accounts in Fastify: better-auth's endpoints under /api/auth/*, the `request.account` of every
// request that carries a session cookie, the Origin check of every state-changing request to the
// web app and /api/auth (CSRF), `Cache-Control: private, no-store` on signed-in pages, and the
// account writes that wait while maintenance is on.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SignedInAccount } from '../../../shared/account-services.ts';
import { MAINTENANCE_RETRY_AFTER } from '../../../shared/maintenance.ts';
import {
  type AccountsCore,
  requestHeaders,
  resolveAccount,
  type RequestInfo,
} from './accounts.service.ts';
import { isOwnOrigin } from '../../security/own-origin.ts';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER } from './auth.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, from the session cookie; null when signed out. */
    account: SignedInAccount | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const sessionRefresh = Symbol('sessionRefresh');

type WithRefresh = FastifyRequest & { [sessionRefresh]?: string[] };

/** What the accounts service needs from a Fastify request. */
export function requestInfo(request: FastifyRequest): RequestInfo {
  return {
    cookie: request.headers.cookie,
    userAgent: request.headers['user-agent'],
    ip: request.ip,
  };
}

function hasSessionCookie(request: FastifyRequest): boolean {
  return request.headers.cookie?.includes('.session_token=') ?? false;
}

export const ONE_CLICK_UNSUBSCRIBE_PATH = '/alerts/unsubscribe';

/** Requests whose Origin must be ours: state-changing ones to the web app and to /api/auth. */
function needsOriginCheck(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  // RFC 8058: a mail provider POSTs an alert's one-click unsubscribe from its own servers, with no
  // Origin and no cookies; the link's token alone decides (modules/seekers).
  if (request.url.split('?', 1)[0] === ONE_CLICK_UNSUBSCRIBE_PATH) return false;
  return !request.url.startsWith('/api/') || request.url.startsWith(`${AUTH_BASE_PATH}/`);
}

export function refuseForeignOrigin(reply: FastifyReply) {
  return reply.code(403).header('cache-control', 'no-store').send({
    success: false,
    message: 'Refused: this request did not come from a page of this site (Origin header).',
    content: null,
  });
}

/**
 * better-auth's endpoints open while maintenance is on: signing in (operators turn it off from
 * the console) and out, and reading the session. Every other post (a sign-up, a password reset, a
 * change to the account) and the e-mail confirmation link wait, as their pages do.
 */
const OPEN_IN_MAINTENANCE = new Set(['/sign-in/email', '/sign-out', '/get-session', '/ok']);

function closedInMaintenance(request: FastifyRequest): boolean {
  const endpoint = request.url.split('?', 1)[0]!.slice(AUTH_BASE_PATH.length).replace(/\/+$/, '');
  if (OPEN_IN_MAINTENANCE.has(endpoint)) return false;
  return request.method !== 'GET' || endpoint === '/verify-email';
}

function isPage(request: FastifyRequest): boolean {
  return !request.url.startsWith('/api/') && !request.url.startsWith('/assets/');
}

/** Call on the root instance after the cookie plugin, before the routes. */
export async function registerAccounts(
  app: FastifyInstance,
  core: AccountsCore,
  options: {
    publicUrl: string;
    /** Whether maintenance is on (app details): accounts are then not created or changed. */
    maintenanceOn?: () => Promise<boolean>;
  },
) {
  app.decorateRequest('account', null);

  app.addHook('onRequest', async (request, reply) => {
    if (needsOriginCheck(request) && !isOwnOrigin(request, options.publicUrl)) {
      return refuseForeignOrigin(reply);
    }
    if (!hasSessionCookie(request) || request.url.startsWith(`${AUTH_BASE_PATH}/`)) return;
    if (request.url.startsWith('/assets/')) return;
    const { account, setCookies } = await resolveAccount(
      core.auth,
      requestHeaders(requestInfo(request)),
    );
    request.account = account;
    if (setCookies.length) (request as WithRefresh)[sessionRefresh] = setCookies;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const refresh = (request as WithRefresh)[sessionRefresh];
    if (refresh) reply.header('set-cookie', refresh);
    if (request.account && isPage(request)) {
      // A page that shows an account must never be stored by a shared cache or the browser.
      if (payload instanceof Response) payload.headers.set('cache-control', 'private, no-store');
      else reply.header('cache-control', 'private, no-store');
    }
    return payload;
  });

  await app.register(async (auth) => {
    // better-auth reads the body itself: hand it the raw bytes, whatever their type.
    auth.removeAllContentTypeParsers();
    auth.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    auth.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/*`,
      schema: { hide: true },
      handler: async (request, reply) => {
        // A switch that cannot be read is no maintenance: the request meets that trouble itself.
        if (closedInMaintenance(request) && (await options.maintenanceOn?.().catch(() => false))) {
          return reply
            .code(503)
            .header('retry-after', MAINTENANCE_RETRY_AFTER)
            .header('cache-control', 'no-store')
            .send({
              success: false,
              message: `Openings is in maintenance: accounts cannot be created or changed now. Try again in ${Number(MAINTENANCE_RETRY_AFTER) / 60} minutes (Retry-After); signing in and out still works`,
              content: null,
            });
        }
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) {
          if (value === undefined || name === CLIENT_IP_HEADER) continue;
          headers.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        headers.set(CLIENT_IP_HEADER, request.ip);
        const body = request.method === 'GET' ? undefined : (request.body as Buffer | undefined);
        const response = await core.auth.handler(
          new Request(new URL(request.url, options.publicUrl), {
            method: request.method,
            headers,
            body: body && body.length ? new Uint8Array(body) : undefined,
          }),
        );
        reply.code(response.status);
        response.headers.forEach((value, name) => {
          if (name !== 'set-cookie') reply.header(name, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        reply.header('cache-control', 'no-store');
        return reply.send(Buffer.from(await response.arrayBuffer()));
      },
    });
  });
}
