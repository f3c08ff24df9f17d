import { describe, expect, it } from 'vitest';
import { serializeJsonLd } from './json-ld.ts';

describe('serializeJsonLd', () => {
  it('cannot be broken out of by a closing script tag or an HTML comment', () => {
    const text = serializeJsonLd({ d: '</script><script>alert(1)</script><!-- & -->' });
    expect(text).not.toMatch(/[<>&]/);
    expect(text).toContain('\\u003c/script\\u003e');
  });

  it('escapes the line separators JavaScript parsers reject inside strings', () => {
    const text = serializeJsonLd({ d: 'a\u2028b\u2029c' });
    expect(text).toBe('{"d":"a\\u2028b\\u2029c"}');
  });

  it('still reads back as the same value', () => {
    const value = { a: '<b> & "c" \u2028', n: [1, 2], o: { x: null } };
    expect(JSON.parse(serializeJsonLd(value))).toEqual(value);
  });
});
