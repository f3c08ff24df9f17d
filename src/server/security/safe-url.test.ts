import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertSafeHttpUrl, isSafeHttpUrl, UnsafeUrlError } from './safe-url.ts';

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

describe('assertSafeHttpUrl', () => {
  it('names the field in its message', () => {
    expect(() => assertSafeHttpUrl('applyLink', 'javascript:alert(1)')).toThrow(UnsafeUrlError);
    expect(() => assertSafeHttpUrl('applyLink', 'data:,x')).toThrow(/'applyLink'/);
    expect(() => assertSafeHttpUrl('applyLink', 'https://a.example/')).not.toThrow();
  });
});
