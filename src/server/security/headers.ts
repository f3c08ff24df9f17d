// Security headers on every response (OWASP ASVS 4.0 §14.4): helmet with a strict, per-request
// nonce Content-Security-Policy, a restrictive Permissions-Policy, and HSTS only over HTTPS.
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Nonce for this response's inline scripts; React Router writes it, the CSP allows it. */
    cspNonce: string;
  }
}

export interface SecurityHeadersOptions {
  /** Development serves Vite's injected styles and scripts, which a strict policy would block. */
  csp: boolean;
  /** PUBLIC_URL: when it is https, the site is served over TLS (perhaps by a proxy in front). */
  publicUrl: string;
}

// Everything a page needs that the policy does not name stays blocked: no plugins, no framing,
// no foreign scripts, no <base> hijacking, forms post only to us.
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'interest-cohort=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  // The detail page's Share button copies the address. (It may also use navigator.share, whose
  // default allowlist is already 'self'; Chromium does not know `web-share` in this header and
  // warns about it on every page.)
  'clipboard-write=(self)',
].join(', ');

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * For an answer sent before any hook runs (an address Fastify cannot decode): a page with no
 * script, style or image, so its policy allows nothing at all.
 */
export const BARE_PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': PERMISSIONS_POLICY,
} as const;

// Why a nonce, and why a kept page may share one (issue 20). The page cache (web/page-cache.ts)
// and CDNs hand one rendered copy of a public page to every visitor for a few seconds, so that
// copy's nonce is in every copy, in its scripts and its CSP header alike. A nonce protects
// against injected markup because whoever injects it cannot know the nonce of the answer it will
// be in, and that holds for a shared page's nonce too: it is drawn from the page itself
// (sharedPageNonce: a keyed hash of the page's bytes with the nonce left out), so markup stored or
// reflected into a page changes the very bytes its nonce comes from, and without the server's key
// no one can compute it. Reading a copy's nonce lets no one put markup into that copy, whose
// bytes never change. What a shared nonce would not stop (a script already running in the page)
// a per-request one does not stop either. Hashes of the inline scripts would serve as well, but
// React Router's inline scripts carry the page's data, so their hashes exist only after the
// render, while a streamed page sends its header before: they would cost the streaming of every
// page that is not shared.
//
// helmet sees the raw Node request; the nonce is kept beside it for the CSP directive.
const nonces = new WeakMap<IncomingMessage, string>();
const nonceSource = (req: IncomingMessage) => `'nonce-${nonces.get(req) ?? ''}'`;

export function contentSecurityPolicyDirectives() {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", nonceSource],
    scriptSrcAttr: ["'none'"],
    // Stylesheets come from our own origin (Tailwind emits a file). Style *attributes* are
    // allowed because widgets position popovers with them; they cannot run code and any URL
    // they name is still bound by img-src and font-src.
    styleSrc: ["'self'", nonceSource],
    styleSrcAttr: ["'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    manifestSrc: ["'self'"],
    mediaSrc: ["'self'"],
    workerSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    // Upgrading would break a site served over plain http (localhost, tests).
    upgradeInsecureRequests: null,
  };
}

export function isHttps(request: FastifyRequest, publicUrl: string): boolean {
  return request.protocol === 'https' || publicUrl.startsWith('https:');
}

/** Registers on the root instance so every route, the web app's and the API's, gets them. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions,
) {
  // Built once: the only per-request part is the CSP's nonce, which the directive reads.
  // (@fastify/helmet builds the whole middleware again on every request: ~13 µs against ~2.)
  const setHeaders = helmet({
    contentSecurityPolicy: options.csp
      ? { useDefaults: false, directives: contentSecurityPolicyDirectives() }
      : false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Sent by the hook below, and only over TLS (a header sent over http is ignored anyway, and
    // pinning localhost to https would break local development).
    strictTransportSecurity: false,
  });
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', (request, reply, done) => {
    const nonce = randomBytes(16).toString('base64');
    request.cspNonce = nonce;
    nonces.set(request.raw, nonce);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (isHttps(request, options.publicUrl)) reply.header('strict-transport-security', HSTS);
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

/**
 * A shared page with its nonce drawn from its content: `drawn`, the request's random nonce the
 * page was rendered with, becomes a keyed hash of the page without it. Two renders of unchanged
 * content, on any server with the same key, are then the same bytes with the same ETag, so a CDN
 * or a browser revalidating a copy gets 304 after the page cache has rendered the page anew.
 */
export function sharedPageNonce(
  page: Buffer,
  drawn: string,
  key: string,
): { page: Buffer; nonce: string } {
  // An empty one would be found at every byte, and the search below would never end.
  if (!drawn) throw new Error('sharedPageNonce needs the nonce the page was rendered with');
  // Worked on the bytes: decoding and encoding the page's UTF-8 cost five times as much.
  const parts: Buffer[] = [];
  let at = 0;
  for (let next; (next = page.indexOf(drawn, at, 'latin1')) !== -1; at = next + drawn.length)
    parts.push(page.subarray(at, next));
  parts.push(page.subarray(at));
  const mac = createHmac('sha256', key);
  for (const part of parts) mac.update(part).update('\0');
  // The shape of a drawn nonce: 16 bytes in base64.
  const nonce = mac.digest().subarray(0, 16).toString('base64');
  const separator = Buffer.from(nonce, 'latin1');
  return {
    page: Buffer.concat(parts.flatMap((part, i) => (i ? [separator, part] : [part]))),
    nonce,
  };
}
