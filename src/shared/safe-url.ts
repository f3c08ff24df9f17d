// One rule for links that come from data (apply links, company sites, social links), used where
// they are accepted (the contract), stored (the database CHECK mirrors it) and rendered (pages):
// javascript:, data:, vbscript:, file: and the like never become a link (ASVS 4.0 §5.1.4, §5.3.x).

const MAX_URL_LENGTH = 2048;
// Browsers strip these before parsing, which is how "java\tscript:" slips past naive checks.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0020\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// The database's CHECK expression, so that nothing the app accepts is refused on insert.
const HTTP_SHAPE = /^https?:\/\/[^\s/?#@]+([/?#]\S*)?$/i;
const MAILTO = /^mailto:[^\s@?#/]+@[^\s@?#/]+\.[^\s@?#/]+$/i;

/** True for an absolute http(s) URL without credentials, control characters or odd whitespace. */
export function isSafeHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_URL_LENGTH)
    return false;
  if (INVISIBLE.test(value) || !HTTP_SHAPE.test(value)) return false;
  try {
    const url = new URL(value);
    return !url.username && !url.password && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** True for a mailto: with exactly one plain address (no headers, no second recipient). */
export function isMailto(value: string): boolean {
  return MAILTO.test(value);
}

/** The normalised address when `value` is a safe absolute http(s) URL, else null. */
export function httpUrl(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return isSafeHttpUrl(trimmed) ? new URL(trimmed).href : null;
}

/** Where an Apply button may lead: a web address, or a mailto: with one plain address; else null. */
export function applyHref(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (trimmed && isMailto(trimmed)) return trimmed;
  return httpUrl(trimmed);
}

export { absoluteUrl } from './absolute-url.ts';
