// How fresh a job read from its company's own careers site is (the ATS sync's last sighting):
// "Verified on the company's site 3 hours ago", and past a day unseen, how long it has been.
import { formatRelative } from './format.ts';

const DAY = 86_400_000;
/** Past this without a sighting, cards and the job page say so. */
export const STALE_AFTER_MS = DAY;

export interface Freshness {
  verified: string;
  /** Set when the job was not seen on the company's site for more than a day. */
  stale: string | null;
}

/** "Not seen on the company's site for 2 days" past a day unseen, else null (job cards). */
export function staleText(lastSeenAt: string | null | undefined, now: number): string | null {
  const unseen = lastSeenAt ? now - new Date(lastSeenAt).getTime() : NaN;
  if (!(unseen > STALE_AFTER_MS)) return null;
  const days = Math.floor(unseen / DAY);
  return `Not seen on the company's site for ${days >= 2 ? `${days} days` : 'over a day'}`;
}

/** Null for a job not read from a company's site; `now` is passed so server and client agree. */
export function freshnessOf(lastSeenAt: string | null | undefined, now: number): Freshness | null {
  if (!lastSeenAt || Number.isNaN(new Date(lastSeenAt).getTime())) return null;
  return {
    verified: `Verified on the company's site ${formatRelative(lastSeenAt, now)}`,
    stale: staleText(lastSeenAt, now),
  };
}
