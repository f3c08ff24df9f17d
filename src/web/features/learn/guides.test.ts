import { describe, expect, it } from 'vitest';
import { findGuide, guides } from './guides.ts';

describe('learn guides', () => {
  it('has at least three guides with unique, URL-safe slugs', () => {
    expect(guides.length).toBeGreaterThanOrEqual(3);
    const slugs = guides.map((g) => g.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('gives every guide real content', () => {
    for (const g of guides) {
      expect(g.sections.length).toBeGreaterThanOrEqual(3);
      expect(g.summary.length).toBeGreaterThan(40);
    }
  });

  it('finds a guide by slug and nothing for an unknown one', () => {
    expect(findGuide('preparing-for-interviews')?.title).toBe('Preparing for interviews');
    expect(findGuide('nope')).toBeUndefined();
  });
});
