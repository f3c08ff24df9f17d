// Hands every request that is not the API to React Router's request handler (server rendering).
// Production serves the built app and its fingerprinted assets; development runs Vite in
// middleware mode on the same server, with HMR.
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { createRequest } from '@remix-run/node-fetch-server';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { AppLoadContext } from '../../shared/services.ts';
import type { DatabaseState } from '../reliability/database-state.ts';
import { errorFields } from '../reliability/database-state.ts';
import { UNAVAILABLE_RETRY_AFTER, unavailablePage } from '../reliability/unavailable-page.ts';

export interface WebOptions {
  mode: 'production' | 'development';
  /** Builds the per-request load context (services, public URL, nonce). */
  context: (request: FastifyRequest, nonce: string) => AppLoadContext;
  root: string;
  /** Hears of every page error; says which ones mean "database away" (those answer 503). */
  databaseState: DatabaseState;
  /** The site's origin: every page is rendered for it, whatever the Host header says. */
  publicUrl: string;
}

export const webRoutes: FastifyPluginAsync<WebOptions> = async (app, options) => {
  let getBuild: () => Promise<ServerBuild>;

  if (options.mode === 'development') {
    const { createServer } = await import('vite');
    const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
    await app.register(import('@fastify/middie'));
    app.use(vite.middlewares);
    getBuild = () =>
      vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
    app.addHook('onClose', () => vite.close());
  } else {
    const buildDir = path.resolve(options.root, process.env.BUILD_DIR ?? 'build');
    const serverEntry = path.join(buildDir, 'server/index.js');
    const build = (await import(serverEntry)) as ServerBuild;
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

  // React Router reads request bodies itself (actions), so Fastify must leave them alone.
  app.addContentTypeParser('*', (_req, _payload, done) => done(null));

  const origin = new URL(options.publicUrl);

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    // The security headers' hook made it, so the CSP header and React's scripts agree.
    const nonce = request.cspNonce;
    const handler = await getHandler();
    // The URL is PUBLIC_URL's origin and the request's path (rewriteUrl made it a path): routing
    // and canonical links never depend on the Host header.
    const fetchRequest = createRequest(request.raw, reply.raw, {
      protocol: origin.protocol,
      host: origin.host,
    });
    // React Router catches loader errors and renders its error page; entry.server.tsx hands each
    // one here, so the page's status follows the error itself, not a later probe.
    let databaseAway = false;
    const reportError = (error: unknown) => {
      if (options.databaseState.failed(error, 'page')) databaseAway = true;
      else request.log.error({ err: error }, 'page failed');
    };
    try {
      const response = await handler(fetchRequest, {
        ...options.context(request, nonce),
        reportError,
      });
      if (response.status >= 500 && databaseAway) {
        await response.body?.cancel();
        return sendUnavailable(reply, nonce);
      }
      return reply.send(response);
    } catch (err) {
      if (options.databaseState.failed(err, 'page')) return sendUnavailable(reply, nonce);
      request.log.error(errorFields(err), 'page failed to render');
      throw err;
    }
  };

  const sendUnavailable = (reply: FastifyReply, nonce: string) =>
    reply
      .code(503)
      .header('retry-after', UNAVAILABLE_RETRY_AFTER)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(unavailablePage(nonce));

  app.route({
    method: ['GET', 'HEAD', 'POST'],
    url: '/*',
    // Fastify's automatic HEAD route cannot send a Fetch Response.
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: handle,
  });
};
