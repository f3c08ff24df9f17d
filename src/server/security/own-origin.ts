// Whether a state-changing request came from this site's own pages, by its Origin header (every
// browser sends one with a POST): the public URL's origin, or the origin the request itself was
// addressed to (the same server under another of its names, such as 127.0.0.1 beside localhost,
// which a browser treats as another site only for cookies and storage, not for this check). A
// missing or opaque ("null") Origin is refused.
import type { FastifyRequest } from 'fastify';

export function isOwnOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (!origin || origin === 'null') return false;
  if (origin === new URL(publicUrl).origin) return true;
  return origin === `${request.protocol}://${request.host}`;
}
