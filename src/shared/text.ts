// Text normalisation shared by the suggestion queries and the data that feeds them.

/** Lower case, accents stripped, spaces folded: "São Paulo " → "sao paulo". */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
