// Turns what a visitor typed into a PostgreSQL tsquery over the words the search trigger stores
// (lower-case ASCII letters and digits): every word must match, the last one as a prefix so that
// "reac" already finds React. Not a single letter, though, nor a word the text goes on past:
// "c++" or "c#" is the word c, where c:* would find every Cloud, Contract and Customer job.
// Two words typed apart may be one word in the job ("front-end" or "front end" for Frontend,
// "java script"): each pair of neighbours may also match as one word. A place's other common name
// ("Bangalore", "Gurgaon", "UK") also finds the name the data uses (filters/place-names.ts, the
// Location box's list too); a job's work mode and a fresher's level are words of the job itself
// (drizzle/0024).
import { normalizeSearch, searchWords } from '../../../../shared/text.ts';
import { placeWords } from '../../filters/place-names.ts';

const MAX_WORDS = 8;

/** The tsquery text for `to_tsquery('simple', …)`, or null when no word is left. */
export function toPrefixTsquery(text: string): string | null {
  const words = searchWords(text).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  const open = words.at(-1)!.length > 1 && /[a-z0-9]$/.test(normalizeSearch(text));
  // A last word joined to the one before it is matched whole, not as a prefix: PostgreSQL
  // estimates a rare joined prefix as common, and at a million jobs "data engineer" then walked
  // the whole newest-first index (3–5 s, past the statement bound) for its 8,890 matches, which
  // its GIN index reads in 0.5 s. "data engin" still finds Data Engineer by its two words.
  const term = (w: string, prefix: boolean) => {
    const own = prefix ? `${w}:*` : w;
    const other = placeWords(w);
    return other ? `(${own} | (${other.join(' & ')}))` : own;
  };
  const all = (list: string[], joinedLast = false) =>
    list.map((w, i) => term(w, i === list.length - 1 && open && !joinedLast)).join(' & ');
  if (words.length === 1) return all(words);
  const joined = words
    .slice(1)
    .map((_, i) =>
      all(
        [...words.slice(0, i), words[i]! + words[i + 1]!, ...words.slice(i + 2)],
        i === words.length - 2,
      ),
    );
  return [all(words), ...joined].map((v) => `(${v})`).join(' | ');
}
