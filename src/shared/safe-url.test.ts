import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { absoluteUrl, applyHref, httpUrl, isSafeHttpUrl } from './safe-url.ts';

describe('isSafeHttpUrl', () => {
  it.each([
    'https://acme.example/careers/1',
    'http://jobs.example.com/apply?id=7&src=openings#form',
    'https://xn--caf-dma.example/',
  ])('accepts %s', (url) => {
    expect(isSafeHttpUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://files.example/x',
    '//evil.example/x',
    '/relative/path',
    'https://user:pass@acme.example/',
    'https://acme.example/\u202egnp.exe',
    'https://acme.example/ space',
    '',
    `https://a.example/${'x'.repeat(3000)}`,
    'https:',
  ])('refuses %j', (url) => {
    expect(isSafeHttpUrl(url)).toBe(false);
  });

  it('refuses non-strings', () => {
    for (const value of [undefined, null, 42, {}, ['https://a.example']]) {
      expect(isSafeHttpUrl(value)).toBe(false);
    }
  });

  it('never accepts anything whose parsed scheme is not http or https', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.webUrl(), (junk, web) => {
        for (const candidate of [junk, `${junk}${web}`, web.replace(/^https?/, junk)]) {
          if (isSafeHttpUrl(candidate)) {
            expect(['http:', 'https:']).toContain(new URL(candidate).protocol);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts generated web URLs', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        const { username, password } = new URL(url);
        expect(isSafeHttpUrl(url)).toBe(!username && !password);
      }),
      { numRuns: 500 },
    );
  });
});

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
    expect(absoluteUrl('https://openings.example/', '/logos/7.png')).toBe(
      'https://openings.example/logos/7.png',
    );
    expect(absoluteUrl('https://openings.example', 'https://cdn.example/a.png')).toBe(
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
