// HTTP caching of the JSON API: an ETag on every response (a conditional GET answers 304) and a
// Cache-Control per route, so browsers and a CDN can reuse public answers (DESIGN.md §7).
import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache-Control of the route's successful GET answers; API answers without one are no-store. */
    cache?: string;
  }
}

export const cachePolicy = {
  /** Reference data that changes rarely (suggestions, levels, figures). */
  reference: 'public, max-age=300, stale-while-revalidate=60',
  /** Must reflect a change at once (the maintenance switch): reuse only after revalidating. */
  revalidate: 'public, no-cache',
} as const;

/** Call on the root instance, before the routes: the hooks then apply to every route. */
export async function registerHttpCache(app: FastifyInstance) {
  // Runs before @fastify/etag's hook, so it still sees the handler's status (not a 304).
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
  await app.register(etag);
}
