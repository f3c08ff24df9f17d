// Serialises structured data for an inline <script type="application/ld+json">. JSON.stringify
// alone lets a "</script>" inside a job description close the element and inject markup, so every
// character that HTML or JavaScript parsers treat specially is written as a \u escape (still the
// same JSON value for any JSON reader).

const unsafe: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => unsafe[ch] ?? ch);
}
