// Apart from safe-url.ts, whose checks only some pages use: every page's head tags need this one,
// and a module is bundled with every function any page takes from it (the first visit's budget).

/**
 * An app path ("/logos/a.png") or absolute URL made absolute against the public origin. A request
 * path like "//evil.example" or "/\\x" is a path on this site, never another host (and "//%00"
 * must not throw), so leading slashes collapse before resolving.
 */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl.replace(/^[/\\]+/, '/'), `${publicUrl.replace(/\/+$/, '')}/`).href;
}
