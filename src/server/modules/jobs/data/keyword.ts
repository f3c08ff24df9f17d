// Turns what a visitor typed into a PostgreSQL tsquery over the words the search trigger stores
// (lower-case ASCII letters and digits): every word must match, the last one as a prefix so that
// "reac" already finds React. Not a single letter, though, nor a word the text goes on past:
// "c++" or "c#" is the word c, where c:* would find every Cloud, Contract and Customer job.
import { normalizeSearch, searchWords } from '../../../../shared/text.ts';

const MAX_WORDS = 8;
/** The tsquery text for `to_tsquery('simple', …)`, or null when no word is left. */
export function toPrefixTsquery(text: string): string | null {
  const words = searchWords(text).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  const last = words.length - 1;
  const open = words[last]!.length > 1 && /[a-z0-9]$/.test(normalizeSearch(text));
  return words.map((w, i) => (i === last && open ? `${w}:*` : w)).join(' & ');
}
