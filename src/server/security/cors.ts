// Cross-origin reads of the public JSON API (CORS). A public read (a GET route with a cache
// policy, http-cache.ts) answers everyone alike and never reads a cookie, so any site's script
// may read it, its errors included (their message names the bad parameter), and the headers a
// client needs to revalidate or back off. A request that sends a header outside CORS's safelist
// (Content-Type, If-None-Match) is asked about first with OPTIONS: each public read answers that
// preflight for GET and HEAD. Browsers send no credentials to `*`. The view counter, the accounts
// and the posting API have no cache policy and stay same-origin.
import type { FastifyInstance, RouteOptions } from 'fastify';

const EXPOSED = [
  'ETag',
  'Retry-After',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
];

const isPublicRead = (route: Pick<RouteOptions, 'method' | 'config'>) =>
  route.method === 'GET' && Boolean(route.config?.cache);

/** Call on the root instance, before the routes. */
export function registerPublicCors(app: FastifyInstance) {
  app.addHook('onRoute', function (route) {
    if (!isPublicRead(route)) return;
    // Registered from the same instance as the GET, so under the same prefix.
    this.route({
      method: 'OPTIONS',
      url: route.routePath,
      schema: { hide: true },
      handler: async (request, reply) => {
        const asked = request.headers['access-control-request-headers'];
        return (
          reply
            .code(204)
            .header('access-control-allow-origin', '*')
            .header('access-control-allow-methods', 'GET, HEAD')
            .header('access-control-allow-headers', asked ?? '')
            // Chromium keeps a preflight at most 2 hours, Firefox 24.
            .header('access-control-max-age', '7200')
            .send()
        );
      },
    });
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const readable = request.method === 'GET' || request.method === 'HEAD';
    if (readable && request.routeOptions.config?.cache) {
      reply.header('access-control-allow-origin', '*');
      reply.header('access-control-expose-headers', EXPOSED.join(', '));
    }
    return payload;
  });
}
