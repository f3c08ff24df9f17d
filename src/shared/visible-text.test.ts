// What a reader sees of a text: unseen characters trimmed from the ends and not counted, and
// company names kept free of the format characters a look-alike could hide.
import { describe, expect, it } from 'vitest';
import {
  companyNameText,
  FORMAT_CHARACTERS_SQL_CLASS,
  trimUnseen,
  visibleLength,
  withoutFormatCharacters,
} from './visible-text.ts';

const ZWSP = '\u200b';
const ZWNJ = '\u200c';
const ZWJ = '\u200d';
const WJ = '\u2060';

describe('visible text', () => {
  it('counts only what a reader sees', () => {
    expect(visibleLength(ZWSP.repeat(5))).toBe(0);
    expect(visibleLength(`${ZWSP}${ZWNJ}${ZWJ}${WJ}`.repeat(10))).toBe(0);
    // Hangul fillers and the BOM draw nothing either; spaces only count between words.
    expect(visibleLength('\u3164\u3164\ufeff   \n ')).toBe(0);
    expect(visibleLength(`a${ZWSP}b`)).toBe(2);
    expect(visibleLength('  Data   engineer \n')).toBe('Data engineer'.length);
    // Code points: an emoji is one, a conjunct's joiner is none.
    expect(visibleLength('🚀')).toBe(1);
    expect(visibleLength(`क्${ZWJ}ष`)).toBe(3);
  });

  it('trims unseen characters from the ends only', () => {
    expect(trimUnseen(`${ZWSP} ${WJ}Title${ZWSP}\ufeff `)).toBe('Title');
    expect(trimUnseen(ZWSP.repeat(5))).toBe('');
    // Inside, joiners shape letters and emoji: they stay.
    expect(trimUnseen(`क्${ZWJ}ष 👩${ZWJ}💻`)).toBe(`क्${ZWJ}ष 👩${ZWJ}💻`);
    // A flag ends with a tag character, an emoji with its variation selector: both stay.
    const scotland = '🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}';
    expect(trimUnseen(`Team ${scotland}`)).toBe(`Team ${scotland}`);
    expect(trimUnseen('Launch 🚀\ufe0f')).toBe('Launch 🚀\ufe0f');
  });

  it('keeps a company name free of format characters, but for joiners that shape it', () => {
    expect(companyNameText(`Paysetu Technologies${ZWSP}`)).toBe('Paysetu Technologies');
    expect(companyNameText(`Pay${ZWSP}setu\u00ad Tech${ZWNJ}nologies${ZWJ}`)).toBe(
      'Paysetu Technologies',
    );
    expect(companyNameText(`\u202eAcme\u202c Labs`)).toBe('Acme Labs');
    // Devanagari half forms, a Persian word and an emoji sequence keep their joiners.
    expect(companyNameText(`क्${ZWJ}ष Labs`)).toBe(`क्${ZWJ}ष Labs`);
    expect(companyNameText(`می${ZWNJ}خواهم`)).toBe(`می${ZWNJ}خواهم`);
    expect(companyNameText(`Dev 👩🏽${ZWJ}💻`)).toBe(`Dev 👩🏽${ZWJ}💻`);
    // Compared without any of them.
    expect(withoutFormatCharacters(`क्${ZWJ}ष`)).toBe('क्ष');
  });

  it('lists the same format characters for PostgreSQL as JavaScript’s \\p{Cf}', () => {
    const ranges: string[] = [];
    let start = -1;
    const hex = (c: number) =>
      c > 0xffff
        ? `\\U${c.toString(16).padStart(8, '0')}`
        : `\\u${c.toString(16).padStart(4, '0')}`;
    for (let c = 0; c <= 0x110000; c++) {
      const format = c < 0x110000 && /\p{Cf}/u.test(String.fromCodePoint(c));
      if (format && start < 0) start = c;
      if (!format && start >= 0) {
        ranges.push(start === c - 1 ? hex(start) : `${hex(start)}-${hex(c - 1)}`);
        start = -1;
      }
    }
    expect(FORMAT_CHARACTERS_SQL_CLASS).toBe(`[${ranges.join('')}]`);
  });
});
