// Text normalisation shared by the suggestion queries, the keyword search and the data that feeds
// them, so the server and the pages read a visitor's words the same way.

/** Lower case, accents stripped, spaces folded: "São Paulo " → "sao paulo". */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

// Letters that have no combining accent to strip; the search trigger's translate() folds them the
// same way.
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

/**
 * The words of a keyword that search can match: the search index holds lower-case ASCII letters
 * and digits, so "Café C++" → ["cafe", "c"], and text in another script ("नौकरी") has none.
 */
export function searchWords(text: string): string[] {
  return normalizeSearch(text)
    .replace(/[ßøđłæœħı]/g, (c) => FOLDS[c] ?? c)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Why a keyword with no word search can match finds nothing: the API's error, the listing's note. */
export const NO_SEARCH_WORDS =
  'Search matches words written in Latin letters (a–z) and digits, and this search has none';

const MARKUP_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe inside HTML or XML, in element content and in quoted attributes alike. */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => MARKUP_ENTITIES[ch] ?? ch);
}

/** Paragraphs of a description as the pages show them: split at blank lines. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * A plain-text description as the simple HTML that search engines and job aggregators read:
 * each paragraph escaped in a <p>, its single line breaks as <br>.
 */
export function paragraphsHtml(text: string): string[] {
  return paragraphs(text).map((p) => `<p>${escapeMarkup(p).replace(/\r?\n/g, '<br>')}</p>`);
}
