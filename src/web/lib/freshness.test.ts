import { describe, expect, it } from 'vitest';
import { freshnessOf } from './freshness.ts';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const HOUR = 3_600_000;

describe('freshnessOf', () => {
  it('says nothing for a job not read from a company site', () => {
    expect(freshnessOf(null, NOW)).toBeNull();
    expect(freshnessOf(undefined, NOW)).toBeNull();
    expect(freshnessOf('not a date', NOW)).toBeNull();
  });

  it('names the time of the last sighting honestly', () => {
    expect(freshnessOf(ago(20_000), NOW)).toEqual({
      verified: "Verified on the company's site just now",
      stale: null,
    });
    expect(freshnessOf(ago(12 * 60_000), NOW)?.verified).toBe(
      "Verified on the company's site 12 minutes ago",
    );
    expect(freshnessOf(ago(3 * HOUR), NOW)?.verified).toBe(
      "Verified on the company's site 3 hours ago",
    );
  });

  it('says how long a job went unseen once it is more than a day', () => {
    expect(freshnessOf(ago(24 * HOUR), NOW)?.stale).toBeNull();
    expect(freshnessOf(ago(30 * HOUR), NOW)?.stale).toBe(
      "Not seen on the company's site for over a day",
    );
    expect(freshnessOf(ago(50 * HOUR), NOW)?.stale).toBe(
      "Not seen on the company's site for 2 days",
    );
  });
});
