// Hands every request that is not the API to React Router's request handler (server rendering).
// Production serves the built app and its fingerprinted assets; development runs Vite in
// middleware mode on the same server, with HMR.
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { createRequest } from '@remix-run/node-fetch-server';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  type ActionFunction,
  createRequestHandler,
  data,
  isRouteErrorResponse,
  type ServerBuild,
} from 'react-router';
import { LOGO_MAX_BYTES } from '../../shared/contract/employer-jobs.ts';
import type { Envelope } from '../../shared/contract/envelope.ts';
import {
  ANSWERS_MAINTENANCE,
  MAINTENANCE_HEADERS,
  maintenanceClosing,
} from '../../shared/maintenance.ts';
import type { AppLoadContext } from '../../shared/services.ts';
import { pickEncoding, THRESHOLD_BYTES } from '../compression.ts';
import { HttpError } from '../errors.ts';
import {
  matchesEtag,
  mayBeSignedIn,
  type PageKind,
  pagePolicy,
  publicPageKind,
} from '../http-cache.ts';
import type { DatabaseState } from '../reliability/database-state.ts';
import { errorFields } from '../reliability/database-state.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../reliability/database-unavailable.ts';
import { UNAVAILABLE_RETRY_AFTER, unavailablePage } from '../reliability/unavailable-page.ts';
import { sharedPageNonce } from '../security/headers.ts';
import { isOwnOrigin } from '../security/own-origin.ts';
import { wantsJson } from './refusal-page.ts';
import {
  etagFor,
  type PageCache,
  pageCacheKey,
  type RenderedPage,
  type RenderOutcome,
  strongEtag,
} from './page-cache.ts';

/**
 * What a page's render reports (entry.server.tsx hands each loader or action error here): whether
 * the database was away, so the page becomes the 503; the request's own mistake (a 405 for a post
 * to a page without a form, a 404), logged as information; anything else, logged as an error.
 */
function pageErrors(request: FastifyRequest, databaseState: DatabaseState) {
  const errors = {
    databaseAway: false,
    report(error: unknown) {
      if (databaseState.failed(error, 'page')) errors.databaseAway = true;
      else if (isRouteErrorResponse(error) && error.status < 500) {
        request.log.info({ status: error.status, reason: error.statusText }, 'page refused');
      } else request.log.error({ err: error }, 'page failed');
    },
  };
  return errors;
}

export interface WebOptions {
  mode: 'production' | 'development';
  /** Builds the per-request load context (services, public URL, nonce). */
  context: (request: FastifyRequest, nonce: string) => AppLoadContext;
  root: string;
  /** Hears of every page error; says which ones mean "database away" (those answer 503). */
  databaseState: DatabaseState;
  /** The site's origin: every page is rendered for it, whatever the Host header says. */
  publicUrl: string;
  /** Keeps anonymous public pages a few seconds (page-cache.ts); its TTL 0 renders every time. */
  pageCache: PageCache;
  /**
   * Whether maintenance is on, as this server last read it: while it is, no kept page is served,
   * so a switch made elsewhere (another server, `npm run maintenance`) shows as soon as this
   * server reads it, not a page-cache TTL later.
   */
  maintenanceOn?: () => Promise<boolean>;
  /** Keys the nonce of a shared page (security/headers.ts: sharedPageNonce); the same on every server. */
  nonceKey: string;
}

/** Request headers a shared render may see: none that tell one visitor from another. */
const SHARED_RENDER_HEADERS = ['accept', 'accept-language'];
/** Response headers that belong to one answer, not to the page. */
const PER_ANSWER_HEADERS = new Set(['set-cookie', 'content-length', 'content-encoding']);

/**
 * The Cache-Control of an anonymous answer whose route set none: public pages by status and kind
 * (http-cache.ts says why), failures never kept. A route's own (maintenance, private) stands.
 */
function anonymousPolicy(status: number, kind: PageKind | undefined): string | undefined {
  if (kind === 'data')
    return status === 200 || status === 404 ? pagePolicy.data : pagePolicy.failure;
  if (status === 200) return kind ? pagePolicy.public : undefined;
  if (status === 404 || status === 410) return pagePolicy.missing;
  if (status >= 500) return pagePolicy.failure;
  return kind ? pagePolicy.failure : undefined;
}

/** Page forms: the job form at its largest (every list full, in a non-Latin script) is ~350 kB. */
const PAGE_FORM_LIMIT = 1024 * 1024;
/** A form with a file (the company logo, at most 2 MB, which its page refuses in words). */
const PAGE_UPLOAD_LIMIT = 2 * LOGO_MAX_BYTES;
const FORM_TYPES =
  'A form on this site is sent as application/x-www-form-urlencoded or multipart/form-data';

/** The body's bytes as Fetch takes them, without a copy (a form may be 4 MB). */
const bytesOf = (body: Buffer) =>
  new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);

/**
 * The Fetch request React Router gets for a POST: the body the parsers above read (the raw
 * stream is spent by then), or an empty form when none was sent, which is what a browser sends
 * for a form without fields. Its URL is always PUBLIC_URL's, so React Router's own Origin check
 * would refuse (400, "Bad Request", or the error page with JavaScript) a form sent from the
 * address the request went to when that is another name of this server (127.0.0.1 beside
 * localhost), which ours (security/own-origin.ts, the accounts hook) accepts: such an Origin is
 * passed on as PUBLIC_URL's. A foreign one was refused before (403) and is passed on as sent.
 */
function formRequest(request: FastifyRequest, base: Request, publicUrl: string): Request {
  if (request.method !== 'POST') return base;
  const headers = new Headers(base.headers);
  if (isOwnOrigin(request, publicUrl)) headers.set('origin', new URL(publicUrl).origin);
  const body = Buffer.isBuffer(request.body) ? request.body : undefined;
  if (!body) headers.set('content-type', 'application/x-www-form-urlencoded');
  return new Request(base.url, {
    method: 'POST',
    headers,
    body: body ? bytesOf(body) : '',
    signal: base.signal,
  });
}

/**
 * The build with every page's action behind the maintenance switch: while maintenance is on, a
 * form post to a page it closes (shared/maintenance.ts) changes nothing and answers that page,
 * 503, as a page load there does. The root route's loader alone could not stop it: React Router
 * runs a post's action before any loader. Here, so that no page's action can leave it out. A
 * page that says so (ANSWERS_MAINTENANCE) answers it itself, keeping its form.
 */
function closedForMaintenance(build: ServerBuild): ServerBuild {
  const routes: ServerBuild['routes'] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const action = route?.module.action as ActionFunction | undefined;
    const own = route && (route.module as object as Record<string, unknown>)[ANSWERS_MAINTENANCE];
    if (!route || !action || own === true) {
      routes[id] = route;
      continue;
    }
    const guarded: ActionFunction = async (args) => {
      const closed = await maintenanceClosing(args.request, args.context as AppLoadContext);
      if (closed) throw data(closed, { status: 503, headers: MAINTENANCE_HEADERS });
      return action(args);
    };
    routes[id] = { ...route, module: { ...route.module, action: guarded } };
  }
  return { ...build, routes };
}

export const webRoutes: FastifyPluginAsync<WebOptions> = async (app, options) => {
  let getBuild: () => Promise<ServerBuild>;

  if (options.mode === 'development') {
    const { createServer } = await import('vite');
    const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
    await app.register(import('@fastify/middie'));
    app.use(vite.middlewares);
    getBuild = async () =>
      closedForMaintenance(
        (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild,
      );
    app.addHook('onClose', () => vite.close());
  } else {
    const buildDir = path.resolve(options.root, process.env.BUILD_DIR ?? 'build');
    const serverEntry = path.join(buildDir, 'server/index.js');
    const build = closedForMaintenance((await import(serverEntry)) as ServerBuild);
    getBuild = async () => build;
    await app.register(fastifyStatic, {
      root: path.join(buildDir, 'client'),
      wildcard: false,
      // The HTML is rendered per request; only the files of the client build are static.
      index: false,
      // The build writes .br and .gz twins of its text files (vite.config.ts); files without
      // them (small ones) are compressed per request or not at all, as every other answer is.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  // The handler derives the route tree on first use, so production builds it once; development
  // asks again each time because Vite may have a new build after an edit.
  let productionHandler: ReturnType<typeof createRequestHandler> | undefined;
  const getHandler = async () => {
    if (options.mode === 'development')
      return createRequestHandler(await getBuild(), 'development');
    productionHandler ??= createRequestHandler(await getBuild(), 'production');
    return productionHandler;
  };

  // A page's form arrives whole and bounded before React Router sees it: Fastify's own JSON and
  // text parsers would consume a body that React Router then waited for (the request hung until
  // the socket timed out), any other type or a malformed multipart body threw in the action's
  // formData() (a 500), and no type had a size bound (a 60 MB post was read into memory).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer', bodyLimit: PAGE_FORM_LIMIT },
    (_req, body, done) => done(null, body),
  );
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: PAGE_UPLOAD_LIMIT },
    async (req: FastifyRequest, body: Buffer) => {
      const type = req.headers['content-type'] ?? '';
      try {
        await new Response(bytesOf(body), { headers: { 'content-type': type } }).formData();
      } catch {
        throw new HttpError(400, 'The form could not be read: its multipart body is malformed');
      }
      return body;
    },
  );
  app.addContentTypeParser('*', (req, _payload, done) => {
    const type = req.headers['content-type'] || 'none';
    done(new HttpError(415, `${FORM_TYPES}, not ${type}`), undefined);
  });

  const origin = new URL(options.publicUrl);

  const pageCache = options.pageCache;

  /**
   * Renders a public page for its normalised URL (the cache key) as any anonymous visitor sees it:
   * no cookies, no conditional headers, no user agent reach the render, and the document is
   * rendered to its end (the cache keeps whole pages). The CSP nonce is this request's; every
   * copy of the page carries it, in its scripts and in its CSP header (headers.ts says why that
   * keeps the policy as strict).
   */
  const renderShared = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    kind: PageKind,
    ownCookies: string[],
  ): Promise<RenderOutcome> => {
    const nonce = request.cspNonce;
    const csp = reply.getHeader('content-security-policy');
    const cspHeader: [string, string][] =
      typeof csp === 'string' ? [['content-security-policy', csp]] : [];
    const unavailable = (): RenderOutcome => {
      const body = Buffer.from(unavailablePage(nonce));
      return {
        page: {
          status: 503,
          headers: [
            ['retry-after', UNAVAILABLE_RETRY_AFTER],
            ['cache-control', pagePolicy.failure],
            ['content-type', 'text/html; charset=utf-8'],
            ...cspHeader,
          ],
          body,
          etag: strongEtag(body),
        },
        store: false,
        share: true,
      };
    };
    const handler = await getHandler();
    const headers = new Headers();
    for (const name of SHARED_RENDER_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    const errors = pageErrors(request, options.databaseState);
    let response: Response;
    try {
      response = await handler(new Request(key, { method: 'GET', headers }), {
        ...options.context(request, nonce),
        reportError: errors.report,
        wholeDocument: true,
      });
    } catch (err) {
      if (options.databaseState.failed(err, 'page')) return unavailable();
      request.log.error(errorFields(err), 'page failed to render');
      throw err;
    }
    if (response.status >= 500 && errors.databaseAway) {
      await response.body?.cancel();
      return unavailable();
    }
    const rendered = Buffer.from(await response.arrayBuffer());
    const { page: body, nonce: pageNonce } = sharedPageNonce(rendered, nonce, options.nonceKey);
    ownCookies.push(...response.headers.getSetCookie());
    const pageHeaders: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (!PER_ANSWER_HEADERS.has(name)) pageHeaders.push([name, value]);
    });
    const own = response.headers.get('cache-control');
    const policy = own ?? anonymousPolicy(response.status, kind);
    if (!own && policy) pageHeaders.push(['cache-control', policy]);
    for (const [name, value] of cspHeader)
      pageHeaders.push([name, value.replaceAll(nonce, pageNonce)]);
    // Only what this code chose to share is kept: a route that set its own Cache-Control or a
    // cookie answered for this visitor alone.
    const share = ownCookies.length === 0;
    return {
      page: { status: response.status, headers: pageHeaders, body, etag: strongEtag(body) },
      share,
      store: share && !own && response.status === 200,
    };
  };

  /** Sends a rendered or kept page: its coding by Accept-Encoding, 304 when the tag matches. */
  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    page: RenderedPage,
  ) => {
    reply.code(page.status);
    for (const [name, value] of page.headers) reply.header(name, value);
    // Other statuses are rare: @fastify/compress codes them per answer like any other.
    if (page.status !== 200) return reply.send(page.body);
    reply.header('vary', 'Accept-Encoding');
    const encoding =
      page.body.length >= THRESHOLD_BYTES
        ? pickEncoding(request.headers['accept-encoding'])
        : undefined;
    const etag = etagFor(page, encoding);
    reply.header('etag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    if (!encoding) return reply.send(page.body);
    // @fastify/compress leaves an answer that already names its coding alone.
    reply.header('content-encoding', encoding);
    return reply.send(await pageCache.encoded(key, page, encoding));
  };

  const handlePublic = async (request: FastifyRequest, reply: FastifyReply, kind: PageKind) => {
    const key = pageCacheKey(origin.origin, request.url);
    const ownCookies: string[] = [];
    const render = () => renderShared(request, reply, key, kind, ownCookies);
    // When the switch cannot be read (the database is away), the page renders uncached, so its
    // own error handling answers (503 while the database is away), not a bare JSON 500.
    const maintenance = await Promise.resolve(options.maintenanceOn?.()).catch(() => true);
    const { page } = maintenance ? await render() : await pageCache.get(key, render);
    if (ownCookies.length) reply.header('set-cookie', ownCookies);
    return sendPage(request, reply, key, page);
  };

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const kind =
      request.method === 'POST' ? undefined : publicPageKind(request.url.split('?', 1)[0]!);
    const anonymous = !mayBeSignedIn(request);
    // Public pages of anonymous visitors come from the page cache; everything else streams.
    if (kind && anonymous && options.mode === 'production') {
      return handlePublic(request, reply, kind);
    }
    // The security headers' hook made it, so the CSP header and React's scripts agree.
    const nonce = request.cspNonce;
    const handler = await getHandler();
    // The URL is PUBLIC_URL's origin and the request's path (rewriteUrl made it a path): routing
    // and canonical links never depend on the Host header.
    const fetchRequest = formRequest(
      request,
      createRequest(request.raw, reply.raw, { protocol: origin.protocol, host: origin.host }),
      origin.origin,
    );
    // React Router catches loader errors and renders its error page; entry.server.tsx hands each
    // one here, so the page's status follows the error itself, not a later probe.
    const errors = pageErrors(request, options.databaseState);
    try {
      const response = await handler(fetchRequest, {
        ...options.context(request, nonce),
        reportError: errors.report,
      });
      if (response.status >= 500 && errors.databaseAway) {
        await response.body?.cancel();
        return sendUnavailable(request, reply, nonce);
      }
      if (!response.headers.has('cache-control')) {
        // A request that may be signed in gets nothing a shared cache may keep, whatever it is.
        const policy = !anonymous
          ? pagePolicy.private
          : request.method !== 'POST'
            ? anonymousPolicy(response.status, kind)
            : undefined;
        if (policy) response.headers.set('cache-control', policy);
      }
      return reply.send(response);
    } catch (err) {
      if (options.databaseState.failed(err, 'page')) return sendUnavailable(request, reply, nonce);
      request.log.error(errorFields(err), 'page failed to render');
      throw err;
    }
  };

  /**
   * 503 while the database is away: the friendly page, or for a request that asks for JSON (the
   * filter boxes' suggestion routes) the API's envelope with the API's words, which the box shows.
   */
  const sendUnavailable = (request: FastifyRequest, reply: FastifyReply, nonce: string) => {
    reply
      .code(503)
      .header('retry-after', UNAVAILABLE_RETRY_AFTER)
      .header('cache-control', 'no-store');
    if (wantsJson(request.headers.accept)) {
      const body: Envelope<null> = {
        success: false,
        message: DATABASE_UNAVAILABLE_MESSAGE,
        content: null,
      };
      return reply.send(body);
    }
    return reply.type('text/html; charset=utf-8').send(unavailablePage(nonce));
  };

  app.route({
    method: ['GET', 'HEAD', 'POST'],
    url: '/*',
    // Fastify's automatic HEAD route cannot send a Fetch Response.
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: handle,
  });
};
