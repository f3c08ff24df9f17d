import { describe, expect, it } from 'vitest';
import { reachBucket } from './listing-query.ts';

describe('reachBucket (how far a deep page walks the listing index)', () => {
  it('covers the page and walks at most 25% further', () => {
    const wrong: number[] = [];
    for (let rows = 2; rows <= 200_000; rows++) {
      const bucket = reachBucket(rows);
      if (bucket < rows || bucket > Math.ceil(rows * 1.25)) wrong.push(rows);
    }
    expect(wrong).toEqual([]);
    expect(reachBucket(500 * 10 + 1)).toBe(5120);
  });

  it('needs four statements per doubling of the depth', () => {
    const buckets = new Set<number>();
    for (let rows = 2 ** 10 + 1; rows <= 2 ** 20; rows++) buckets.add(reachBucket(rows));
    expect(buckets.size).toBe(4 * 10);
  });
});
