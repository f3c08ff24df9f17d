// Links that come from job data (apply links, company sites, social links) must be plain web
// addresses: javascript:, data:, vbscript:, file: and the like are refused when jobs are stored,
// so no page can ever render them as a link (ASVS 4.0 §5.1.4, §5.3.x).

const MAX_URL_LENGTH = 2048;

/** True for an absolute http(s) URL without credentials, control characters or odd whitespace. */
export function isSafeHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_URL_LENGTH)
    return false;
  // Browsers strip these before parsing, which is how "java\tscript:" slips past naive checks.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/.test(value)) {
    return false;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  return url.hostname.length > 0;
}

export class UnsafeUrlError extends Error {
  constructor(readonly field: string) {
    super(`'${field}' must be an absolute http:// or https:// address`);
  }
}

/** Throws UnsafeUrlError naming the field unless the value is a safe http(s) URL. */
export function assertSafeHttpUrl(field: string, value: unknown): asserts value is string {
  if (!isSafeHttpUrl(value)) throw new UnsafeUrlError(field);
}

/**
 * The same rule as a PostgreSQL CHECK expression, for the schema owner's migration, e.g.
 * `alter table jobs add constraint jobs_apply_link_http check (<this with the column>)`.
 */
export const SAFE_URL_CHECK_SQL = (column: string) =>
  `${column} ~ '^https?://[^[:space:][:cntrl:]/?#@]+([/?#][^[:space:][:cntrl:]]*)?$'`;
