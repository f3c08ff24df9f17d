// Per-client limits on the JSON API (ASVS 4.0 §11.1.4, §13.2.x): cached reads get room for a
// person clicking around, the name suggestions (a query per keystroke) much less, and anything
// that writes less still. A client over its limit gets 429 with Retry-After. Routes may set their
// own `config.rateLimit` (the view counter does); these are the defaults for the rest.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX, AUTH_PREFIX, apiPaths } from '../../shared/api-paths.ts';
import { HttpError } from '../errors.ts';

export const RATE_LIMIT_WINDOW_MS = 60_000;

/** Requests per client per minute, before scaling. */
export const API_RATE_LIMITS = {
  read: 600,
  suggest: 120,
  write: 60,
} as const;

export type RateLimitBucket = keyof typeof API_RATE_LIMITS;

const suggestionPaths: ReadonlySet<string> = new Set([
  apiPaths.locationsFilter,
  apiPaths.rolesFilter,
  apiPaths.ourCompanies,
]);

export function rateLimitBucket(method: string, url: string): RateLimitBucket {
  if (method !== 'GET' && method !== 'HEAD') return 'write';
  const pathname = url.split('?', 1)[0]!.replace(/\/+$/, '');
  return suggestionPaths.has(pathname) ? 'suggest' : 'read';
}

const under = (url: string, prefix: string) =>
  url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);

/** Requests these defaults leave alone: pages and static files (cached in front, not the API),
 * and the view counter, which sets its own, tighter limit (modules/views). */
export function exemptFromApiLimits(url: string): boolean {
  return !under(url, API_PREFIX) || under(url, AUTH_PREFIX);
}

export interface RateLimitOptions {
  /** Multiplies every limit (RATE_LIMIT_SCALE); 0 turns the limits off (benchmarks, fuzzing). */
  scale: number;
}

/**
 * Must be registered before the routes: the plugin attaches itself as each route is added.
 *
 * The counts stay in each server's memory, not in the database: a shared store would cost a write
 * per API request, and the limits are there to stop a flood, not to meter. Behind a balancer that
 * spreads requests over N servers a client thus gets up to N times these limits; a site that
 * needs one exact limit sets it at the balancer (HAProxy: a stick-table on the source address).
 */
export async function registerRateLimits(app: FastifyInstance, options: RateLimitOptions) {
  if (options.scale <= 0) return;
  const bucketOf = (request: FastifyRequest) => rateLimitBucket(request.method, request.url);
  await app.register(rateLimit, {
    global: true,
    timeWindow: RATE_LIMIT_WINDOW_MS,
    allowList: (request) => exemptFromApiLimits(request.url),
    // Each bucket counts on its own, so heavy browsing does not eat the suggestion allowance.
    keyGenerator: (request) => `${request.ip}|${bucketOf(request)}`,
    max: (request) => Math.max(1, Math.round(API_RATE_LIMITS[bucketOf(request)] * options.scale)),
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        context.statusCode,
        `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} s and try again.`,
      ),
  });
}
