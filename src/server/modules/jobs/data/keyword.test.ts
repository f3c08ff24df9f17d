import { describe, expect, it } from 'vitest';
import { toPrefixTsquery } from './keyword.ts';

describe('toPrefixTsquery', () => {
  it('matches every word, the last as a prefix, and nothing when no word is left', () => {
    expect(toPrefixTsquery('React')).toBe('react:*');
    expect(toPrefixTsquery('c++')).toBe('c');
    expect(toPrefixTsquery('react.')).toBe('react');
    expect(toPrefixTsquery('-- ++')).toBeNull();
  });

  it('lets each pair of neighbouring words match as one word too, a joined last word whole', () => {
    expect(toPrefixTsquery('front-end')).toBe('(front & end:*) | (frontend)');
    expect(toPrefixTsquery('senior front end')).toBe(
      '(senior & front & end:*) | (seniorfront & end:*) | (senior & frontend)',
    );
    expect(toPrefixTsquery('data engineer')).toBe('(data & engineer:*) | (dataengineer)');
  });
});
