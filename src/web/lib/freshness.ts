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

/** Null for a job not read from a company's site; `now` is passed so server and client agree. */
export function freshnessOf(lastSeenAt: string | null | undefined, now: number): Freshness | null {
  if (!lastSeenAt) return null;
  const seen = new Date(lastSeenAt).getTime();
  if (Number.isNaN(seen)) return null;
  const unseen = now - seen;
  const days = Math.floor(unseen / DAY);
  return {
    verified: `Verified on the company's site ${formatRelative(lastSeenAt, now)}`,
    stale:
      unseen > STALE_AFTER_MS
        ? `Not seen on the company's site for ${days >= 2 ? `${days} days` : 'over a day'}`
        : null,
  };
}
