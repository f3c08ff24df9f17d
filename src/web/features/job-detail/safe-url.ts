// Company-entered addresses become links only when they are plain web addresses (spec issue 5 §9):
// a `javascript:` or `data:` apply link must never be clickable.

/** The normalised address when `value` is an absolute http(s) URL, else null. */
export function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const MAILTO = /^mailto:[^\s@?#/]+@[^\s@?#/]+\.[^\s@?#/]+$/i;

/** Where an Apply button may lead: a web address, or a mailto: with one plain address; else null. */
export function applyHref(value: string | null | undefined): string | null {
  if (value && MAILTO.test(value.trim())) return value.trim();
  return httpUrl(value);
}

/** An app path ("/logos/a.png") or absolute URL made absolute against the public origin. */
export function absoluteUrl(pathOrUrl: string, publicUrl: string): string {
  return new URL(pathOrUrl, `${publicUrl.replace(/\/+$/, '')}/`).href;
}
