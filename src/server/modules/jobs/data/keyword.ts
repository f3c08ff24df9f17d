// Turns what a visitor typed into a PostgreSQL tsquery over the words the search trigger stores
// (lower-case ASCII letters and digits): every word must match, the last one as a prefix so that
// "reac" already finds React.
import { searchWords } from '../../../../shared/text.ts';

const MAX_WORDS = 8;
/** The tsquery text for `to_tsquery('simple', …)`, or null when no word is left. */
export function toPrefixTsquery(text: string): string | null {
  const words = searchWords(text).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}
