// The board name in what an owner pastes on Job sources: the name itself, or the address of the
// board (https://boards.greenhouse.io/acme, jobs.lever.co/acme, acme.recruitee.com, …), from which
// the name and the system are taken.
import type { AtsSourceName } from './sources/types.ts';

/** Where each system puts the board name: as the first path word, or as the subdomain. */
const ADDRESSES: { source: AtsSourceName; host: RegExp; in: 'path' | 'subdomain' }[] = [
  { source: 'greenhouse', host: /^(job-)?boards(\.eu)?\.greenhouse\.io$/, in: 'path' },
  { source: 'greenhouse', host: /^boards-api\.greenhouse\.io$/, in: 'path' },
  { source: 'lever', host: /^jobs(\.eu)?\.lever\.co$/, in: 'path' },
  { source: 'lever', host: /^api(\.eu)?\.lever\.co$/, in: 'path' },
  { source: 'ashby', host: /^jobs\.ashbyhq\.com$/, in: 'path' },
  { source: 'ashby', host: /^api\.ashbyhq\.com$/, in: 'path' },
  { source: 'recruitee', host: /^[^.]+\.recruitee\.com$/, in: 'subdomain' },
  { source: 'smartrecruiters', host: /^(jobs|careers)\.smartrecruiters\.com$/, in: 'path' },
  { source: 'smartrecruiters', host: /^api\.smartrecruiters\.com$/, in: 'path' },
  { source: 'workable', host: /^apply\.workable\.com$/, in: 'path' },
  { source: 'workable', host: /^(?!apply\.|www\.)[^.]+\.workable\.com$/, in: 'subdomain' },
  { source: 'personio', host: /^[^.]+\.jobs\.personio\.(de|com)$/, in: 'subdomain' },
];

/** Path words of the systems' API addresses that come before the board name. */
const API_PREFIX = /^(v\d+|boards|postings|posting-api|job-board|companies|api|widget|accounts)$/i;

/**
 * The board name and its system when `input` is a board address we know; null when it is not an
 * address (then it is taken as the name itself).
 */
export function boardFromAddress(input: string): { source: AtsSourceName; board: string } | null {
  const text = input.trim();
  if (!/[./]/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const known = ADDRESSES.find((a) => a.host.test(host));
  if (!known) return null;
  const board =
    known.in === 'subdomain'
      ? host.split('.')[0]!
      : (url.pathname
          .split('/')
          .map((w) => decodeURIComponentSafe(w))
          .find((w) => w !== '' && !API_PREFIX.test(w)) ?? '');
  return { source: known.source, board };
}

function decodeURIComponentSafe(word: string) {
  try {
    return decodeURIComponent(word);
  } catch {
    return word;
  }
}
