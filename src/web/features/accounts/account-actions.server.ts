// What the account pages' loaders and actions share: reading a posted form, forwarding the
// session cookies the accounts service answered, a safe "next" page, and private answers.
import type { AccountResult } from '../../../shared/account-services.ts';

/** Account pages are never stored by a browser or a shared cache. */
export const PRIVATE = 'private, no-store';

/** Response headers carrying the service's Set-Cookie values (and no caching). */
export function cookieHeaders(setCookies: string[]): Headers {
  const headers = new Headers({ 'Cache-Control': PRIVATE });
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  return headers;
}

/** Status and headers of a failed result's answer: its cookies, and Retry-After when limited. */
export function failureInit(
  result: Extract<AccountResult<unknown>, { ok: false }>,
  headers = cookieHeaders(result.setCookies),
) {
  if (result.retryAfterSeconds) headers.set('Retry-After', String(result.retryAfterSeconds));
  return { status: failureStatus(result), headers };
}

/** A posted field as a string (a missing field or a file is an empty string), bounded in size. */
export function field(form: FormData, name: string, max = 1000): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.slice(0, max) : '';
}

/** A page of this site to return to after signing in; anything else goes to the fallback. */
export function safeNext(next: string | null | undefined, fallback: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return fallback;
  }
  return next;
}

/** The HTTP status of a failed result. */
export function failureStatus(result: Extract<AccountResult<unknown>, { ok: false }>): number {
  switch (result.reason) {
    case 'rate-limited':
      return 429;
    case 'wrong-credentials':
    case 'signed-out':
      return 401;
    case 'not-verified':
    case 'refused':
      return 403;
    default:
      return 400;
  }
}
