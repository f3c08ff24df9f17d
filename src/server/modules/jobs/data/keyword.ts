// Turns what a visitor typed into a PostgreSQL tsquery over the words the search trigger stores
// (lower-case ASCII letters and digits): every word must match, the last one as a prefix so that
// "reac" already finds React.
import { normalizeSearch } from '../../../../shared/text.ts';

const MAX_WORDS = 8;
// Letters that have no combining accent to strip; the trigger's translate() folds them the same way.
const FOLDS: Record<string, string> = {
  ß: 's',
  ø: 'o',
  đ: 'd',
  ł: 'l',
  æ: 'a',
  œ: 'o',
  ħ: 'h',
  ı: 'i',
};

/** The tsquery text for `to_tsquery('simple', …)`, or null when no word is left. */
export function toPrefixTsquery(text: string): string | null {
  const words = normalizeSearch(text)
    .replace(/[ßøđłæœħı]/g, (c) => FOLDS[c] ?? c)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}
