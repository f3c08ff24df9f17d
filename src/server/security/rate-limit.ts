// Per-client limits by what a request does, not by where it is sent (ASVS 4.0 §11.1.4, §13.2.x):
// cached API reads get room for a person clicking around, the name suggestions (a query per
// keystroke) and keyword searches much less — a suggestion draws on one allowance whether it comes
// through the API or the web app's suggestion routes (`/suggest/roles?name=…`), a keyword search
// on one whether it comes through the API, a page, or the page's data request (`/jobs.data?q=…`) —
// and anything that writes less still. A client over its limit gets 429 with Retry-After and the
// JSON message, which a browser asking for a page gets as a short HTML page (web/refusal-page.ts).
// Routes may set their own `config.rateLimit` (the view counter does); these are the defaults.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX, AUTH_PREFIX, apiPaths } from '../../shared/api-paths.ts';
import { suggestPaths } from '../../shared/suggest-paths.ts';
import { HttpError } from '../errors.ts';

export const RATE_LIMIT_WINDOW_MS = 60_000;

/** Requests per client per minute, before scaling. */
export const API_RATE_LIMITS = {
  read: 600,
  suggest: 120,
  search: 120,
  write: 60,
} as const;

export type RateLimitBucket = keyof typeof API_RATE_LIMITS;

const suggestionPaths: ReadonlySet<string> = new Set([
  apiPaths.locationsFilter,
  apiPaths.rolesFilter,
  apiPaths.ourCompanies,
  ...Object.values(suggestPaths),
]);

/** A request's path without its query, trailing slash, or a data request's `.data`. */
const pathOf = (url: string) =>
  url
    .split('?', 1)[0]!
    .replace(/\/+$/, '')
    .replace(/\.data$/, '');

/** Whether a GET asks for name suggestions (the API's endpoints or the web app's routes). */
export function isSuggestion(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  return suggestionPaths.has(pathOf(url));
}

/** Whether a GET runs a keyword search: a non-empty `q` (the listing's, on any transport). */
export function isKeywordSearch(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const query = url.indexOf('?');
  if (query < 0) return false;
  return (new URLSearchParams(url.slice(query + 1)).get('q') ?? '').trim() !== '';
}

export function rateLimitBucket(method: string, url: string): RateLimitBucket {
  // A CORS preflight (security/cors.ts) asks before a read and changes nothing.
  if (method === 'OPTIONS') return 'read';
  if (method !== 'GET' && method !== 'HEAD') return 'write';
  if (isSuggestion(method, url)) return 'suggest';
  return isKeywordSearch(method, url) ? 'search' : 'read';
}

const under = (url: string, prefix: string) =>
  url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);

const isApi = (url: string) => under(url, API_PREFIX);

/** Requests these defaults leave alone: pages and static files (cached in front, not the API)
 * unless they run a keyword search or ask for suggestions, and the view counter, which sets its
 * own, tighter limit (modules/views). */
export function exemptFromApiLimits(url: string, method = 'GET'): boolean {
  if (under(url, AUTH_PREFIX)) return true;
  return !isApi(url) && !isKeywordSearch(method, url) && !isSuggestion(method, url);
}

/** A page asked for by a browser: not the API, a page's `.data` request or a suggestion route,
 * which all answer JSON. */
export function isDocument(method: string, url: string): boolean {
  const pathname = url.split('?', 1)[0]!;
  return !isApi(url) && !pathname.endsWith('.data') && !isSuggestion(method, url);
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
    allowList: (request) => exemptFromApiLimits(request.url, request.method),
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
