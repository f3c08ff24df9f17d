// The monogram the app draws for a company (its initials on a colour of its own): the server
// serves it as /logos/<id>.svg for the API, link previews and structured data, and the pages draw
// the same monogram with HTML and CSS, which costs the browser no request and no SVG document.

/** Hue from the id by the golden angle, so neighbouring companies get clearly different colours. */
export function logoHue(companyId: number): number {
  return (companyId * 137.508) % 360;
}

/** Saturation and lightness of the monogram's gradient, top-left to bottom-right (app.css too). */
export const LOGO_SATURATION = 0.6;
export const LOGO_LIGHTNESS = [0.34, 0.26] as const;

const SMALL_WORDS = new Set(['and', 'of', 'the', 'de', 'da', 'du', '&']);

/** Up to two capital letters from the first words of the name: "Thistle & Loom" → "TL". */
export function initials(name: string): string {
  const words = name
    .split(/\s+/)
    .filter((w) => w && !SMALL_WORDS.has(w.toLowerCase()))
    .map((w) => Array.from(w.replace(/^[^\p{L}\p{N}]+/u, ''))[0] ?? '')
    .filter(Boolean);
  return (words.slice(0, 2).join('') || '?').toLocaleUpperCase();
}

/** A monogram's letter size in 128ths of its side: smaller for two letters than for one. */
export function monogramFontSize(letters: string): number {
  return letters.length > 1 ? 50 : 60;
}

const OWN_LOGO = /^\/logos\/([1-9]\d{0,8})\.svg$/;

/** The company id when a logo address is the app's own monogram (`/logos/<id>.svg`), else null. */
export function ownLogoId(logoUrl: string): number | null {
  const match = OWN_LOGO.exec(logoUrl);
  return match ? Number(match[1]) : null;
}
