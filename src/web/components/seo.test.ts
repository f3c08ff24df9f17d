import { describe, expect, it } from 'vitest';
import { absoluteUrl } from '../../shared/safe-url.ts';
import { buildMeta, pageTitle, rootDataFrom, routeMeta } from './seo.ts';

const find = (meta: ReturnType<typeof buildMeta>, key: string, value: string) =>
  meta.find((m) => (m as Record<string, string>)[key] === value) as
    Record<string, string> | undefined;

describe('seo helpers', () => {
  it('titles a page with its name, then the product name', () => {
    expect(pageTitle('Home')).toBe('Home · Openings');
    expect(pageTitle('Openings')).toBe('Openings');
  });

  it('builds title, description, canonical, Open Graph and Twitter tags', () => {
    const meta = buildMeta({
      title: 'About',
      description: 'What we do.',
      path: '/about',
      publicUrl: 'https://jobs.example/',
    });
    expect(meta).toContainEqual({ title: 'About · Openings' });
    expect(find(meta, 'name', 'description')?.content).toBe('What we do.');
    expect(find(meta, 'rel', 'canonical')?.href).toBe('https://jobs.example/about');
    expect(find(meta, 'property', 'og:url')?.content).toBe('https://jobs.example/about');
    expect(find(meta, 'property', 'og:image')?.content).toBe('https://jobs.example/og-image.png');
    expect(find(meta, 'name', 'twitter:card')?.content).toBe('summary_large_image');
    expect(find(meta, 'name', 'robots')).toBeUndefined();
  });

  it('keeps an absolute image, and marks noindex pages', () => {
    const meta = buildMeta({
      title: 'Gone',
      path: '/x',
      publicUrl: 'https://jobs.example',
      image: 'https://cdn.example/logo.png',
      imageAlt: 'Acme',
      noindex: true,
    });
    expect(find(meta, 'property', 'og:image')?.content).toBe('https://cdn.example/logo.png');
    expect(find(meta, 'name', 'twitter:image:alt')?.content).toBe('Acme');
    expect(find(meta, 'name', 'robots')?.content).toBe('noindex');
  });

  it('reads the public origin and app name from the root match', () => {
    const matches = [
      {
        id: 'root',
        loaderData: { publicUrl: 'https://a.example', appDetails: { appName: 'Jobs R Us' } },
      },
      { id: 'routes/about', loaderData: {} },
    ];
    expect(rootDataFrom(matches)?.publicUrl).toBe('https://a.example');
    const meta = routeMeta({ matches, location: { pathname: '/about' } }, { title: 'About' });
    expect(meta).toContainEqual({ title: 'About · Jobs R Us' });
    expect(find(meta, 'rel', 'canonical')?.href).toBe('https://a.example/about');
  });

  it('keeps request paths on this site: // and backslashes never name another host', () => {
    const site = 'https://openings.example';
    expect(absoluteUrl(site, '//evil.example/x')).toBe('https://openings.example/evil.example/x');
    expect(absoluteUrl(site, '/\\evil.example')).toBe('https://openings.example/evil.example');
    expect(absoluteUrl(site, '//%00')).toBe('https://openings.example/%00');
    expect(absoluteUrl(site, '/jobs?q=1')).toBe('https://openings.example/jobs?q=1');
    expect(absoluteUrl(site, 'https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
  });
});
