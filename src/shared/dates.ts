// A day as every page and e-mail writes it: "1 Dec 2026", in UTC (the board's dates are UTC days).
// Written out by hand rather than with Intl: a page's first Intl formatter costs the browser 15–25
// ms of locale-data loading in one piece (issue 7), and en-GB's own short month for September is
// "Sept", not the "Sep" the pages show.

const MONTHS = 'JanFebMarAprMayJunJulAugSepOctNovDec';

/** "21 Nov 2026". */
export function formatDay(date: Date): string {
  const month = date.getUTCMonth() * 3;
  return `${date.getUTCDate()} ${MONTHS.slice(month, month + 3)} ${date.getUTCFullYear()}`;
}
