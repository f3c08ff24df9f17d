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

  it('also finds a place by its other common name, as a whole word only', () => {
    expect(toPrefixTsquery('Bangalore')).toBe('(bangalore:* | (bengaluru))');
    expect(toPrefixTsquery('designer uk')).toBe(
      '(designer & (uk:* | (united & kingdom))) | (designeruk)',
    );
    expect(toPrefixTsquery('bangal')).toBe('bangal:*');
    expect(toPrefixTsquery('constructor')).toBe('constructor:*');
  });

  it("takes the Location box's list of other names (filters/place-names.ts)", () => {
    // Names the Location box learnt first: the keyword finds them too.
    expect(toPrefixTsquery('cologne')).toBe('(cologne:* | (koln))');
    expect(toPrefixTsquery('nyc')).toBe('(nyc:* | (new & york & city))');
    expect(toPrefixTsquery('Deutschland')).toBe('(deutschland:* | (germany))');
    // Both spellings of Munich; a name whose own words hold the typed one adds nothing.
    expect(toPrefixTsquery('munich')).toBe('(munich:* | (munchen))');
    expect(toPrefixTsquery('delhi')).toBe('delhi:*');
  });
});
