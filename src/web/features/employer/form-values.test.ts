import { describe, expect, it } from 'vitest';
import { hasContent } from './form-values.ts';

describe('hasContent', () => {
  const untouched = { title: '', noOfOpening: '1', salaryMode: 'range', skills: [], cityId: '' };

  it('is false for what an untouched form sends, spaces, empty list items and a city request', () => {
    expect(hasContent({})).toBe(false);
    expect(hasContent(untouched)).toBe(false);
    expect(hasContent({ ...untouched, title: '  ', skills: ['', ' '] })).toBe(false);
    expect(hasContent({ ...untouched, cityRequest: 'Atlantis' })).toBe(false);
  });

  it('is true once a field changes from its default or a list item has text', () => {
    expect(hasContent({ ...untouched, title: 'Kiln Operator' })).toBe(true);
    expect(hasContent({ ...untouched, noOfOpening: '2' })).toBe(true);
    expect(hasContent({ ...untouched, salaryMode: 'none' })).toBe(true);
    expect(hasContent({ ...untouched, cityLabel: 'Pune' })).toBe(true);
    expect(hasContent({ ...untouched, skills: ['', 'Glazing'] })).toBe(true);
  });
});
