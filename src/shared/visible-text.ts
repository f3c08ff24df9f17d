// Text a reader can see. Unicode's format characters (general category Cf: zero-width space,
// zero-width (non-)joiner, word joiner, direction marks, soft hyphen, BOM…) and the default-
// ignorable fillers draw nothing, so a title of five U+200B would look empty on the board and a
// company name with one appended would look like another company's. The forms count only what
// is seen, trim what is unseen from the ends, and compare company names without it.

/** Characters that draw nothing: format characters (Cf) and the default-ignorable code points. */
const UNSEEN = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

// At the ends: whitespace, the Hangul fillers (letters that draw blank) and format characters.
// A trailing tag character (U+E0020–E007F) is kept: it ends a flag emoji such as Scotland's, and
// variation selectors (not Cf) stay as the emoji before them needs them.
const LEADING = /^(?:[\s\u115f\u1160\u3164\uffa0]|\p{Cf}|\p{Default_Ignorable_Code_Point})+/u;
const TRAILING = /(?:[\s\u115f\u1160\u3164\uffa0]|(?![\u{e0020}-\u{e007f}])\p{Cf})+$/u;

/** `text` without the whitespace and unseen characters at its ends; what is inside stays. */
export function trimUnseen(text: string): string {
  return text.replace(LEADING, '').replace(TRAILING, '');
}

/**
 * How many characters a reader sees: unseen characters do not count, and whitespace counts once
 * between words (a run of spaces or line breaks is one gap, and none at the ends). Code points,
 * so "नौकरी" is 5 and an emoji is 1, however it is written in UTF-16.
 */
export function visibleLength(text: string): number {
  let count = 0;
  for (const _ of text.replace(UNSEEN, '').replace(/\s+/gu, ' ').trim()) count += 1;
  return count;
}

// Zero-width non-joiner and joiner change how letters join in Indic, Arabic-script and other
// scripts (क्‍ष, می‌خواهم) and join emoji into one (👩‍💻): after a mark, a pictograph or a letter of
// another script than Latin, and before a letter, mark or pictograph, they stay; anywhere else
// they draw nothing.
const JOINS_AFTER =
  /^(?:[\p{M}\p{Extended_Pictographic}\p{Emoji_Modifier}]|(?!\p{Script=Latin})\p{L})$/u;
const JOINS_BEFORE = /^[\p{L}\p{M}\p{Extended_Pictographic}]$/u;

/**
 * A company name as it is stored: trimmed, and without format characters inside, which could
 * only make it look like another name ("Paysetu Technologies" + U+200B). Kept: a zero-width
 * (non-)joiner where it shapes the letters or emoji around it, and tag characters, which only
 * draw as part of a flag emoji. Names are compared without any of them (withoutFormatCharacters).
 */
export function companyNameText(name: string): string {
  const chars = Array.from(trimUnseen(name));
  return chars
    .filter((ch, i) => {
      if (!/\p{Cf}/u.test(ch)) return true;
      const cp = ch.codePointAt(0)!;
      if (cp >= 0xe0020 && cp <= 0xe007f) return true;
      if (cp !== 0x200c && cp !== 0x200d) return false;
      return JOINS_AFTER.test(chars[i - 1] ?? '') && JOINS_BEFORE.test(chars[i + 1] ?? '');
    })
    .join('');
}

/** One name's comparison key: without any format character, then folded as search folds it. */
export function withoutFormatCharacters(text: string): string {
  return text.replace(/\p{Cf}/gu, '');
}

/**
 * The Cf characters as a PostgreSQL regular expression class (its regex has no \p{…}), for names
 * stored before they were cleaned: \p{Cf} of Unicode 15/16 as JavaScript reads it (a test checks
 * that the two agree).
 */
export const FORMAT_CHARACTERS_SQL_CLASS =
  '[\\u00ad\\u0600-\\u0605\\u061c\\u06dd\\u070f\\u0890-\\u0891\\u08e2\\u180e\\u200b-\\u200f' +
  '\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\ufeff\\ufff9-\\ufffb\\U000110bd\\U000110cd' +
  '\\U00013430-\\U0001343f\\U0001bca0-\\U0001bca3\\U0001d173-\\U0001d17a\\U000e0001' +
  '\\U000e0020-\\U000e007f]';
