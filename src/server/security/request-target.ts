// Hostile request targets (issue 15): nothing the server answers depends on the Host header —
// pages are rendered for PUBLIC_URL's origin (web/react-router.ts) — and a Host that is not a
// plain host[:port] (credentials, paths, spaces, empty) is refused with 400 before any route
// runs, so no library ever tries to build a URL from it.
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

// A registered name, an IPv4 address, or a bracketed IPv6 literal, with an optional port.
const validHost = /^(?:[A-Za-z0-9](?:[A-Za-z0-9_.-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * An absolute-form target (`GET http://evil.example/jobs HTTP/1.1`, RFC 9112 §3.2.2) is served as
 * its path: the authority it names is ignored, as the site only ever answers for PUBLIC_URL.
 */
export const rewriteUrl: NonNullable<FastifyServerOptions['rewriteUrl']> = (req) => {
  const url = req.url ?? '/';
  if (url.startsWith('/')) return url;
  const match = /^https?:\/\/[^/?#]*(.*)$/i.exec(url);
  if (!match) return url;
  const rest = match[1] ?? '';
  return rest.startsWith('/') ? rest : `/${rest}`;
};

export function hostProblem(host: string | undefined, url: string): string | undefined {
  if (!url.startsWith('/') && url !== '*') {
    return 'The request target must be a path (origin-form) or an absolute http(s) URL';
  }
  // HTTP/1.0 clients may leave Host out (Node refuses a missing Host on HTTP/1.1 itself).
  if (host === undefined) return undefined;
  if (host === '') return 'The Host header is empty';
  if (!validHost.test(host))
    return 'The Host header must be a host name or address, with an optional port';
  return undefined;
}

export function registerRequestTargetCheck(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const problem = hostProblem(request.raw.headers.host, request.raw.url ?? '');
    if (problem) {
      return reply
        .code(400)
        .header('connection', 'close')
        .send({ success: false, message: `Bad request: ${problem}.`, content: null });
    }
  });
}
