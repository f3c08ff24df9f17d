// /robots.txt: everything public may be crawled; the JSON API may not; the sitemap is named.
import { paths } from '../../lib/paths.ts';

export function robotsTxt(publicUrl: string): string {
  const origin = publicUrl.replace(/\/+$/, '');
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}${paths.sitemap}`,
    '',
  ].join('\n');
}
