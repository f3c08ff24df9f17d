import { describe, expect, it } from 'vitest';
import { chooseDriver, type Filters, reachBucket } from './listing-sql.ts';

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

describe('chooseDriver (whose index finds a filtered page)', () => {
  // Matches per filter value or pair as the counts table would have them; 0: under the exact limit.
  const sizes: Record<string, number> = {
    'role=1': 80_000,
    'location=2': 19_000,
    'experienceLevel=3': 137_000,
    'company=4': 0,
    'location=2&role=1': 1_700,
    'experienceLevel=3&role=1': 11_700,
    'experienceLevel=3&location=2': 3_100,
  };
  const sizeOf = (f: Filters) =>
    sizes[
      Object.entries(f)
        .map(([k, v]) => `${k}=${v}`)
        .sort()
        .join('&')
    ] ?? 0;
  const drive = (f: Filters) => chooseDriver(f, sizeOf);

  it('needs two filters: one filter uses its own index', () => {
    expect(drive({})).toBeNull();
    expect(drive({ role: 1 })).toBeNull();
  });

  it('takes the indexed pair when it is smaller than either filter alone', () => {
    expect(drive({ role: 1, location: 2 })).toEqual(['role', 'location']);
    expect(drive({ role: 1, experienceLevel: 3 })).toEqual(['role', 'experienceLevel']);
    // Three filters: the smallest of the three pairs and the three filters.
    expect(drive({ role: 1, location: 2, experienceLevel: 3 })).toEqual(['role', 'location']);
  });

  it('takes a single filter when it is the smallest, and a pair when sizes tie', () => {
    expect(drive({ company: 4, role: 1 })).toEqual(['company']);
    expect(drive({ company: 4, role: 1, location: 2 })).toEqual(['company']);
    // Nothing counted yet (every size 0): a pair, since its index serves two conditions.
    expect(chooseDriver({ company: 4, role: 1, location: 2 }, () => 0)).toEqual([
      'role',
      'location',
    ]);
  });

  it("has no pair index with the company: a company's jobs are few", () => {
    expect(drive({ company: 9, role: 9 })).toEqual(['company']);
  });
});
