import { describe, expect, it } from 'vitest';
import { absoluteUrl, applyHref, httpUrl } from './safe-url.ts';

describe('httpUrl', () => {
  it('keeps http and https addresses', () => {
    expect(httpUrl('https://acme.example/jobs/1')).toBe('https://acme.example/jobs/1');
    expect(httpUrl(' http://acme.example ')).toBe('http://acme.example/');
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'mailto:jobs@acme.example',
    '//acme.example',
    '/relative',
    'not a url',
    '',
    null,
    undefined,
  ])('refuses %s', (value) => {
    expect(httpUrl(value)).toBeNull();
  });
});

describe('absoluteUrl', () => {
  it('resolves app paths against the public origin', () => {
    expect(absoluteUrl('/logos/7.png', 'https://openings.example/')).toBe(
      'https://openings.example/logos/7.png',
    );
    expect(absoluteUrl('https://cdn.example/a.png', 'https://openings.example')).toBe(
      'https://cdn.example/a.png',
    );
  });
});

describe('applyHref', () => {
  it('keeps a web address and a mailto: with one address', () => {
    expect(applyHref('https://acme.example/jobs/1')).toBe('https://acme.example/jobs/1');
    expect(applyHref('mailto:jobs@acme.example')).toBe('mailto:jobs@acme.example');
  });

  it.each([
    'javascript:alert(1)',
    'mailto:a@b.example?bcc=everyone@b.example',
    'mailto:a@b.example,c@d.example',
    'mailto:',
    null,
  ])('refuses %s', (value) => {
    expect(applyHref(value)).toBeNull();
  });
});
